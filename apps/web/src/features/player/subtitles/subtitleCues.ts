import { parseSubtitles, type SubtitleCue, toWebVtt } from '@xemchung/protocol';

/** Files already fetched, by id: a file's id names its content for good (R111), so one fetch per page serves all. */
const fetched = new Map<string, Promise<SubtitleCue[]>>();

/** The cues of an attached file, as the server wrote them (R110). */
export function subtitleCues(roomId: string, fileId: string): Promise<SubtitleCue[]> {
  let cues = fetched.get(fileId);
  if (!cues) {
    cues = fetch(`/api/rooms/${encodeURIComponent(roomId)}/subtitles/${encodeURIComponent(fileId)}`, {
      credentials: 'same-origin',
    }).then(async (response) => {
      if (!response.ok) throw new Error(`subtitle ${fileId}: ${response.status}`);
      const parsed = parseSubtitles(await response.text());
      return 'cues' in parsed ? parsed.cues : [];
    });
    cues.catch(() => fetched.delete(fileId)); // a later render tries again
    fetched.set(fileId, cues);
  }
  return cues;
}

/**
 * R112: the cues moved by the room's shift, as a WebVTT file for the <track> element. A positive shift shows each
 * line later; lines shifted wholly before the start are dropped, and one that straddles it starts at 0.
 */
export function shiftedVtt(cues: readonly SubtitleCue[], shiftMs: number): string {
  const shift = shiftMs / 1000;
  return toWebVtt(
    cues
      .filter((cue) => cue.end + shift > 0)
      .map((cue) => ({ start: Math.max(0, cue.start + shift), end: cue.end + shift, text: cue.text })),
  );
}
