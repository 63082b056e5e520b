import { useEffect, useRef } from 'react';
import type { PlayerProps } from './MediaPlayer.tsx';
import type { PlayerAdapter, PlayerEvent } from './types.ts';
import { loadYouTubeApi, YT_STATE, type YouTubePlayer as YTPlayer } from './youtubeApi.ts';

/**
 * `seeking` is set while a seek this adapter asked for is under way: YouTube has no 'seeked' event, so the
 * player's next PLAYING or PAUSED state stands for it (R81: the controller times the seek's stall and judges
 * where it landed).
 */
function youtubeAdapter(player: YTPlayer, seeking: { pending: boolean }): PlayerAdapter {
  return {
    kind: 'youtube',
    currentTime: () => player.getCurrentTime(),
    duration: () => {
      const duration = player.getDuration();
      return duration > 0 ? duration : null;
    },
    // Buffering while playing still means "playing" to the room.
    paused: () => {
      const state = player.getPlayerState();
      return state !== YT_STATE.PLAYING && state !== YT_STATE.BUFFERING;
    },
    rate: () => player.getPlaybackRate(),
    play: () => {
      player.playVideo();
      return Promise.resolve();
    },
    pause: () => player.pauseVideo(),
    seek: (seconds) => {
      seeking.pending = true;
      player.seekTo(seconds, true);
    },
    setRate: (rate) => player.setPlaybackRate(rate),
    availableRates: () => player.getAvailablePlaybackRates(),
    muted: () => player.isMuted(),
    setMuted: (muted) => (muted ? player.mute() : player.unMute()),
  };
}

/**
 * A YouTube video through the IFrame Player API, loaded on first use. If youtube.com cannot be reached the
 * player reports 'error' (a follower's is ignored; the host's player moves the room on, R32).
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
        let state: number | null = null;
        const seeking = { pending: false };
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
              callbacks.current.onAttach(youtubeAdapter(created, seeking));
              emit('ready');
            },
            onStateChange: ({ data }) => {
              if (seeking.pending && (data === YT_STATE.PLAYING || data === YT_STATE.PAUSED)) {
                seeking.pending = false;
                emit('seeked');
              }
              if (data === YT_STATE.PLAYING && state !== YT_STATE.PLAYING) {
                emit('play');
                emit('playing');
              } else if (data === YT_STATE.PAUSED) emit('pause');
              else if (data === YT_STATE.BUFFERING) emit('waiting');
              else if (data === YT_STATE.ENDED) emit('ended');
              state = data;
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
