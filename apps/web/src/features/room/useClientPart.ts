import { useEffect, useState } from 'react';
import type { RoomClient } from './roomClient.ts';

/**
 * A part of the page that follows the room `client` (the screen share, the call), made with the client and disposed
 * with it or with the page; null until the first effect has made it. `make` must be stable (a module-level function).
 */
export function useClientPart<T extends { dispose(): void }>(
  client: RoomClient,
  make: (client: RoomClient) => T,
): T | null {
  const [part, setPart] = useState<T | null>(null);
  useEffect(() => {
    const made = make(client);
    setPart(made);
    return () => {
      made.dispose();
      setPart(null);
    };
  }, [client, make]);
  return part;
}
