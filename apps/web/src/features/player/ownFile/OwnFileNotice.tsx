import type { Video } from '@xemchung/protocol';
import { useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useRoomSession } from '../../room/roomSession.ts';
import { usePresence } from '../../room/usePresence.ts';
import { MEDIA_FILE_ACCEPT } from './ShareFileButton.tsx';
import { holdOwnCopy, type ShareRefusal } from './shareOwnFile.ts';
import { useOwnFileSwarms } from './useOwnFileSwarms.ts';

/**
 * Under the player while a shared file plays (R118, R120): that its sharer left and what the room will do; for the
 * sharer back after a reload, a picker to share it again; for anyone else, 'Tôi có tệp này' to play their own copy.
 */
export function OwnFileNotice({ video }: { video: Video }) {
  const { t } = useTranslation();
  const { client } = useRoomSession();
  const swarms = useOwnFileSwarms();
  const swarm = swarms.swarmOf(video);
  const viewers = usePresence();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<ShareRefusal | null>(null);
  const held = useSyncExternalStore(
    (listener) => swarm?.onHold(listener) ?? (() => {}),
    () => swarm?.holds ?? false,
  );
  const file = video.file;
  if (!file) return null;
  const mine = file.sharer === client.personKey;
  const sharerHere = viewers.some((viewer) => viewer.key === file.sharer);

  const choose = async (picked: File | undefined) => {
    if (!picked) return;
    setProblem(await holdOwnCopy(swarms, video, picked));
    if (input.current) input.current.value = '';
  };
  const label = mine ? t('ownFile.reshare', { name: file.name }) : t('ownFile.haveCopy');

  return (
    <div className="flex flex-col gap-2 px-4 pt-2 text-sm sm:px-0">
      {!sharerHere && viewers.length > 0 && (
        <p role="status" className="text-amber-200">
          {t('ownFile.sharerAway')}
        </p>
      )}
      {held ? (
        !mine && <p className="text-neutral-400">{t('ownFile.usingCopy')}</p>
      ) : (
        <label
          title={mine ? undefined : t('ownFile.haveCopyHint')}
          className="inline-flex min-h-9 w-fit cursor-pointer items-center gap-1.5 rounded-full px-3 py-1 text-neutral-200 ring-1 ring-white/15 hover:bg-white/10 hover:text-white has-focus-visible:outline-2 has-focus-visible:outline-violet-400"
        >
          <span>{label}</span>
          <input
            ref={input}
            type="file"
            accept={MEDIA_FILE_ACCEPT}
            data-testid="own-copy-input"
            className="sr-only"
            onChange={(event) => void choose(event.currentTarget.files?.[0])}
          />
        </label>
      )}
      {problem && (
        <p role="alert" className="text-red-300">
          {t(`ownFile.errors.${problem}`)}
        </p>
      )}
    </div>
  );
}
