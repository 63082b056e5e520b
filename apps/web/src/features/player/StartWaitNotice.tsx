import { waitingFor } from '@xemchung/protocol';
import { useEffect, useReducer, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRoomSession } from '../room/roomSession.ts';
import { useCommandAlert } from '../room/useCommandAlert.ts';
import { usePersonName } from '../room/usePersonName.ts';
import { usePresence } from '../room/usePresence.ts';
import { useMay } from '../room/useRole.ts';
import { useRoomState } from '../room/useRoomState.ts';

/**
 * R122: while the room's start waits for players still loading, everyone sees whom it waits for ('Đang chờ Lan và
 * 2 người khác tải video…'), and a controller can start at once. Gone when the start comes, by the clock: the room
 * sends nothing when the bound passes.
 */
export function StartWaitNotice() {
  const { t } = useTranslation();
  const { client } = useRoomSession();
  const room = useRoomState();
  const viewers = usePresence();
  const nameOf = usePersonName();
  const mayStart = useMay('playback:start');
  const alertRefusal = useCommandAlert();
  const [starting, setStarting] = useState(false);
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const serverNow = client.clock.serverNow();
  const waiting = room ? waitingFor(room, serverNow) : [];
  const startsAt = room?.current_video.updated_at ?? 0;
  const waits = waiting.length > 0;

  // Looked at again when the start comes.
  useEffect(() => {
    if (!waits) return;
    const timer = setTimeout(rerender, Math.max(0, startsAt - client.clock.serverNow()) + 1);
    return () => clearTimeout(timer);
  }, [waits, startsAt, client]);

  if (!room || !waits) return null;
  const named = waiting.flatMap((key) => viewers.find((viewer) => viewer.key === key) ?? []);
  const first = named[0];
  const others = waiting.length - 1;
  let sentence: string;
  // This viewer is told it is the one loading, not shown its own name.
  if (client.personKey !== null && waiting.includes(client.personKey)) {
    sentence = others === 0 ? t('player.startWaitYou') : t('player.startWaitYouMany', { count: others });
  } else if (!first) sentence = t('player.startWaitNobodyNamed', { count: waiting.length });
  else if (waiting.length === 1) sentence = t('player.startWaitOne', { name: nameOf(first) });
  else sentence = t('player.startWaitMany', { name: nameOf(first), count: others });

  const startNow = async () => {
    setStarting(true);
    const ack = await client.startNow(room.current_video.id);
    setStarting(false);
    if (!ack.ok) alertRefusal(ack.error);
  };

  return (
    <div className="flex flex-wrap items-center gap-3 px-4 pt-2 sm:px-0">
      <p role="status" className="text-sm text-neutral-200">
        {sentence}
      </p>
      {mayStart && (
        <Button loading={starting} onClick={startNow} className="min-h-10 px-4 py-1.5 text-sm">
          {t('player.startNow')}
        </Button>
      )}
    </div>
  );
}
