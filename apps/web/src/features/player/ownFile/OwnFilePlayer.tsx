import type { Video } from '@xemchung/protocol';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { MediaPlayer, type PlayerProps } from '../MediaPlayer.tsx';
import type { CueSize } from '../subtitles/subtitleChoice.ts';
import type { TrackSource } from '../subtitles/useSubtitleTrack.ts';
import { ownFileUrl, ownFileWorkerReady } from './ownFileWorker.ts';
import { useOwnFileSwarms } from './useOwnFileSwarms.ts';

interface OwnFilePlayerProps extends PlayerProps {
  video: Video;
  subtitles: TrackSource | null;
  cueSize: CueSize;
}

/**
 * A file shared from someone's device (R117, R119), in this viewer's own media element so the room's sync drives
 * it like a direct link: from the file itself when this tab holds it (the sharer's, or a copy chosen from disk),
 * otherwise from /own-file/<id>, which the service worker answers with bytes fetched from the peers that hold it.
 */
export function OwnFilePlayer({ video, subtitles, cueSize, ...playerProps }: OwnFilePlayerProps) {
  const { t } = useTranslation();
  const swarm = useOwnFileSwarms().swarmOf(video);
  const held = useSyncExternalStore(
    (listener) => swarm?.onHold(listener) ?? (() => {}),
    () => swarm?.file ?? null,
  );
  const [workerReady, setWorkerReady] = useState<boolean | null>(null);
  const [localUrl, setLocalUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!swarm || held) return;
    swarm.want();
    let live = true;
    void ownFileWorkerReady().then((ready) => {
      if (live) setWorkerReady(ready);
    });
    return () => {
      live = false;
    };
  }, [swarm, held]);

  useEffect(() => {
    if (!held) return;
    const url = URL.createObjectURL(held);
    setLocalUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [held]);

  const audio = video.file?.mime.startsWith('audio/') ?? false;
  const url = held ? localUrl : workerReady ? `${window.location.origin}${ownFileUrl(video.id)}` : null;
  if (workerReady === false && !held) {
    return (
      <div className="flex size-full items-center justify-center p-6 text-center">
        <p className="max-w-md font-medium text-white">{t('ownFile.noWorker')}</p>
      </div>
    );
  }
  if (url === null) return <div className="size-full bg-black" />;
  return (
    <MediaPlayer
      key={url}
      url={url}
      audio={audio}
      title={video.title}
      subtitles={subtitles}
      cueSize={cueSize}
      {...playerProps}
    />
  );
}
