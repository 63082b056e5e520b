import { duckVolume } from './duckVolume.ts';
import type { PlayerProps } from './MediaPlayer.tsx';
import { RemoteTimeline } from './remoteTimeline.ts';
import type { PlayerAdapter, PlayerEvent } from './types.ts';
import { useEmbeddedPlayer } from './useEmbeddedPlayer.ts';
import { loadVimeoSdk, type VimeoPlayer as SdkPlayer } from './vimeoApi.ts';

/**
 * The adapter over the SDK's promises (R76): positions come from the RemoteTimeline the events keep; commands go
 * out without waiting. A start the browser refuses rejects with NotAllowedError, reported as 'blocked'.
 */
function vimeoAdapter(
  player: SdkPlayer,
  timeline: RemoteTimeline,
  state: { muted: boolean; duration: number | null },
  emit: (event: PlayerEvent) => void,
): PlayerAdapter {
  const ignore = () => {};
  return {
    kind: 'vimeo',
    currentTime: () => timeline.current(),
    duration: () => state.duration,
    paused: () => timeline.paused,
    rate: () => timeline.rate,
    play: () =>
      player.play().catch((error: unknown) => {
        if ((error as { name?: string } | null)?.name === 'NotAllowedError') emit('blocked');
      }),
    pause: () => void player.pause().catch(ignore),
    seek: (seconds) => {
      timeline.seek(seconds);
      player.setCurrentTime(seconds).catch(() => timeline.seeked());
    },
    // Speeds other than 1 need the owner's paid plan: the SDK then refuses, and the rate stays what it was.
    setRate: (rate) => void player.setPlaybackRate(rate).catch(ignore),
    muted: () => state.muted,
    setMuted: (muted) => {
      state.muted = muted;
      player.setMuted(muted).catch(ignore);
    },
    duck: duckVolume(
      () => player.getVolume(),
      (volume) => void player.setVolume(volume).catch(ignore),
    ),
  };
}

/**
 * A Vimeo video through the Player SDK, loaded on first use (R75). `url` is the canonical page URL, which the SDK
 * embeds as is (an unlisted video's hash included). If vimeo.com cannot be reached the player reports 'error'.
 */
export function VimeoPlayer({ url, controls, ...props }: PlayerProps & { url: string }) {
  const host = useEmbeddedPlayer(
    props,
    loadVimeoSdk,
    async (Vimeo, { container, emit, gone, ready, onDispose }) => {
      const mount = document.createElement('div');
      mount.className = 'size-full';
      container.append(mount);
      const player = new Vimeo.Player(mount, {
        url,
        controls,
        muted: true,
        autoplay: false,
        playsinline: true,
        dnt: true,
        keyboard: controls,
      });
      onDispose(() => void player.destroy().catch(() => {}));
      const timeline = new RemoteTimeline();
      const state = { muted: true, duration: null as number | null };
      const time = (data: { seconds?: number }) => data.seconds;
      player.on('timeupdate', (data) => timeline.report(data.seconds ?? Number.NaN));
      player.on('play', (data) => {
        timeline.setPlaying(true, time(data));
        emit('play');
      });
      player.on('playing', (data) => {
        timeline.setPlaying(true, time(data));
        emit('playing');
      });
      player.on('pause', (data) => {
        timeline.setPlaying(false, time(data));
        emit('pause');
      });
      player.on('seeked', (data) => {
        timeline.seeked(time(data));
        emit('seeked');
      });
      player.on('playbackratechange', (data) => {
        if (data.playbackRate) timeline.setRate(data.playbackRate);
        emit('ratechange');
      });
      player.on('bufferstart', () => emit('waiting'));
      player.on('ended', () => {
        timeline.setPlaying(false);
        emit('ended');
      });
      player.on('volumechange', () => {
        void player.getMuted().then((value) => {
          state.muted = value;
          emit('volume');
        });
      });
      // The SDK also reports a refused call here (`method` set: a speed the plan does not allow, a refused
      // start): only an error of the video itself means it cannot be played (R32).
      player.on('error', (data) => {
        if (!data.method && data.name !== 'NotAllowedError') emit('error');
      });
      const [, duration] = await Promise.all([player.ready(), player.getDuration()]);
      if (gone()) return;
      state.duration = duration > 0 ? duration : null;
      ready(vimeoAdapter(player, timeline, state, emit));
    },
    [url, controls],
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
