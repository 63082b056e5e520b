// Subtitle files as cues (R110): SRT and WebVTT read into one list of timed texts, broken cues skipped and
// counted, and written back as the WebVTT that the server stores and every viewer's player shows. Free of zod.

/** One timed text: `start` and `end` in seconds of the media; `text` is WebVTT cue text with at most <i>, <b>, <u>. */
export interface SubtitleCue {
  start: number;
  end: number;
  text: string;
}

export type SubtitleFormat = 'srt' | 'vtt';

/** What a file held: its cues in time order, and how many of its blocks were broken and left out (R110). */
export interface ParsedSubtitles {
  format: SubtitleFormat;
  cues: SubtitleCue[];
  skipped: number;
}

/** Not subtitles at all: no block in the file has a timing line. */
export type SubtitleParseProblem = 'not_subtitles';

/** Most cues a file may hold (a feature film has 1,000–2,000; 2 MB of one-word cues could hold ~60,000). */
export const SUBTITLE_CUES_MAX = 20_000;

// 01:02:03,456 (SRT), 01:02:03.456 or 02:03.456 (WebVTT); SRT files in the wild also write 1-2 digit fields.
const TIMESTAMP = String.raw`(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2})[,.](\d{1,3})`;
const TIMING = new RegExp(String.raw`^\s*${TIMESTAMP}\s*-->\s*${TIMESTAMP}(?:\s.*)?$`);

/** Whole milliseconds first, then seconds: 00:29.673 is exactly 29673 / 1000, as written, not 29 + 0.673. */
const seconds = (h: string | undefined, m: string, s: string, ms: string) =>
  (Number(h ?? 0) * 3_600_000 + Number(m) * 60_000 + Number(s) * 1000 + Number(ms.padEnd(3, '0'))) / 1000;

function timing(line: string): { start: number; end: number } | null {
  const match = TIMING.exec(line);
  if (!match) return null;
  const [, h1, m1, s1, f1, h2, m2, s2, f2] = match as unknown as string[];
  if (Number(m1) > 59 || Number(s1) > 59 || Number(m2) > 59 || Number(s2) > 59) return null;
  return {
    start: seconds(h1, m1 as string, s1 as string, f1 as string),
    end: seconds(h2, m2 as string, s2 as string, f2 as string),
  };
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
  quot: '"',
  apos: "'",
};
const STYLE_TAG = /^<(\/?)([ibu])(?:\.[^>\s]*)?>$/i;

/**
 * R110: cue text is text. <i>, <b> and <u> (SRT's and WebVTT's own, classes dropped) are kept as WebVTT tags;
 * every other tag (<font>, <script>, WebVTT voice and class spans…) and SSA overrides such as {\an8} are removed
 * with their brackets, their text kept; entities are read and every <, > and & left is escaped, so a viewer's
 * player never sees markup but the three styles. Tags left open are closed, so one cue's italics end with it.
 * The text is read again until it no longer changes, since taking markup out can join what was around it into
 * new markup ('{<x>\}'): what is stored is what a WebVTT reader reads back from it.
 */
export function cueText(raw: string, format: SubtitleFormat): string {
  let text = readCueOnce(raw, format);
  for (let read = 1; read < CUE_READS_MAX; read++) {
    const again = readCueOnce(text, 'vtt');
    if (again === text) return text;
    text = again;
  }
  // Markup nested so deep that every reading makes more of it ('{{{{\}\}\}\}'…) is no subtitle: the cue is
  // skipped as broken.
  return '';
}

/** Readings of a cue's text at most before it is taken for broken: each costs a pass over a text of up to 2 MB. */
const CUE_READS_MAX = 4;

/**
 * The text without SSA overrides such as {\an8}, in one pass: a `{\` with no `}` after it ends the search (no later
 * one has one either), so a file of `{\{\{\…` costs no more than its length.
 */
function withoutOverrides(text: string): string {
  let kept = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('{\\', at);
    if (open < 0) break;
    const close = text.indexOf('}', open + 2);
    if (close < 0) break;
    kept += text.slice(at, open);
    at = close + 1;
  }
  return kept + text.slice(at);
}

function readCueOnce(raw: string, format: SubtitleFormat): string {
  const open: string[] = [];
  let out = '';
  for (const part of withoutOverrides(raw).split(/(<[^<>]*>)/)) {
    const style = STYLE_TAG.exec(part);
    if (style) {
      const [, closing, tag] = style as unknown as [string, string, string];
      const name = tag.toLowerCase();
      if (!closing) {
        open.push(name);
        out += `<${name}>`;
      } else if (open.includes(name)) {
        while (open.length > 0) {
          const last = open.pop() as string;
          out += `</${last}>`;
          if (last === name) break;
        }
      }
    } else if (!/^<[^<>]*>$/.test(part)) {
      const plain =
        format === 'vtt'
          ? part.replace(/&(amp|lt|gt|nbsp|lrm|rlm|quot|apos);/g, (_, name: string) => ENTITIES[name] as string)
          : part;
      out += plain.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    }
  }
  out = out.trimEnd();
  while (open.length > 0) out += `</${open.pop()}>`;
  // Markup set aside can leave a line blank or edged with spaces; a blank line would end the cue in WebVTT.
  return out
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** Whether a cue's text shows anything once its style tags are set aside. */
const hasText = (text: string) => /[^\s]/u.test(text.replace(/<\/?[ibu]>/g, ''));

/**
 * R110: reads an SRT or WebVTT file's text (a WebVTT file starts with 'WEBVTT'). Each block separated by blank
 * lines is a cue when it has a valid timing line (end after start) and some text; any other block that is not a
 * WebVTT header, NOTE, STYLE or REGION is a broken cue, skipped and counted. Cues come back in time order;
 * overlapping cues are kept, as both formats allow. A file with no timing line at all is not subtitles.
 */
export function parseSubtitles(text: string): ParsedSubtitles | { problem: SubtitleParseProblem } {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const format: SubtitleFormat = /^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(lines) ? 'vtt' : 'srt';
  const blocks = lines.split(/\n[ \t]*\n/);
  if (format === 'vtt') blocks.shift();
  const cues: SubtitleCue[] = [];
  let skipped = 0;
  let timed = 0;
  for (const block of blocks) {
    const rows = block.split('\n').filter((row, index) => index > 0 || row.trim() !== '');
    if (rows.length === 0 || rows.every((row) => row.trim() === '')) continue;
    if (format === 'vtt' && /^(NOTE|STYLE|REGION)(\s|$)/.test(rows[0] as string)) continue;
    const at = rows.findIndex((row) => row.includes('-->'));
    const span = at >= 0 && at <= 1 ? timing(rows[at] as string) : null;
    if (at >= 0) timed++;
    const body = span ? cueText(rows.slice(at + 1).join('\n'), format) : '';
    if (!span || span.end <= span.start || !hasText(body) || cues.length >= SUBTITLE_CUES_MAX) {
      skipped++;
      continue;
    }
    cues.push({ start: span.start, end: span.end, text: body });
  }
  if (timed === 0) return { problem: 'not_subtitles' };
  cues.sort((a, b) => a.start - b.start);
  return { format, cues, skipped };
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** 3725.5 → '01:02:05.500' */
export function vttTimestamp(totalSeconds: number): string {
  const ms = Math.round(totalSeconds * 1000);
  return `${pad(Math.floor(ms / 3_600_000), 2)}:${pad(Math.floor(ms / 60_000) % 60, 2)}:${pad(Math.floor(ms / 1000) % 60, 2)}.${pad(ms % 1000, 3)}`;
}

/** The cues as a WebVTT file: what the server stores and serves, and parseSubtitles reads back unchanged. */
export function toWebVtt(cues: readonly SubtitleCue[]): string {
  return `WEBVTT\n\n${cues.map((cue) => `${vttTimestamp(cue.start)} --> ${vttTimestamp(cue.end)}\n${cue.text}\n`).join('\n')}`;
}
