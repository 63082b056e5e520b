import { callMembersMax, isController } from '@xemchung/protocol';
import { useState } from 'react';
import { useAlert } from '../../components/alertContext.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useStore } from '../../lib/createStore.ts';
import { sfuEnabled } from '../clientConfig/clientConfigStore.ts';
import { duckingWanted, setDuckingWanted } from '../room/callVoices.ts';
import { useRoomSession } from '../room/roomSession.ts';
import { useRole } from '../room/useRole.ts';
import { useRoomState } from '../room/useRoomState.ts';
import { CallTile } from './CallTile.tsx';
import type { CallJoinProblem } from './callSession.ts';
import { useCallSession } from './useCallSession.ts';

const PROBLEM_TEXTS = ['denied', 'noDevice', 'call_restricted', 'call_full', 'invalid_target'] as const;
type ProblemText = (typeof PROBLEM_TEXTS)[number] | 'failed';
const problemText = (problem: CallJoinProblem): ProblemText =>
  (PROBLEM_TEXTS as readonly string[]).includes(problem) ? (problem as ProblemText) : 'failed';

const CONTROL =
  'inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 py-1 text-sm text-neutral-200 ring-1 ring-white/15 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400 disabled:opacity-60';

/**
 * The room's call (R127), at the top of the side panel: a strip of tiles under the room's name on a phone, in the
 * side panel on a desktop. Whoever the room's callPolicy admits joins with the microphone (and the camera if they
 * tick it), turns either off and on, and leaves; each sets the others' volumes for themselves; the host and co-hosts
 * mute anyone for everyone (the host only by the host). Nothing shows while the host has the call off.
 */
export function CallStrip() {
  const { t } = useTranslation();
  const { client } = useRoomSession();
  const room = useRoomState();
  const controller = isController(useRole());
  const showAlert = useAlert();
  const { session, view } = useCallSession(client);
  const [withCamera, setWithCamera] = useState(false);
  const [joining, setJoining] = useState(false);
  const [volumes, setVolumes] = useState<Record<string, number>>({});
  const ducking = useStore(duckingWanted);
  const policy = room?.settings.callPolicy ?? 'off';
  const admitted = policy === 'everyone' || (policy === 'signedIn' && client.uid !== null);
  if (!room || !session || policy === 'off' || (!admitted && view.members.length === 0)) return null;

  const mine = view.members.find((member) => member.peer === view.me);
  const alertProblem = (problem: CallJoinProblem | null) => {
    if (problem) showAlert(t(`call.errors.${problemText(problem)}`, { max: callMembersMax(sfuEnabled()) }));
  };
  const join = async () => {
    setJoining(true);
    try {
      alertProblem(await session.join(withCamera));
    } finally {
      setJoining(false);
    }
  };
  const mute = async (peer: string) => {
    const ack = await client.muteInCall(peer);
    if (!ack.ok) alertProblem(ack.error.code);
  };

  return (
    <section aria-label={t('call.title')} className="flex flex-col gap-2 rounded-xl border border-white/10 p-3">
      <div className="flex items-baseline gap-2">
        <h2 className="text-sm font-semibold text-white">{t('call.title')}</h2>
        {view.members.length > 0 && (
          <span className="text-xs text-neutral-400">{t('call.count', { count: view.members.length })}</span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {mine ? (
          <>
            <button type="button" className={CONTROL} onClick={() => session.setAudio(!mine.audio)}>
              {mine.audio ? t('call.micOff') : t('call.micOn')}
            </button>
            <button
              type="button"
              className={CONTROL}
              onClick={async () => alertProblem(await session.setVideo(!mine.video))}
            >
              {mine.video ? t('call.camOff') : t('call.camOn')}
            </button>
            <button type="button" className={`${CONTROL} text-red-200`} onClick={() => session.leave()}>
              {t('call.leave')}
            </button>
            <label className="flex min-h-9 cursor-pointer items-center gap-1.5 text-sm text-neutral-300">
              <input
                type="checkbox"
                checked={ducking}
                onChange={(event) => setDuckingWanted(event.target.checked)}
                className="size-4 accent-violet-500"
              />
              {t('call.duckFilm')}
            </label>
          </>
        ) : (
          admitted && (
            <>
              <label className="flex min-h-9 cursor-pointer items-center gap-1.5 text-sm text-neutral-300">
                <input
                  type="checkbox"
                  checked={withCamera}
                  onChange={(event) => setWithCamera(event.target.checked)}
                  className="size-4 accent-violet-500"
                />
                {t('call.joinWithCamera')}
              </label>
              <button
                type="button"
                disabled={joining}
                onClick={() => void join()}
                className="inline-flex min-h-9 items-center rounded-full bg-emerald-700 px-4 text-sm font-semibold text-white hover:bg-emerald-600 focus-visible:outline-2 focus-visible:outline-emerald-300 disabled:opacity-60"
              >
                {joining ? t('call.joining') : t('call.join')}
              </button>
            </>
          )
        )}
      </div>
      {!admitted && <p className="text-xs text-neutral-400">{t('call.signedInOnly')}</p>}
      {view.members.length > 0 && (
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {view.members.map((member) => {
            const self = member.peer === view.me;
            const mayMute = controller && member.audio && (member.by.uid !== room.host || client.uid === room.host);
            return (
              <CallTile
                key={member.peer}
                member={member}
                stream={view.streams.get(member.peer)}
                mine={self}
                {...(self
                  ? {}
                  : {
                      volume: volumes[member.peer] ?? 1,
                      onVolume: (volume: number) => setVolumes((all) => ({ ...all, [member.peer]: volume })),
                    })}
                {...(mayMute && !self ? { onMute: () => void mute(member.peer) } : {})}
              />
            );
          })}
        </ul>
      )}
    </section>
  );
}
