import { SUBTITLE_FILE_BYTES_MAX, type SubtitleUpload } from '@xemchung/protocol';

/** Why a file did not go up (R109–R111), each with its own text in the dialog. */
export type UploadProblem = 'not_subtitles' | 'encoding' | 'empty' | 'too_large' | 'too_fast' | 'failed';

/** What the server answers with (subtitles/subtitle-routes.ts), as the dialog says it. */
const PROBLEMS: Readonly<Record<string, UploadProblem>> = {
  subtitle_binary: 'not_subtitles',
  not_subtitles: 'not_subtitles',
  subtitle_encoding: 'encoding',
  subtitle_empty: 'empty',
  payload_too_large: 'too_large',
  rate_limited: 'too_fast',
};

const SUBTITLE_NAME = /\.(srt|vtt)$/i;

/**
 * Sends a subtitle file's bytes to the room (R111): the server tells its encoding, reads its cues and keeps them
 * under an id that only this answer carries. A file that is not .srt or .vtt, or larger than the limit, is
 * refused here before anything is sent.
 */
export async function uploadSubtitle(roomId: string, file: File): Promise<SubtitleUpload | { problem: UploadProblem }> {
  if (!SUBTITLE_NAME.test(file.name)) return { problem: 'not_subtitles' };
  if (file.size > SUBTITLE_FILE_BYTES_MAX) return { problem: 'too_large' };
  let response: Response;
  try {
    response = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/subtitles`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/octet-stream', accept: 'application/json' },
      body: file,
    });
  } catch {
    return { problem: 'failed' };
  }
  const body = (await response.json().catch(() => null)) as SubtitleUpload | { error?: { code?: string } } | null;
  if (response.ok && body && 'id' in body) return body;
  const code = body && 'error' in body ? (body.error?.code ?? '') : '';
  return { problem: PROBLEMS[code] ?? 'failed' };
}
