import { useId } from 'react';
import {
  type DailymotionState,
  dailymotionVideoId,
  loadDailymotionSdk,
  type DailymotionPlayer as SdkPlayer,
} from './dailymotionApi.ts';
import { duckVolume } from './duckVolume.ts';
import type { PlayerProps } from './MediaPlayer.tsx';
import { RemoteTimeline } from './remoteTimeline.ts';
import type { PlayerAdapter } from './types.ts';
import { useEmbeddedPlayer } from './useEmbeddedPlayer.ts';

/**
 * The adapter over a Dailymotion Player (R76): its commands return nothing and its state comes back as a promise or
 * with events, so positions come from the RemoteTimeline its events keep. Speed is not changed: the room's rate
 * stays 1 for a Dailymotion video, as a controller's player cannot report another.
 */
function dailymotionAdapter(
  player: SdkPlayer,
  timeline: RemoteTimeline,
  state: { muted: boolean; duration: number | null },
): PlayerAdapter {
  return {
    kind: 'dailymotion',
    currentTime: () => timeline.current(),
    duration: () => state.duration,
    paused: () => timeline.paused,
    rate: () => 1,
    play: () => {
      player.play();
      return Promise.resolve();
    },
    pause: () => player.pause(),
    seek: (seconds) => {
      timeline.seek(seconds);
      player.seek(seconds);
    },
    setRate: () => {},
    muted: () => state.muted,
    setMuted: (muted) => {
      state.muted = muted;
      player.setMute(muted);
    },
    duck: duckVolume(
      () => player.getState().then((now) => now.playerVolume),
      (volume) => player.setVolume(volume),
    ),
  };
}

/** A Dailymotion video through the Player Library Script, loaded on first use (R75). */
export function DailymotionPlayer({ url, controls, ...props }: PlayerProps & { url: string }) {
  const mountId = `dailymotion-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const host = useEmbeddedPlayer(
    props,
    loadDailymotionSdk,
    async (dailymotion, { container, emit, gone, ready, onDispose }) => {
      const mount = document.createElement('div');
      mount.id = mountId;
      mount.className = 'size-full';
      container.append(mount);
      const player = await dailymotion.createPlayer(mountId, {
        video: dailymotionVideoId(url),
        params: { mute: true, controls, startTime: 0 },
      });
      // At once if the component went while the player was being made.
      onDispose(() => player.destroy?.());
      if (gone()) return;
      const timeline = new RemoteTimeline();
      const state = { muted: true, duration: null as number | null };
      const { events } = dailymotion;
      const on = (name: string, handle: (s: DailymotionState) => void) => {
        const event = events[name];
        if (event) player.on(event, handle);
      };
      on('VIDEO_TIMECHANGE', (s) => timeline.report(s.videoTime));
      on('VIDEO_PLAY', (s) => {
        timeline.setPlaying(true, s.videoTime);
        emit('play');
      });
      on('VIDEO_PLAYING', (s) => {
        timeline.setPlaying(true, s.videoTime);
        emit('playing');
      });
      on('VIDEO_PAUSE', (s) => {
        timeline.setPlaying(false, s.videoTime);
        emit('pause');
      });
      on('VIDEO_SEEKEND', (s) => {
        timeline.seeked(s.videoTime);
        emit('seeked');
      });
      on('VIDEO_BUFFERING', () => emit('waiting'));
      on('VIDEO_END', () => {
        timeline.setPlaying(false);
        emit('ended');
      });
      on('VIDEO_DURATIONCHANGE', (s) => {
        state.duration = s.videoDuration > 0 ? s.videoDuration : null;
      });
      on('PLAYER_VOLUMECHANGE', (s) => {
        state.muted = s.playerIsMuted === true;
        emit('volume');
      });
      on('PLAYER_ERROR', () => emit('error'));
      const initial = await player.getState();
      if (gone()) return;
      state.duration = initial.videoDuration > 0 ? initial.videoDuration : null;
      ready(dailymotionAdapter(player, timeline, state));
    },
    [url, controls, mountId],
  );

  // A follower's player follows the room: clicks inside it would only be undone on the next tick (its controls may
  // not be hidable: Vimeo hides them only for its paid plans).
  return (
    <div
      ref={host}
      className={`size-full bg-black [&_iframe]:size-full ${controls ? '' : '[&_iframe]:pointer-events-none'}`}
    />
  );
}
