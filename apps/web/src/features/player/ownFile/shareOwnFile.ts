import { type CommandAck, ownFileVideoId, type Video } from '@xemchung/protocol';
import type { RoomClient } from '../../room/roomClient.ts';
import type { OwnFileSwarms } from './ownFileSwarms.ts';
import { type MediaFileFacts, readMediaFile } from './readMediaFile.ts';

/** Why a file was not shared, as the page words it (`ownFile.errors.*`). */
export type ShareRefusal =
  | 'unplayable'
  | 'tooLarge'
  | 'differentFile'
  | 'duplicate'
  | 'capReached'
  | 'notAllowed'
  | 'full'
  | 'failed';

const REFUSALS: Partial<Record<string, ShareRefusal>> = {
  duplicate_video: 'duplicate',
  cap_reached: 'capReached',
  adding_restricted: 'notAllowed',
  forbidden: 'notAllowed',
  playlist_full: 'full',
};

/**
 * R117: reads a file the viewer picked, makes sure this browser plays it, adds it to the playlist with this viewer
 * as its sharer, and holds it here so the others can fetch it (R119). The same file already in the playlist is
 * held again rather than refused: a sharer back after a reload picks it once more and the room goes on.
 */
export async function shareOwnFile(
  client: RoomClient,
  swarms: OwnFileSwarms,
  file: File,
): Promise<{ facts: MediaFileFacts } | { refusal: ShareRefusal }> {
  const facts = await readMediaFile(file);
  if (facts === 'unplayable') return { refusal: 'unplayable' };
  if (facts === 'too_large') return { refusal: 'tooLarge' };
  const id = ownFileVideoId(facts.digest);
  const present = client.state?.playlist.find((video) => video.id === id);
  if (!present) {
    const ack: CommandAck<'playlist:addFile'> = await client.addFile(facts);
    if (!ack.ok) return { refusal: REFUSALS[ack.error.code] ?? 'failed' };
  }
  const video = present ?? { id, file: { ...facts, sharer: client.personKey ?? '' } };
  swarms.swarmOf(video)?.hold(file);
  return { facts };
}

/**
 * R118: a viewer's own copy of the item's file, told by size and digest; a different file is refused and the
 * viewer goes on receiving the shared one.
 */
export async function holdOwnCopy(
  swarms: OwnFileSwarms,
  video: Pick<Video, 'id' | 'file'>,
  file: File,
): Promise<ShareRefusal | null> {
  if (!video.file) return 'failed';
  const facts = await readMediaFile(file);
  if (facts === 'unplayable' || facts === 'too_large') return 'differentFile';
  if (facts.size !== video.file.size || facts.digest !== video.file.digest) return 'differentFile';
  swarms.swarmOf(video)?.hold(file);
  return null;
}
