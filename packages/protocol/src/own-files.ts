// Own files (R117–R121): a film or a song on a viewer's device, played by every viewer's own player with the bytes
// fetched browser to browser (docs/decisions/040-own-file-transport.md). What both ends agree on: the limits, how
// a file is named in the playlist and told apart from another, and how long the room waits for its sharer. Free
// of zod: the schemas are in schemas/room.ts and schemas/commands.ts.

/** A file's name as the playlist shows it, at most this many characters (longer names are cut by the page). */
export const OWN_FILE_NAME_MAX = 200;
/** The largest file one may share: a long film in good quality; the bytes never touch our server. */
export const OWN_FILE_BYTES_MAX = 64 * 1024 ** 3;
/** The media types a shared file may carry (what a <video> or <audio> element plays). */
export const OWN_FILE_MIME_PATTERN = /^(video|audio)\/[a-z0-9.+-]{1,60}$/;
/**
 * A file is told by its size and the SHA-256 of its first and last MiB (R118): a film is read in well under a
 * second, and two different films of the same size almost never share both ends.
 */
export const OWN_FILE_DIGEST_EDGE_BYTES = 1024 * 1024;
/** The digest as sent: 64 lowercase hex characters. */
export const OWN_FILE_DIGEST_PATTERN = /^[0-9a-f]{64}$/;
/** The pieces viewers ask each other for (R119): large enough to fill a link, small enough for a quick seek. */
export const OWN_FILE_PIECE_BYTES = 256 * 1024;
/** R120: how long the room waits for a sharer who left while their file plays before it moves on. */
export const OWN_FILE_SHARER_WAIT_MS = 30_000;

/** What the playlist holds of a shared file (R117). `sharer` is the person key (R51) of whoever shared it. */
export interface OwnFile {
  name: string;
  size: number;
  /** Seconds, as the sharer's browser read it. */
  duration: number;
  mime: string;
  digest: string;
  sharer: string;
}

/** A shared file's playlist id: the same file is the same item, whoever shares it (R118). */
export const ownFileVideoId = (digest: string) => `f_${digest.slice(0, 40)}`;

/** Whether a playlist item is a file from someone's device (R117). */
export const isOwnFile = (video: { source: string }) => video.source === 'file';
