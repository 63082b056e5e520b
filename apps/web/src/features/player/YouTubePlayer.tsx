import { useEffect, useRef } from 'react';
import { duckVolume } from './duckVolume.ts';
import type { PlayerProps } from './MediaPlayer.tsx';
import type { PlayerAdapter, PlayerEvent } from './types.ts';
import { loadYouTubeApi, YT_STATE, type YouTubePlayer as YTPlayer } from './youtubeApi.ts';

/** What the adapter learns from the player's events. */
interface EventState {
  /**
   * Set while a seek this adapter asked for is under way: YouTube has no 'seeked' event, so the player's next
   * PLAYING or PAUSED state stands for it (R81: the sync times the seek's stall and judges where it landed).
   */
  seekPending: boolean;
  /**
   * The state of the last onStateChange, null before the first. `getPlayerState()` is the last `infoDelivery`,
   * a separate message that may come after the event: a controller handling 'play' must not read the state it left
   * and report the room paused (R84).
   */
  state: number | null;
}

function youtubeAdapter(player: YTPlayer, events: EventState): PlayerAdapter {
  return {
    kind: 'youtube',
    currentTime: () => player.getCurrentTime(),
    duration: () => {
      const duration = player.getDuration();
      return duration > 0 ? duration : null;
    },
    // Buffering while playing still means "playing" to the room.
    paused: () => {
      const state = events.state ?? player.getPlayerState();
      return state !== YT_STATE.PLAYING && state !== YT_STATE.BUFFERING;
    },
    rate: () => player.getPlaybackRate(),
    play: () => {
      player.playVideo();
      return Promise.resolve();
    },
    pause: () => player.pauseVideo(),
    seek: (seconds) => {
      events.seekPending = true;
      player.seekTo(seconds, true);
    },
    setRate: (rate) => player.setPlaybackRate(rate),
    availableRates: () => player.getAvailablePlaybackRates(),
    muted: () => player.isMuted(),
    setMuted: (muted) => (muted ? player.mute() : player.unMute()),
    duck: duckVolume(
      () => player.getVolume(),
      (volume) => player.setVolume(Math.round(volume)),
    ),
  };
}

/**
 * A YouTube video through the IFrame Player API, loaded on first use. If youtube.com cannot be reached the
 * player reports 'error' (a follower's is ignored; a controller's player moves the room on, R32).
 */
export function YouTubePlayer({ videoId, controls, muted, onAttach, onEvent }: PlayerProps & { videoId: string }) {
  const host = useRef<HTMLDivElement>(null);
  const player = useRef<YTPlayer | null>(null);
  const callbacks = useRef({ onAttach, onEvent, muted });
  callbacks.current = { onAttach, onEvent, muted };

  useEffect(() => {
    if (muted) player.current?.mute();
    else player.current?.unMute();
  }, [muted]);

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const emit = (event: PlayerEvent) => callbacks.current.onEvent(event);
    let cancelled = false;
    let created: YTPlayer | null = null;
    loadYouTubeApi().then(
      (YT) => {
        if (cancelled) return;
        const mount = document.createElement('div');
        container.append(mount);
        const events: EventState = { seekPending: false, state: null };
        created = new YT.Player(mount, {
          videoId,
          width: '100%',
          height: '100%',
          playerVars: { controls: controls ? 1 : 0, disablekb: controls ? 0 : 1, playsinline: 1, rel: 0, mute: 1 },
          events: {
            onReady: () => {
              if (cancelled || !created) return;
              player.current = created;
              if (!callbacks.current.muted) created.unMute();
              callbacks.current.onAttach(youtubeAdapter(created, events));
              emit('ready');
            },
            onStateChange: ({ data }) => {
              const previous = events.state;
              events.state = data;
              if (events.seekPending && (data === YT_STATE.PLAYING || data === YT_STATE.PAUSED)) {
                events.seekPending = false;
                emit('seeked');
              }
              if (data === YT_STATE.PLAYING && previous !== YT_STATE.PLAYING) {
                emit('play');
                emit('playing');
              } else if (data === YT_STATE.PAUSED) emit('pause');
              else if (data === YT_STATE.BUFFERING) emit('waiting');
              else if (data === YT_STATE.ENDED) emit('ended');
            },
            onPlaybackRateChange: () => emit('ratechange'),
            onError: () => emit('error'),
            onAutoplayBlocked: () => emit('blocked'),
          },
        });
      },
      () => {
        if (!cancelled) emit('error');
      },
    );
    return () => {
      cancelled = true;
      player.current = null;
      created?.destroy();
      container.replaceChildren();
      callbacks.current.onAttach(null);
    };
  }, [videoId, controls]);

  return <div ref={host} className="size-full bg-black [&_iframe]:size-full" />;
}
