import type { Video } from '@xemchung/protocol';
import { type RefObject, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useStore } from '../../lib/createStore.ts';
import { DUCKED_VOLUME, filmDucked } from '../room/callVoices.ts';
import { useRoomSession } from '../room/roomSession.ts';
import { lazyPlayer } from './lazyPlayer.tsx';
import { LoadWatchdog } from './loadWatchdog.ts';
import { MediaPlayer } from './MediaPlayer.tsx';
import { OwnFilePlayer } from './ownFile/OwnFilePlayer.tsx';
import { PlayerStatus } from './playerStatus.ts';
import { useShownSubtitles } from './subtitles/useShownSubtitles.ts';
import type { PlayerAdapter, PlayerEvent } from './types.ts';
import { UnmuteButton } from './UnmuteButton.tsx';
import { usePlaybackSync } from './usePlaybackSync.ts';
import type { StatusReader } from './useSyncReport.ts';
import { YouTubePlayer } from './YouTubePlayer.tsx';

// The other embedded players load with their first video (R75), keeping the room route's own chunk small.
const VimeoPlayer = lazyPlayer(async () => (await import('./VimeoPlayer.tsx')).VimeoPlayer);
const DailymotionPlayer = lazyPlayer(async () => (await import('./DailymotionPlayer.tsx')).DailymotionPlayer);
const SoundCloudPlayer = lazyPlayer(async () => (await import('./SoundCloudPlayer.tsx')).SoundCloudPlayer);

export interface VideoStageProps {
  video: Video;
  muted: boolean;
  onMutedChange: (muted: boolean) => void;
  /** Whether the playlist has a video after this one (what a controller's player moves on to after an error). */
  hasNext: boolean;
  /**
   * The host or a co-host: this player drives the room, with controls (R31, R55). A grant or a revoke changes it in
   * place: the stage and its sync carry on, the sync swapping follower for controller (usePlaybackSync); a media
   * element stays the same, an embedded player is made again with or without its controls.
   */
  controller: boolean;
  /** Where this stage puts how its player is doing, for the viewer's sync reports (R53). */
  statusReader: RefObject<StatusReader | null>;
}

/**
 * One video of the room on screen: the player its source needs (YouTube or HTML5 media), kept on the room's
 * timeline, with an unmute button while muted, a note when the video cannot be played, a retry when HTML5 media
 * does not load (R89), and a tap to resume when the browser paused it in a hidden tab (R88).
 */
export function VideoStage({ video, muted, onMutedChange, hasNext, controller, statusReader }: VideoStageProps) {
  const { t } = useTranslation();
  const { client } = useRoomSession();
  const [failed, setFailed] = useState(false);
  const [loadTimedOut, setLoadTimedOut] = useState(false);
  const [browserPaused, setBrowserPaused] = useState(false);
  /** Bumped by the retry of R89: a fresh media element loads the source again. */
  const [attempt, setAttempt] = useState(0);
  const adapter = useRef<PlayerAdapter | null>(null);
  const [status] = useState(() => new PlayerStatus());
  const [watchdog] = useState(() => new LoadWatchdog(setLoadTimedOut));
  const sync = usePlaybackSync(
    client,
    video.id,
    controller,
    () => {
      status.playRefused();
      onMutedChange(true);
    },
    (paused) => {
      if (paused) status.browserPaused();
      setBrowserPaused(paused);
    },
  );
  useEffect(() => {
    statusReader.current = () =>
      status.read(adapter.current, client.state?.current_video ?? null, client.clock.serverNow());
    return () => {
      statusReader.current = null;
    };
  }, [statusReader, status, client]);

  const onAttach = useCallback(
    (player: PlayerAdapter | null) => {
      adapter.current = player;
      if (player && filmDucked.get()) player.duck?.(DUCKED_VOLUME);
      if (player) sync.attach(player);
      else sync.detach();
      if (player?.kind === 'media') watchdog.start();
      else watchdog.stop();
    },
    [sync, watchdog],
  );
  useEffect(() => () => watchdog.stop(), [watchdog]);
  // R128: the film's sound is lowered while people in the call speak, if this viewer wants it.
  const ducked = useStore(filmDucked);
  useEffect(() => {
    adapter.current?.duck?.(ducked ? DUCKED_VOLUME : 1);
  }, [ducked]);
  const onEvent = useCallback(
    (event: PlayerEvent) => {
      sync.handle(event);
      status.handle(event);
      watchdog.handle(event);
      if (event === 'error') setFailed(true);
      if (event === 'volume' && adapter.current) onMutedChange(adapter.current.muted());
    },
    [sync, status, watchdog, onMutedChange],
  );
  const unmute = () => {
    // Inside the click, so the browser counts it as the user's wish to hear it.
    adapter.current?.setMuted(false);
    onMutedChange(false);
    sync.tick();
  };

  const playerProps = { controls: controller, muted, onAttach, onEvent };
  const subtitles = useShownSubtitles(video);
  const page = video.mediaUrl ?? '';
  const player = (() => {
    switch (video.source) {
      case 'youtube':
        return <YouTubePlayer videoId={video.id} {...playerProps} />;
      case 'media':
        return (
          <MediaPlayer
            key={attempt}
            url={page}
            title={video.title}
            subtitles={subtitles.track}
            cueSize={subtitles.size}
            {...playerProps}
          />
        );
      case 'vimeo':
        return <VimeoPlayer url={page} {...playerProps} />;
      case 'dailymotion':
        return <DailymotionPlayer url={page} {...playerProps} />;
      case 'soundcloud':
        return <SoundCloudPlayer url={page} {...playerProps} />;
      case 'file':
        return (
          <OwnFilePlayer
            key={attempt}
            video={video}
            subtitles={subtitles.track}
            cueSize={subtitles.size}
            {...playerProps}
          />
        );
    }
  })();

  return (
    <>
      <Suspense fallback={<div className="size-full bg-black" />}>{player}</Suspense>
      {failed && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/80 p-6 text-center">
          <p className="font-medium text-white">{t('player.cannotPlay')}</p>
          {controller && hasNext && <p className="text-sm text-neutral-400">{t('player.skipping')}</p>}
        </div>
      )}
      {loadTimedOut && !failed && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/80 p-6 text-center">
          <p className="font-medium text-white">{t('player.loadTimeout')}</p>
          <button
            type="button"
            onClick={() => setAttempt((count) => count + 1)}
            className="min-h-10 rounded-full bg-violet-600 px-5 text-sm font-semibold text-white hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-violet-300"
          >
            {t('player.retry')}
          </button>
        </div>
      )}
      {browserPaused && !failed && !loadTimedOut && (
        <button
          type="button"
          // Inside the tap, so the browser lets the player start (R88).
          onClick={() => sync.resumeAfterBrowserPause()}
          className="absolute inset-0 flex items-center justify-center bg-black/70 p-6 text-center font-medium text-white focus-visible:outline-2 focus-visible:outline-violet-300"
        >
          {t('player.browserPaused')}
        </button>
      )}
      {muted && !failed && !loadTimedOut && !browserPaused && <UnmuteButton onClick={unmute} />}
    </>
  );
}
