import { OWN_FILE_BYTES_MAX, OWN_FILE_MIME_PATTERN, OWN_FILE_NAME_MAX, safeName } from '@xemchung/protocol';
import { digestFile } from './fileDigest.ts';

/** What the room is told of a file before it is offered (R117): what `playlist:addFile` carries. */
export interface MediaFileFacts {
  name: string;
  size: number;
  duration: number;
  mime: string;
  digest: string;
}

export type MediaFileProblem = 'too_large' | 'unplayable';

/** Types the browser may leave empty or name its own way, by extension. */
const TYPE_BY_EXTENSION: Record<string, string> = {
  mkv: 'video/x-matroska',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  wav: 'audio/wav',
};

/** How long the browser may take to read a file's header before we call it unplayable. */
const PROBE_TIMEOUT_MS = 15_000;

function mimeOf(file: File): string | null {
  if (OWN_FILE_MIME_PATTERN.test(file.type)) return file.type;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? null;
}

/** The duration the browser reads from the file's header, or null when it cannot play the file. */
function probeDuration(file: File, audio: boolean): Promise<number | null> {
  const element = document.createElement(audio ? 'audio' : 'video');
  const url = URL.createObjectURL(file);
  return new Promise<number | null>((resolve) => {
    const done = (duration: number | null) => {
      clearTimeout(timer);
      element.removeAttribute('src');
      element.load();
      URL.revokeObjectURL(url);
      resolve(duration);
    };
    const timer = setTimeout(() => done(null), PROBE_TIMEOUT_MS);
    element.preload = 'metadata';
    element.muted = true;
    element.addEventListener('loadedmetadata', () =>
      done(Number.isFinite(element.duration) && element.duration > 0 ? element.duration : null),
    );
    element.addEventListener('error', () => done(null));
    element.src = url;
  });
}

/**
 * The file's name as the playlist may hold it (R117, the name rule R96): without the characters the rule refuses
 * (a file name may hold line breaks), cut at a whole grapheme so that it fits 200 UTF-16 units, 'Tệp' when nothing
 * visible is left.
 */
export function playlistName(fileName: string): string {
  const cleaned = safeName(fileName.normalize('NFC'), OWN_FILE_NAME_MAX) ?? 'Tệp';
  let name = '';
  for (const { segment } of new Intl.Segmenter().segment(cleaned)) {
    if (name.length + segment.length > OWN_FILE_NAME_MAX) break;
    name += segment;
  }
  return name.trim() || 'Tệp';
}

/**
 * R117: reads what the room needs of a file, after making sure this browser plays it (a file it cannot play is
 * refused here, before anyone else is offered it): its name, size, type, duration and digest (R118).
 */
export async function readMediaFile(file: File): Promise<MediaFileFacts | MediaFileProblem> {
  if (file.size > OWN_FILE_BYTES_MAX) return 'too_large';
  const mime = mimeOf(file);
  if (mime === null || file.size === 0) return 'unplayable';
  const duration = await probeDuration(file, mime.startsWith('audio/'));
  if (duration === null) return 'unplayable';
  const name = playlistName(file.name);
  return { name, size: file.size, duration, mime, digest: await digestFile(file) };
}
