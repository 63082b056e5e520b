import { type DependencyList, type RefObject, useEffect, useRef } from 'react';
import type { PlayerProps } from './MediaPlayer.tsx';
import type { PlayerAdapter, PlayerEvent } from './types.ts';

/** What an embedded player's set-up gets from useEmbeddedPlayer. */
export interface EmbedMount {
  /** The element to put the player in; emptied when the player goes. */
  container: HTMLDivElement;
  /** Tells the page about the player; nothing once the component is gone. */
  emit(event: PlayerEvent): void;
  /** Whether the component is gone (a set-up that awaits checks it before going on). */
  gone(): boolean;
  /** The player is ready: its adapter is handed over, unmuted if the room wants sound (R33), and 'ready' said. */
  ready(adapter: PlayerAdapter): void;
  /** Undoes what the set-up made when the component goes; at once if it is already gone. */
  onDispose(dispose: () => void): void;
}

/**
 * The React shell every SDK-driven player shares (R75): the SDK loaded on first use ('error' if it cannot be), the
 * player set up in the returned element's container by `mount`, its mute following the prop, and everything undone
 * when `deps` change or the component goes. The SDK's player itself is `mount`'s.
 */
export function useEmbeddedPlayer<Sdk>(
  { muted, onAttach, onEvent }: Pick<PlayerProps, 'muted' | 'onAttach' | 'onEvent'>,
  load: () => Promise<Sdk>,
  mount: (sdk: Sdk, embed: EmbedMount) => void | Promise<void>,
  deps: DependencyList,
): RefObject<HTMLDivElement | null> {
  const host = useRef<HTMLDivElement>(null);
  const adapter = useRef<PlayerAdapter | null>(null);
  const current = useRef({ onAttach, onEvent, muted, load, mount });
  current.current = { onAttach, onEvent, muted, load, mount };

  useEffect(() => {
    adapter.current?.setMuted(muted);
  }, [muted]);

  // `deps` are what remounts the player; everything else is read from `current` when it runs.
  useEffect(() => {
    const container = host.current;
    if (!container) return;
    let gone = false;
    const disposers: (() => void)[] = [];
    const embed: EmbedMount = {
      container,
      emit: (event) => {
        if (!gone) current.current.onEvent(event);
      },
      gone: () => gone,
      ready: (ready) => {
        if (gone) return;
        adapter.current = ready;
        if (!current.current.muted) ready.setMuted(false);
        current.current.onAttach(ready);
        embed.emit('ready');
      },
      onDispose: (dispose) => {
        if (gone) dispose();
        else disposers.push(dispose);
      },
    };
    const { load, mount } = current.current;
    load()
      .then((sdk) => (gone ? undefined : mount(sdk, embed)))
      .catch(() => embed.emit('error'));
    return () => {
      gone = true;
      adapter.current = null;
      for (const dispose of disposers) dispose();
      container.replaceChildren();
      current.current.onAttach(null);
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's list of what remounts the player
  }, deps);

  return host;
}
