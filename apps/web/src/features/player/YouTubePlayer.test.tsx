import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlayerAdapter, PlayerEvent } from './types.ts';
import { YouTubePlayer } from './YouTubePlayer.tsx';
import { type YouTubePlayerOptions, YT_STATE } from './youtubeApi.ts';

/** The IFrame API's player as far as we use it: it records calls; the test drives its events. */
class FakeYTPlayer {
  static created: FakeYTPlayer[] = [];
  readonly options: YouTubePlayerOptions;
  state = -1;
  isMutedNow = true;
  time = 0;
  calls: string[] = [];

  constructor(_element: HTMLElement, options: YouTubePlayerOptions) {
    this.options = options;
    FakeYTPlayer.created.push(this);
  }
  playVideo = () => this.calls.push('play');
  pauseVideo = () => this.calls.push('pause');
  seekTo = (seconds: number) => this.calls.push(`seek ${seconds}`);
  getCurrentTime = () => this.time;
  getDuration = () => 212;
  getPlayerState = () => this.state;
  getPlaybackRate = () => 1;
  setPlaybackRate = (rate: number) => this.calls.push(`rate ${rate}`);
  getAvailablePlaybackRates = () => [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];
  mute = () => {
    this.isMutedNow = true;
  };
  unMute = () => {
    this.isMutedNow = false;
  };
  isMuted = () => this.isMutedNow;
  volume = 80;
  getVolume = () => this.volume;
  setVolume = (volume: number) => {
    this.volume = volume;
  };
  destroy = () => this.calls.push('destroy');
}

type YouTubeWindow = Window & { YT?: unknown };

afterEach(() => {
  delete (window as YouTubeWindow).YT;
  FakeYTPlayer.created = [];
});

function renderPlayer(props: { muted?: boolean; controls?: boolean } = {}) {
  (window as YouTubeWindow).YT = { Player: FakeYTPlayer };
  const events: PlayerEvent[] = [];
  const attached: (PlayerAdapter | null)[] = [];
  const view = render(
    <YouTubePlayer
      videoId="kJQP7kiw5Fk"
      controls={props.controls ?? false}
      muted={props.muted ?? true}
      onAttach={(player) => attached.push(player)}
      onEvent={(event) => events.push(event)}
    />,
  );
  return { view, events, attached };
}

const created = async () => {
  await waitFor(() => expect(FakeYTPlayer.created).toHaveLength(1));
  return FakeYTPlayer.created[0] as FakeYTPlayer;
};

describe('YouTubePlayer', () => {
  it('embeds the video muted, without controls for a follower, and hands over the player once ready', async () => {
    const { events, attached } = renderPlayer({ muted: false });
    const player = await created();
    expect(player.options).toMatchObject({ videoId: 'kJQP7kiw5Fk' });
    expect(player.options.playerVars).toMatchObject({ controls: 0, disablekb: 1, mute: 1, playsinline: 1 });
    act(() => player.options.events?.onReady?.());
    expect(events).toEqual(['ready']);
    expect(player.isMuted()).toBe(false); // the room already wants sound
    const adapter = attached[0] as PlayerAdapter;
    expect(adapter.kind).toBe('youtube');
    expect(adapter.duration()).toBe(212);
    adapter.seek(30);
    adapter.setRate(1.5);
    await adapter.play();
    expect(player.calls).toEqual(['seek 30', 'rate 1.5', 'play']);
  });

  it("turns the API's states into player events, buffering counting as playing", async () => {
    const { events, attached } = renderPlayer({ controls: true });
    const player = await created();
    expect(player.options.playerVars).toMatchObject({ controls: 1, disablekb: 0 });
    act(() => player.options.events?.onReady?.());
    const adapter = attached[0] as PlayerAdapter;
    const change = (state: number) => {
      player.state = state;
      act(() => player.options.events?.onStateChange?.({ data: state }));
    };
    change(YT_STATE.BUFFERING);
    expect(adapter.paused()).toBe(false);
    change(YT_STATE.PLAYING);
    change(YT_STATE.PLAYING);
    change(YT_STATE.PAUSED);
    expect(adapter.paused()).toBe(true);
    change(YT_STATE.ENDED);
    act(() => player.options.events?.onPlaybackRateChange?.());
    expect(events).toEqual(['ready', 'waiting', 'play', 'playing', 'pause', 'ended', 'ratechange']);
  });

  it("stands the state after its own seek for the 'seeked' YouTube has not, and offers its fixed rates (R81)", async () => {
    const { events, attached } = renderPlayer();
    const player = await created();
    act(() => player.options.events?.onReady?.());
    const adapter = attached[0] as PlayerAdapter;
    expect(adapter.availableRates?.()).toEqual([0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2]);
    const change = (state: number) => act(() => player.options.events?.onStateChange?.({ data: state }));
    change(YT_STATE.PLAYING);
    adapter.seek(40);
    change(YT_STATE.BUFFERING);
    change(YT_STATE.PLAYING);
    // A seek in YouTube's own controls (the host's) is not ours: no 'seeked'.
    change(YT_STATE.BUFFERING);
    change(YT_STATE.PLAYING);
    adapter.seek(50);
    change(YT_STATE.PAUSED);
    expect(events).toEqual([
      'ready',
      'play',
      'playing',
      'waiting',
      'seeked',
      'play',
      'playing',
      'waiting',
      'play',
      'playing',
      'seeked',
      'pause',
    ]);
  });

  it('reads whether it is paused from the last state event, not a getPlayerState() that has not caught up (R84)', async () => {
    const { attached } = renderPlayer();
    const player = await created();
    act(() => player.options.events?.onReady?.());
    const adapter = attached[0] as PlayerAdapter;
    expect(adapter.paused()).toBe(true); // UNSTARTED, from getPlayerState() before any event
    const listener = player.options.events?.onStateChange;
    // The infoDelivery that moves getPlayerState() to PLAYING comes after the event, as it may through postMessage.
    act(() => listener?.({ data: YT_STATE.PLAYING }));
    expect(player.state).toBe(-1);
    expect(adapter.paused()).toBe(false);
    act(() => listener?.({ data: YT_STATE.PAUSED }));
    player.state = YT_STATE.PLAYING; // a late delivery of the state left
    expect(adapter.paused()).toBe(true);
  });

  it('reports an unplayable video as an error and a blocked start as blocked', async () => {
    const { events } = renderPlayer();
    const player = await created();
    act(() => player.options.events?.onReady?.());
    act(() => player.options.events?.onAutoplayBlocked?.());
    act(() => player.options.events?.onError?.());
    expect(events).toEqual(['ready', 'blocked', 'error']);
  });

  it('R128: lowers its own volume to 30 % while the call speaks, and puts the viewer’s back', async () => {
    const { attached } = renderPlayer({ muted: false });
    const player = await created();
    act(() => player.options.events?.onReady?.());
    const adapter = attached.at(-1);
    adapter?.duck?.(0.3);
    expect(player.volume).toBe(24);
    adapter?.duck?.(1);
    expect(player.volume).toBe(80);
  });

  it('follows the muted prop, and lets go of the player when it unmounts', async () => {
    const { view, attached } = renderPlayer({ muted: true });
    const player = await created();
    act(() => player.options.events?.onReady?.());
    expect(player.isMuted()).toBe(true);
    view.rerender(
      <YouTubePlayer
        videoId="kJQP7kiw5Fk"
        controls={false}
        muted={false}
        onAttach={(p) => attached.push(p)}
        onEvent={() => {}}
      />,
    );
    expect(player.isMuted()).toBe(false);
    view.unmount();
    expect(player.calls).toContain('destroy');
    expect(attached.at(-1)).toBeNull();
  });
});
