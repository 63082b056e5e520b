import { useEffect, useId, useRef } from 'react';
import { dailymotionVideoId, loadDailymotionSdk, type DailymotionPlayer as SdkPlayer } from './dailymotionApi.ts';
import type { PlayerProps } from './MediaPlayer.tsx';
import { RemoteTimeline } from './remoteTimeline.ts';
import type { PlayerAdapter, PlayerEvent } from './types.ts';

/**
 * The adapter over a Dailymotion Player (R76): its commands return nothing and its state comes back as a promise or
 * with events, so positions come from the RemoteTimeline its events keep. Speed is not changed: the room's rate
 * stays 1 for a Dailymotion video, as the host's player cannot report another.
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
  };
}

/** A Dailymotion video through the Player Library Script, loaded on first use (R75). */
export function DailymotionPlayer({ url, controls, muted, onAttach, onEvent }: PlayerProps & { url: string }) {
  const mountId = `dailymotion-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const host = useRef<HTMLDivElement>(null);
  const adapter = useRef<PlayerAdapter | null>(null);
  const callbacks = useRef({ onAttach, onEvent, muted });
  callbacks.current = { onAttach, onEvent, muted };

  useEffect(() => {
    adapter.current?.setMuted(muted);
  }, [muted]);

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    let cancelled = false;
    const emit = (event: PlayerEvent) => {
      if (!cancelled) callbacks.current.onEvent(event);
    };
    let created: SdkPlayer | null = null;
    loadDailymotionSdk()
      .then(async (dailymotion) => {
        if (cancelled) return;
        const mount = document.createElement('div');
        mount.id = mountId;
        mount.className = 'size-full';
        container.append(mount);
        const player = await dailymotion.createPlayer(mountId, {
          video: dailymotionVideoId(url),
          params: { mute: true, controls, startTime: 0 },
        });
        created = player;
        if (cancelled) {
          // Gone while the player was being made: the cleanup found nothing to destroy.
          player.destroy?.();
          return;
        }
        const timeline = new RemoteTimeline();
        const state = { muted: true, duration: null as number | null };
        const { events } = dailymotion;
        const on = (name: string, handle: (s: Parameters<Parameters<SdkPlayer['on']>[1]>[0]) => void) => {
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
        if (cancelled) return;
        state.duration = initial.videoDuration > 0 ? initial.videoDuration : null;
        const ready = dailymotionAdapter(player, timeline, state);
        adapter.current = ready;
        if (!callbacks.current.muted) ready.setMuted(false);
        callbacks.current.onAttach(ready);
        emit('ready');
      })
      .catch(() => emit('error'));
    return () => {
      cancelled = true;
      adapter.current = null;
      created?.destroy?.();
      container.replaceChildren();
      callbacks.current.onAttach(null);
    };
  }, [url, controls, mountId]);

  // A follower's player follows the room: clicks inside it would only be undone on the next tick (its controls may
  // not be hidable: Vimeo hides them only for its paid plans).
  return (
    <div
      ref={host}
      className={`size-full bg-black [&_iframe]:size-full ${controls ? '' : '[&_iframe]:pointer-events-none'}`}
    />
  );
}
