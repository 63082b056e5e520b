import { isController, type ProtocolError, skipTally } from '@xemchung/protocol';
import { useId, useState } from 'react';
import { useAlert } from '../../components/alertContext.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRoomSession } from '../room/roomSession.ts';
import { useCommandAlert } from '../room/useCommandAlert.ts';
import { usePresence } from '../room/usePresence.ts';
import { useMay, useRole } from '../room/useRole.ts';
import { useRoomState } from '../room/useRoomState.ts';

/**
 * Vote to skip under the player (R69), for every viewer while the host lets them vote and something plays: a
 * toggle button (pressed while this person's vote stands, from any of their tabs) with the count — the votes of
 * the people present out of the people present (R66), live as votes and people change. The same count, with the
 * votes needed, describes the button and is said politely to screen readers when it changes while anyone has
 * voted.
 */
export function VoteSkipButton() {
  const { t } = useTranslation();
  const { client } = useRoomSession();
  const room = useRoomState();
  const viewers = usePresence();
  const allowed = useMay('vote:skip');
  const controller = isController(useRole());
  const alert = useAlert();
  const alertRefusal = useCommandAlert();
  const tallyId = useId();
  const [sending, setSending] = useState(false);
  const id = room?.current_video.id ?? '';
  if (!room || !allowed || id === '') return null;

  const present = new Set(viewers.map((viewer) => viewer.key));
  // This tab is in the room before the first list names it.
  if (client.personKey !== null) present.add(client.personKey);
  const tally = skipTally(room.skipVotes, present);
  // A host (or co-host) alone has nobody to ask: they skip with the playlist, not with 'Bỏ qua 0/1'.
  if (tally.present <= 1 && controller) return null;
  const mine = client.personKey !== null && room.skipVotes.includes(client.personKey);
  const sentence = t('player.voteSkipTally', { ...tally });

  const refused = (error: ProtocolError) => {
    if (error.code === 'version_conflict') alert(t('player.voteSkipStale'));
    else if (error.code === 'rate_limited') alert(t('player.voteSkipTooFast'));
    else if (error.code === 'address_voted') alert(t('player.voteSkipAddressVoted'));
    else alertRefusal(error);
  };
  const toggle = async () => {
    if (sending) return;
    setSending(true);
    const ack = await client.voteSkip(id, !mine);
    setSending(false);
    if (!ack.ok) refused(ack.error);
  };

  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        aria-pressed={mine}
        aria-describedby={tallyId}
        onClick={() => void toggle()}
        className="inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 py-1 text-sm text-neutral-200 ring-1 ring-white/15 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400 aria-pressed:bg-violet-600 aria-pressed:text-white"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M3 4.5v11l8-5.5-8-5.5Zm8 0v11l6.5-4.47V15.5h1.5v-11h-1.5v4.47L11 4.5Z" />
        </svg>
        <span>{t('player.voteSkip')}</span>{' '}
        <span className="tabular-nums">
          {t('player.voteSkipCount', { votes: tally.votes, present: tally.present })}
        </span>
      </button>
      <p id={tallyId} className="sr-only">
        {sentence}
      </p>
      {/* Said only while someone has voted: people coming and going alone are not worth interrupting for. */}
      <p role="status" className="sr-only">
        {tally.votes > 0 ? sentence : ''}
      </p>
    </div>
  );
}
