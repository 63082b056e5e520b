import { useEffect } from 'react';
import { iceServers } from '../../clientConfig/clientConfigStore.ts';
import type { RoomClient } from '../../room/roomClient.ts';
import { useRoomSession } from '../../room/roomSession.ts';
import { OwnFileSwarms } from './ownFileSwarms.ts';
import { answerOwnFileRanges } from './ownFileWorker.ts';

/** The swarms of each room client, with how to stop answering the service worker for them. */
const registries = new WeakMap<RoomClient, { swarms: OwnFileSwarms; stop: () => void }>();

/** The shared-file swarms of the room `client` is in (R119), made on first use. */
export function ownFileSwarmsOf(client: RoomClient): OwnFileSwarms {
  let registry = registries.get(client);
  if (!registry) {
    const swarms = new OwnFileSwarms(client, iceServers);
    const mimeOf = (itemId: string) => client.state?.playlist.find((video) => video.id === itemId)?.file?.mime ?? null;
    registry = { swarms, stop: answerOwnFileRanges(swarms, mimeOf) };
    registries.set(client, registry);
  }
  return registry.swarms;
}

export function useOwnFileSwarms(): OwnFileSwarms {
  return ownFileSwarmsOf(useRoomSession().client);
}

/** Held by the room's player for the page's life in the room: leaving closes every link and drops what was fetched. */
export function useOwnFileSwarmsLifetime(): void {
  const { client } = useRoomSession();
  useEffect(
    () => () => {
      const registry = registries.get(client);
      registries.delete(client);
      registry?.stop();
      registry?.swarms.dispose();
    },
    [client],
  );
}
