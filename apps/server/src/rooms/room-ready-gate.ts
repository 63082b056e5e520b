import {
  expectedPosition,
  READY_GATE_LEAD_MS,
  READY_GATE_SEEK_SECONDS,
  SKIP_VOTES_MAX,
  startPending,
} from '@xemchung/protocol';
import type { Actor } from '../commands/actor.ts';
import { type RoomState, refuse, type Transition } from './room-state-types.ts';

// The ready gate (docs/room-rules.md R122): a start — an item beginning, a seek while playing, a play from a
// pause — is stamped in the future, when the room's clock begins, and waits there for the players still loading.

/**
 * Whether `after`'s playback, taken from `before` at `now`, is a start the room should wait for: another item, a
 * play from a pause, or a position more than READY_GATE_SEEK_SECONDS from the room's clock — the user's seek, however
 * its controller reports it (a tick's re-anchor often carries it before the seek's own event), or a stall that long,
 * which moves everyone as a seek does.
 */
function isStart(before: RoomState, after: RoomState, now: number): boolean {
  const was = before.current_video;
  const next = after.current_video;
  if (!next.playing || next.id === '') return false;
  if (next.id !== was.id || !was.playing) return true;
  return Math.abs(expectedPosition(next, now) - expectedPosition(was, now)) > READY_GATE_SEEK_SECONDS;
}

/** R122: the person keys of the people in a room whose players a start waits for (present, with a working player). */
export type Waitable = (roomId: string) => ReadonlySet<string>;

/**
 * The state a command leads to, with its start gated (R122): a start waits until `now` + the room's bound for the
 * people `waitable` lists (present, with a working player), and begins at once when there is none to wait for or
 * the bound is 0. A re-anchor while a start waits (a controller's report of the same place) leaves the start where
 * it was; anything else that stops or changes what plays ends the wait.
 */
export function gateStart(before: RoomState, after: RoomState, now: number, waitable: Waitable | undefined): RoomState {
  const was = before.current_video;
  const next = after.current_video;
  if (isStart(before, after, now)) {
    const bound = after.settings.readyGateSeconds * 1000;
    const people = bound > 0 && waitable ? [...waitable(after.id)].slice(0, SKIP_VOTES_MAX) : [];
    if (people.length === 0) return withoutWait(after);
    const position = expectedPosition(next, now);
    return {
      ...after,
      current_video: { ...next, current_time: position, updated_at: now + bound },
      readyWait: people,
    };
  }
  if (next !== was && next.playing && next.id === was.id && startPending(before, now)) {
    return {
      ...after,
      current_video: { ...next, current_time: was.current_time, updated_at: was.updated_at },
      readyWait: before.readyWait,
    };
  }
  return startPending(after, now) ? after : withoutWait(after);
}

/**
 * R122: a decision the server makes by itself (a skip a leave completes, R66; the move-on from an absent sharer,
 * R120), gated like a command's: the start it makes waits for the players as any other.
 */
export function gated(
  decide: (state: RoomState, now: number) => Transition,
  waitable: Waitable | undefined,
): (state: RoomState, now: number) => Transition {
  return (state, now) => {
    const decided = decide(state, now);
    return 'error' in decided ? decided : { state: gateStart(state, decided.state, now, waitable) };
  };
}

/** The same state when nobody is listed as waited for, else the list emptied. */
function withoutWait(state: RoomState): RoomState {
  return state.readyWait.length === 0 ? state : { ...state, readyWait: [] };
}

/**
 * R122: `actor`'s player can play at the start that waits until `startsAt`. The last of the people waited for to
 * say so brings the start forward to READY_GATE_LEAD_MS from now; a ready for another start, or from someone not
 * waited for, changes nothing.
 */
export function playerReady(state: RoomState, id: string, startsAt: number, actor: Actor, now: number): Transition {
  const current = state.current_video;
  if (current.id !== id || current.updated_at !== startsAt || !startPending(state, now)) return { state };
  if (!state.readyWait.includes(actor.key)) return { state };
  return {
    state: waitOnlyFor(
      state,
      state.readyWait.filter((key) => key !== actor.key),
      now,
    ),
  };
}

/**
 * R122: the people present changed while a start waits: whoever left is no longer waited for, and the start comes
 * READY_GATE_LEAD_MS from now once nobody listed is left. The same state when nothing changes.
 */
export function recheckReadyWait(state: RoomState, present: ReadonlySet<string>, now: number): RoomState {
  if (!startPending(state, now)) return state;
  const readyWait = state.readyWait.filter((key) => present.has(key));
  return readyWait.length === state.readyWait.length ? state : waitOnlyFor(state, readyWait, now);
}

/** R122: a controller starts the waiting room's clock now, whoever is still loading. */
export function startNow(state: RoomState, id: string, now: number): Transition {
  if (state.current_video.id !== id) return refuse('version_conflict', 'That video is no longer playing');
  return { state: startPending(state, now) ? startSoon(state, now) : state };
}

/** The waiting start, waiting only for `readyWait` now; with nobody left, it starts soon. */
function waitOnlyFor(state: RoomState, readyWait: string[], now: number): RoomState {
  return readyWait.length > 0 ? { ...state, readyWait } : startSoon(state, now);
}

/** The start brought forward to READY_GATE_LEAD_MS from now (never later than it was), the wait over. */
function startSoon(state: RoomState, now: number): RoomState {
  const updated_at = Math.min(state.current_video.updated_at, now + READY_GATE_LEAD_MS);
  return { ...state, current_video: { ...state.current_video, updated_at }, readyWait: [] };
}
