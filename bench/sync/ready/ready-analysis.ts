// The `ready` scenario's own numbers (issue #27 item 5), from what the pages recorded: for each host action, when
// the room committed it, when the room's clock started (R122: a start may wait for the players), and when each
// viewer's player started moving there. Pure. Times are ms on the common clock, which on one machine is also the
// server's clock (`updated_at`), positions are seconds of media time.
import type { FrameSample, SocketSample } from '../analysis.ts';
import type { TappedCommit, TappedVideo } from './room-tap.ts';

export type ReadyActKind = 'select' | 'seek' | 'pause' | 'play';

export interface ReadyAction {
  /** When the host acted (common clock). */
  at: number;
  label: string;
  kind: ReadyActKind;
}

/** How far from its target a viewer's first frame may be: further is still another item or the old position. */
const TARGET_SLACK_S = 10;
/** A step between two frames larger than this is a jump (a seek landing), not playing. */
const PLAYING_STEP_S = 0.5;

/** Where a playing video is at server time `at`, from a commit's current_video (packages/protocol position.ts). */
function positionAt(video: TappedVideo, at: number): number {
  return video.playing
    ? video.current_time + (Math.max(0, at - video.updated_at) / 1000) * video.rate
    : video.current_time;
}

/** Whether `video`, committed after `before`, is the room carrying out an action of `kind`. */
function carriesOut(kind: ReadyActKind, before: TappedVideo | null, video: TappedVideo): boolean {
  if (kind === 'select') return video.id !== '' && video.id !== before?.id;
  if (kind === 'pause') return !video.playing && before?.playing !== false;
  if (kind === 'play') return video.playing && before?.playing === false;
  // A seek: a position other than where the room's clock had it (2 s: more than any report's nudge).
  return before?.id === video.id && Math.abs(video.current_time - positionAt(before, video.updated_at)) > 2;
}

/** The index of the first commit heard in [from, until) that carries out `kind`, or -1. */
export function firstCommitOf(commits: TappedCommit[], kind: ReadyActKind, from: number, until: number): number {
  for (let index = 0; index < commits.length; index++) {
    const [at, , video] = commits[index] as TappedCommit;
    if (at < from || at >= until || !video) continue;
    const before = (commits[index - 1]?.[2] as TappedVideo | null | undefined) ?? null;
    if (carriesOut(kind, before, video)) return index;
  }
  return -1;
}

/**
 * When the room's clock started after the commit at `first` (server ms): its `updated_at`, unless a later commit
 * heard before that moment moved the start (R122: the last viewer ready starts it now). A commit heard after the
 * clock started is the room playing on, not the start. Null when the commit is not a playing one.
 */
export function clockStartAfter(commits: TappedCommit[], first: number): number | null {
  const video = commits[first]?.[2];
  if (!video?.playing) return null;
  let start = video.updated_at;
  for (const [at, , next] of commits.slice(first + 1)) {
    if (at >= start) break;
    if (!next || next.id !== video.id || !next.playing) break;
    start = next.updated_at;
  }
  return start;
}

/** How long a viewer must keep moving for its start to count: a held player may show a few moving frames first. */
export const SUSTAINED_MS = 300;
/** A wait between two frames longer than this breaks a run of playing (a hold, a stall). */
const FRAME_GAP_MS = 250;

/** Whether frames[index] is one playing step past the frame before it, shown soon after it. */
function movesOn(frames: FrameSample[], index: number): boolean {
  const previous = frames[index - 1];
  const frame = frames[index];
  if (!previous || !frame) return false;
  const step = frame[1] - previous[1];
  return step > 0 && step < PLAYING_STEP_S && frame[0] - previous[0] <= FRAME_GAP_MS;
}

/**
 * When a viewer's player started playing at `target` after `since`: the first frame shown after it, within
 * TARGET_SLACK_S of the target, that is one playing step past the frame before it (a held or just-seeked frame
 * shows once; the next one moves) and from which the frames keep moving for SUSTAINED_MS. A blip of motion before
 * a hold (a host's own seek, then the room's wait) does not count. Null when it never did before `until`.
 */
export function firstMovingFrame(frames: FrameSample[], since: number, target: number, until: number): number | null {
  for (let index = 1; index < frames.length; index++) {
    const [at, media] = frames[index] as FrameSample;
    if (at < since) continue;
    if (at >= until) break;
    const previous = (frames[index - 1] as FrameSample)[1];
    // The first frame may follow a held one shown long before: only its step matters, not the wait.
    if (Math.abs(media - target) > TARGET_SLACK_S || media <= previous || media - previous >= PLAYING_STEP_S) continue;
    let last = index;
    while (last + 1 < frames.length && movesOn(frames, last + 1)) last++;
    if ((frames[last] as FrameSample)[0] - at >= SUSTAINED_MS) return at;
    index = last;
  }
  return null;
}

/** The last viewer's first frame minus the first's; null when a viewer never started. */
export function startSpread(firstFrames: (number | null)[]): number | null {
  if (firstFrames.length === 0 || firstFrames.some((at) => at === null)) return null;
  const times = firstFrames as number[];
  return Math.max(...times) - Math.min(...times);
}

/** When a page first reported its player ready (`playback:ready`, R122) in [from, until), or null. */
export function readySentAt(socket: SocketSample[], from: number, until: number): number | null {
  const sent = socket.find(
    ([at, direction, text]) => direction === 'out' && at >= from && at < until && /^42\d*\["playback:ready"/.test(text),
  );
  return sent ? sent[0] : null;
}

export interface ActionStart {
  action: ReadyAction;
  /** When the host's page heard the commit that carried the action out; null when none came. */
  commitAt: number | null;
  /** The position the room starts or stops at. */
  target: number | null;
  /** When the room's clock started (server ms); null for a pause. */
  startAt: number | null;
  /** startAt − commitAt: how long the room waited for players (≈ 0 without a gate, ≤ the bound with it). */
  waitMs: number | null;
  /** Whom the first commit waited for (person keys, R122). */
  waitedFor: string[];
  /** Whether the start came before the bound ran out: every viewer waited for reported ready in time. */
  allReadyInTime: boolean;
  /** Each viewer's first moving frame after the commit (host first), and its `playback:ready` report. */
  firstFrames: (number | null)[];
  readySent: (number | null)[];
  spreadMs: number | null;
}

export interface ViewerRecording {
  frames: FrameSample[];
  socket: SocketSample[];
}

/** Each action's commit, start, wait and the viewers' first frames; `end` closes the last action's window. */
export function actionStarts(
  actions: ReadyAction[],
  commits: TappedCommit[],
  viewers: ViewerRecording[],
  end: number,
): ActionStart[] {
  return actions.map((action, index) => {
    const until = actions[index + 1]?.at ?? end;
    const first = firstCommitOf(commits, action.kind, action.at, until);
    const commit = commits[first];
    const video = commit?.[2] ?? null;
    const commitAt = commit ? commit[0] : null;
    const startAt = first >= 0 ? clockStartAfter(commits, first) : null;
    const target = video ? video.current_time : null;
    const moving = action.kind !== 'pause' && commitAt !== null && target !== null;
    const firstFrames = viewers.map((viewer) =>
      moving ? firstMovingFrame(viewer.frames, action.at, target, until) : null,
    );
    return {
      action,
      commitAt,
      target,
      startAt,
      waitMs: startAt !== null && commitAt !== null ? startAt - commitAt : null,
      waitedFor: commit?.[3] ?? [],
      allReadyInTime: startAt !== null && video !== null && startAt < video.updated_at,
      firstFrames,
      readySent: viewers.map((viewer) => (commitAt === null ? null : readySentAt(viewer.socket, commitAt, until))),
      spreadMs: moving ? startSpread(firstFrames) : null,
    };
  });
}
