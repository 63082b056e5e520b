import { createHash } from 'node:crypto';
import { type OwnFile, ownFileVideoId, type RoomSnapshot, type Video } from '@xemchung/protocol';
import { type TestClient, waitFor } from './room-clients.ts';

/** What `playlist:addFile` carries for a made-up film `n` (R117): a digest of its own, as a browser would send it. */
export function sharedFile(n: number): Omit<OwnFile, 'sharer'> {
  return {
    name: `Phim nhà ${n}.mp4`,
    size: 1_500_000_000 + n,
    duration: 5400.25,
    mime: 'video/mp4',
    digest: createHash('sha256').update(`film ${n}`).digest('hex'),
  };
}

/** The playlist id the server gives `file` (R118). */
export const itemIdOf = (file: Pick<OwnFile, 'digest'>) => ownFileVideoId(file.digest);

/** The item of `file` in `room`, if it is there. */
export const itemOf = (room: RoomSnapshot | undefined, file: Pick<OwnFile, 'digest'>): Video | undefined =>
  room?.playlist.find((video) => video.id === itemIdOf(file));

/** Resolves with the first room `client` was told of that passes `test`. */
export function roomWhere(client: TestClient, test: (room: RoomSnapshot) => boolean, what: string) {
  return waitFor(() => client.states.find(test), 10_000, what);
}

/** Resolves once `client` has been told the room plays `id` ('' for nothing). */
export function playing(client: TestClient, id: string): Promise<RoomSnapshot> {
  return waitFor(
    () => (client.latest?.current_video.id === id ? client.latest : undefined),
    10_000,
    `the room to play '${id}'`,
  );
}
