import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeDailymotion } from '../../test/fakePlayers/fakeDailymotion.ts';
import { type ScriptedMedia, useScriptedMedia } from '../../test/fakePlayers/scriptedMedia.ts';
import { elapse, until } from '../../test/fakeTime.ts';
import { DailymotionPlayer } from './DailymotionPlayer.tsx';
import type { PlayerAdapter, PlayerEvent } from './types.ts';

const DELAY_MS = 20;
let media: ReturnType<typeof useScriptedMedia>;

beforeEach(() => {
  // The fake SDK's messages and the adapter's clock run on fake time, which the test moves.
  vi.useFakeTimers();
  media = useScriptedMedia();
  installFakeDailymotion({ mediaUrl: 'http://127.0.0.1/clip.mp4', delayMs: DELAY_MS });
});
afterEach(() => {
  vi.useRealTimers();
  media.restore();
  delete (window as Window & { dailymotion?: unknown }).dailymotion;
});

async function renderPlayer(props: { muted?: boolean; url?: string } = {}) {
  const events: PlayerEvent[] = [];
  const attached: (PlayerAdapter | null)[] = [];
  const view = render(
    <DailymotionPlayer
      url={props.url ?? 'https://www.dailymotion.com/video/x8abc12'}
      controls={false}
      muted={props.muted ?? true}
      onAttach={(player) => attached.push(player)}
      onEvent={(event) => events.push(event)}
    />,
  );
  await until(() => expect(events).toContain('ready'));
  return { view, events, attached, adapter: attached[0] as PlayerAdapter, element: media.made.at(-1) as ScriptedMedia };
}

describe('R76 DailymotionPlayer over the fake Player Library Script', () => {
  it('embeds the video id muted, hands over a dailymotion adapter with the duration from getState()', async () => {
    const { adapter, element } = await renderPlayer();
    expect(element.getAttribute('data-video')).toBe('x8abc12');
    expect(element.muted).toBe(true);
    expect(adapter.kind).toBe('dailymotion');
    expect(adapter.duration()).toBe(120);
    expect(adapter.rate()).toBe(1);
  });

  it('plays, keeps time between VIDEO_TIMECHANGE events, and pauses', async () => {
    const { adapter, element, events } = await renderPlayer();
    await adapter.play();
    await until(() => expect(events).toContain('playing'));
    act(() => element.advance(3));
    await until(() => expect(adapter.currentTime()).toBeGreaterThanOrEqual(3));
    const before = adapter.currentTime();
    await elapse(80);
    expect(adapter.currentTime()).toBeGreaterThan(before + 0.04);
    adapter.pause();
    await until(() => expect(events).toContain('pause'));
    expect(adapter.paused()).toBe(true);
  });

  it('answers a seek at once and ignores the time events from before it', async () => {
    const { adapter, element, events } = await renderPlayer();
    await adapter.play();
    await until(() => expect(events).toContain('playing'));
    act(() => element.advance(1));
    adapter.seek(42);
    await elapse(DELAY_MS);
    expect(adapter.currentTime()).toBeGreaterThanOrEqual(42);
    await until(() => expect(events).toContain('seeked'));
    expect(element.currentTime).toBe(42);
  });

  it('unmutes for the room and follows the player’s volume changes', async () => {
    const { adapter, element, events } = await renderPlayer({ muted: false });
    await until(() => expect(element.muted).toBe(false));
    act(() => {
      element.muted = true;
      element.dispatchEvent(new Event('volumechange'));
    });
    await until(() => expect(adapter.muted()).toBe(true));
    expect(events).toContain('volume');
  });

  it('reports an error for a video the player cannot show, and ended at the end', async () => {
    const failing = await renderPlayer({ url: 'https://www.dailymotion.com/video/x404gone' });
    await until(() => expect(failing.events).toContain('error'));
    act(() => {
      failing.element.dispatchEvent(new Event('ended'));
    });
    await until(() => expect(failing.events).toContain('ended'));
  });

  it('removes the player and detaches on unmount', async () => {
    const { view, attached, element } = await renderPlayer();
    view.unmount();
    expect(attached.at(-1)).toBeNull();
    expect(element.isConnected).toBe(false);
  });
  it('destroys a player that the SDK hands over after the component is gone', async () => {
    type Made = { destroy(): void };
    const sdk = (window as Window & { dailymotion?: { createPlayer: (...args: unknown[]) => Promise<Made> } })
      .dailymotion;
    if (!sdk) throw new Error('the fake SDK is not installed');
    const create = sdk.createPlayer;
    const destroyed: boolean[] = [];
    sdk.createPlayer = async (...args) => {
      const player = await create(...args);
      const index = destroyed.push(false) - 1;
      const destroy = player.destroy.bind(player);
      player.destroy = () => {
        destroyed[index] = true;
        destroy();
      };
      return player;
    };
    const view = render(
      <DailymotionPlayer
        url="https://www.dailymotion.com/video/x8abc12"
        controls={false}
        muted
        onAttach={() => {}}
        onEvent={() => {}}
      />,
    );
    await until(() => expect(media.made).toHaveLength(1)); // the SDK is making the player
    view.unmount();
    await until(() => expect(destroyed).toEqual([true]));
  });
});
