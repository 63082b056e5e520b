import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeSoundCloud } from '../../test/fakePlayers/fakeSoundCloud.ts';
import { type ScriptedMedia, useScriptedMedia } from '../../test/fakePlayers/scriptedMedia.ts';
import { elapse, until } from '../../test/fakeTime.ts';
import { SoundCloudPlayer } from './SoundCloudPlayer.tsx';
import type { PlayerAdapter, PlayerEvent } from './types.ts';

const DELAY_MS = 20;
const TRACK = 'https://soundcloud.com/forss/flickermood';
let media: ReturnType<typeof useScriptedMedia>;

beforeEach(() => {
  // The fake SDK's messages and the adapter's clock run on fake time, which the test moves.
  vi.useFakeTimers();
  media = useScriptedMedia();
  installFakeSoundCloud({ mediaUrl: 'http://127.0.0.1/clip.mp4', delayMs: DELAY_MS });
});
afterEach(() => {
  vi.useRealTimers();
  media.restore();
  delete (window as Window & { SC?: unknown }).SC;
});

async function renderPlayer(props: { muted?: boolean; controls?: boolean; url?: string } = {}) {
  const events: PlayerEvent[] = [];
  const attached: (PlayerAdapter | null)[] = [];
  const view = render(
    <SoundCloudPlayer
      url={props.url ?? TRACK}
      controls={props.controls ?? false}
      muted={props.muted ?? true}
      onAttach={(player) => attached.push(player)}
      onEvent={(event) => events.push(event)}
    />,
  );
  await until(() => expect(media.made).toHaveLength(1));
  return { view, events, attached, element: media.made[0] as ScriptedMedia };
}

const ready = async (events: PlayerEvent[], attached: (PlayerAdapter | null)[]) => {
  await until(() => expect(events).toContain('ready'));
  return attached[0] as PlayerAdapter;
};

describe('R76 SoundCloudPlayer over the fake Widget API', () => {
  it('embeds the widget for the permalink, titled, silent, inert for a follower; a soundcloud adapter once ready', async () => {
    const { view, events, attached, element } = await renderPlayer();
    const frame = view.container.querySelector('iframe') as HTMLIFrameElement;
    const src = new URL(frame.src);
    expect(src.origin + src.pathname).toBe('https://w.soundcloud.com/player/');
    expect(src.searchParams.get('url')).toBe(TRACK);
    expect(src.searchParams.get('auto_play')).toBe('false');
    expect(frame.title).toBe('Trình phát SoundCloud');
    expect(frame.style.pointerEvents).toBe('none');
    const adapter = await ready(events, attached);
    expect(adapter.kind).toBe('soundcloud');
    expect(adapter.duration()).toBe(120);
    expect(adapter.rate()).toBe(1);
    expect(element.volume).toBe(0);
    expect(adapter.muted()).toBe(true);
  });

  it('plays, keeps time from PLAY_PROGRESS in milliseconds, seeks in milliseconds, pauses', async () => {
    const { events, attached, element } = await renderPlayer({ controls: true });
    const adapter = await ready(events, attached);
    await adapter.play();
    await until(() => expect(events).toContain('playing'));
    act(() => element.advance(2.5));
    await until(() => expect(adapter.currentTime()).toBeGreaterThanOrEqual(2.5));
    act(() => element.advance(0.5));
    adapter.seek(61.25);
    await elapse(DELAY_MS);
    // The progress event saying 3 s arrived after the seek was asked for: ignored.
    expect(adapter.currentTime()).toBeGreaterThanOrEqual(61.25);
    await until(() => expect(events).toContain('seeked'));
    expect(element.currentTime).toBe(61.25);
    adapter.pause();
    await until(() => expect(adapter.paused()).toBe(true));
  });

  it('mutes by volume: 100 when the room wants sound, 0 when muted', async () => {
    const { events, attached, element } = await renderPlayer({ muted: false });
    const adapter = await ready(events, attached);
    await until(() => expect(element.volume).toBe(1));
    adapter.setMuted(true);
    await until(() => expect(element.volume).toBe(0));
    expect(adapter.muted()).toBe(true);
  });

  it('R128: lowers the track to 30 % while the call speaks, unmuting into the lowered volume, and back to full', async () => {
    const { events, attached, element } = await renderPlayer({ muted: false });
    const adapter = await ready(events, attached);
    await until(() => expect(element.volume).toBe(1));
    adapter.duck?.(0.3);
    await until(() => expect(element.volume).toBeCloseTo(0.3, 5));
    adapter.setMuted(true);
    adapter.duck?.(0.3);
    await until(() => expect(element.volume).toBe(0));
    adapter.setMuted(false);
    await until(() => expect(element.volume).toBeCloseTo(0.3, 5));
    adapter.duck?.(1);
    await until(() => expect(element.volume).toBe(1));
  });

  it('reports FINISH as ended and a track it cannot load as an error', async () => {
    const { events, attached, element, view } = await renderPlayer();
    await ready(events, attached);
    act(() => {
      element.dispatchEvent(new Event('ended'));
    });
    await until(() => expect(events).toContain('ended'));
    view.unmount();
    expect(attached.at(-1)).toBeNull();
    media.made.length = 0;
    const gone = await renderPlayer({ url: 'https://soundcloud.com/fixture/gone-404' });
    await until(() => expect(gone.events).toContain('error'));
    expect(gone.events).not.toContain('ready');
  });
});
