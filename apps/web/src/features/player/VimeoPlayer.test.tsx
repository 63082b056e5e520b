import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeVimeo } from '../../test/fakePlayers/fakeVimeo.ts';
import { type ScriptedMedia, useScriptedMedia } from '../../test/fakePlayers/scriptedMedia.ts';
import { elapse, settled, until } from '../../test/fakeTime.ts';
import type { PlayerAdapter, PlayerEvent } from './types.ts';
import { VimeoPlayer } from './VimeoPlayer.tsx';

const DELAY_MS = 20;
let media: ReturnType<typeof useScriptedMedia>;

beforeEach(() => {
  // The fake SDK's messages and the adapter's clock run on fake time, which the test moves.
  vi.useFakeTimers();
  media = useScriptedMedia();
  installFakeVimeo({ mediaUrl: 'http://127.0.0.1/clip.mp4', delayMs: DELAY_MS });
});
afterEach(() => {
  vi.useRealTimers();
  media.restore();
  delete (window as Window & { Vimeo?: unknown }).Vimeo;
});

async function renderPlayer(props: { muted?: boolean; controls?: boolean; url?: string } = {}) {
  const events: PlayerEvent[] = [];
  const attached: (PlayerAdapter | null)[] = [];
  const view = render(
    <VimeoPlayer
      url={props.url ?? 'https://vimeo.com/76979871'}
      controls={props.controls ?? false}
      muted={props.muted ?? true}
      onAttach={(player) => attached.push(player)}
      onEvent={(event) => events.push(event)}
    />,
  );
  await until(() => expect(events).toContain('ready'));
  return { view, events, attached, adapter: attached[0] as PlayerAdapter, element: media.made[0] as ScriptedMedia };
}

describe('R76 VimeoPlayer over the fake Player SDK', () => {
  it('embeds the canonical URL muted and without controls for a follower, then hands over a vimeo adapter', async () => {
    const { adapter, element, events } = await renderPlayer();
    expect(element.getAttribute('data-video')).toBe('https://vimeo.com/76979871');
    expect(element.muted).toBe(true);
    expect(element.controls).toBe(false);
    expect(events).toEqual(['ready']);
    expect(adapter.kind).toBe('vimeo');
    expect(adapter.duration()).toBe(120);
    expect(adapter.paused()).toBe(true);
  });

  it('keeps time from the player’s events, advancing it between them while playing', async () => {
    const { adapter, element, events } = await renderPlayer();
    await act(() => settled(adapter.play()));
    await until(() => expect(events).toContain('playing'));
    expect(adapter.paused()).toBe(false);
    act(() => element.advance(2));
    await until(() => expect(adapter.currentTime()).toBeGreaterThanOrEqual(2));
    const before = adapter.currentTime();
    await elapse(100);
    // No event came: the position still moved on at the rate.
    expect(adapter.currentTime()).toBeGreaterThan(before + 0.05);
    adapter.pause();
    await until(() => expect(adapter.paused()).toBe(true));
    const stopped = adapter.currentTime();
    await elapse(50);
    expect(adapter.currentTime()).toBe(stopped);
  });

  it('answers a seek at once, and ignores time events still in flight from before it until the seek lands', async () => {
    const { adapter, element, events } = await renderPlayer();
    await act(() => settled(adapter.play()));
    act(() => element.advance(1));
    // The event saying 1 s is on its way when the seek is asked for.
    adapter.seek(30);
    expect(adapter.currentTime()).toBeCloseTo(30, 1);
    await elapse(DELAY_MS);
    expect(adapter.currentTime()).toBeGreaterThanOrEqual(30);
    await until(() => expect(events).toContain('seeked'));
    expect(element.currentTime).toBe(30);
    expect(adapter.currentTime()).toBeGreaterThanOrEqual(30);
  });

  it('reports a start the browser refuses as blocked', async () => {
    const { adapter, element, events } = await renderPlayer();
    element.refuseNextPlay = true;
    await act(() => settled(adapter.play()));
    expect(events).toContain('blocked');
    expect(adapter.paused()).toBe(true);
  });

  it('unmutes when the room wants sound, and follows the player’s own volume changes', async () => {
    const { adapter, element, events } = await renderPlayer({ muted: false, controls: true });
    expect(element.controls).toBe(true);
    await until(() => expect(element.muted).toBe(false));
    expect(adapter.muted()).toBe(false);
    act(() => {
      element.muted = true;
      element.dispatchEvent(new Event('volumechange'));
    });
    await until(() => expect(adapter.muted()).toBe(true));
    expect(events).toContain('volume');
  });

  it('passes a speed on, and takes a refused one as no error of the video (R32)', async () => {
    const { adapter, element, events } = await renderPlayer();
    adapter.setRate(1.5);
    await until(() => expect(adapter.rate()).toBe(1.5));
    expect(element.playbackRate).toBe(1.5);
    adapter.setRate(4);
    await elapse(3 * DELAY_MS);
    expect(element.playbackRate).toBe(1.5);
    expect(events).not.toContain('error');
  });

  it('reports ended, and an error for a video the player cannot show', async () => {
    const { element, events } = await renderPlayer();
    act(() => {
      element.dispatchEvent(new Event('ended'));
    });
    await until(() => expect(events).toContain('ended'));
    const failing = await renderPlayer({ url: 'https://vimeo.com/404404404' }).catch(() => null);
    expect(failing).not.toBeNull();
    await until(() => expect(failing?.events).toContain('error'));
  });

  it('destroys the player and detaches on unmount', async () => {
    const { view, attached, element } = await renderPlayer();
    view.unmount();
    expect(attached.at(-1)).toBeNull();
    expect(element.isConnected).toBe(false);
  });
});
