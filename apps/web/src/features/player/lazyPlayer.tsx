import { type ComponentType, lazy, useEffect } from 'react';
import type { PlayerProps } from './MediaPlayer.tsx';

/** Stands in for a player whose code could not be fetched (offline, a new deploy): it reports 'error' (R32). */
function PlayerUnavailable({ onEvent }: PlayerProps) {
  useEffect(() => {
    onEvent('error');
  }, [onEvent]);
  return <div className="size-full bg-black" />;
}

/**
 * A player loaded with its first video (R75), so neither the home page nor the room route carries it. A chunk
 * that fails to load becomes a player that reports 'error', as an unreachable SDK does, instead of an exception.
 */
export function lazyPlayer<P extends PlayerProps>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch {
      return { default: PlayerUnavailable as ComponentType<P> };
    }
  });
}
