import { randomUUID } from 'node:crypto';
import { expectedPosition, isController, roleOf, SHARE_ID_PREFIX } from '@xemchung/protocol';
import type { Actor } from '../commands/actor.ts';
import { type RoomState, type RoomTab, refuse, type Transition } from './room-state-types.ts';

// The room's screen share (docs/room-rules.md R126): one at a time, shown to everyone in place of the player. The
// room stands paused under it, so that when it ends everyone is back on the item where they left it.

/**
 * R126: `tab` starts sharing. Someone else's share standing refuses it (`share_taken`: a controller stops that one
 * first); the same person's share is taken over (their other tab, or this tab on a new socket after a reconnect).
 * The room pauses where it is, and a start waiting for the players (R122) stops waiting.
 */
export function startShare(state: RoomState, tab: RoomTab | undefined, now: number): Transition {
  if (!tab) return refuse('unavailable', 'Screen sharing is not offered here');
  const standing = state.share;
  if (standing && standing.by.key !== tab.person.key) {
    return refuse('share_taken', 'Someone else is sharing their screen; stop that share first');
  }
  const share = { id: `${SHARE_ID_PREFIX}${randomUUID()}`, peer: tab.peer, by: tab.person, since: now };
  return { state: { ...paused(state, now), share } };
}

/** R126: the sharer ends their share, whatever their role is now, and a controller ends anyone's. */
export function stopShare(state: RoomState, id: string, actor: Actor): Transition {
  const share = state.share;
  if (!share || share.id !== id) return { state };
  if (share.by.key !== actor.key && !isController(roleOf(state, actor.uid))) {
    return refuse('forbidden', 'Only the sharer and the host or a co-host can stop this share');
  }
  return { state: { ...state, share: null } };
}

/** R126: the sharing tab left the room (closed, disconnected, kicked): its share ends with it. */
export function endShareOf(state: RoomState, peer: string): Transition {
  return state.share?.peer === peer ? { state: { ...state, share: null } } : { state };
}

/**
 * R126: what ends a share besides a stop. A co-host who loses control loses their share with it; a command that
 * makes the room play (a select, a play, autoplay) brings everyone back to the playlist, so the share ends.
 */
export function shareAfter(before: RoomState, after: RoomState): RoomState {
  const share = after.share;
  if (!share) return after;
  const stillControls = share.by.uid !== null && isController(roleOf(after, share.by.uid));
  const playsAgain =
    after.current_video.playing &&
    (!before.current_video.playing || before.current_video.id !== after.current_video.id);
  return stillControls && !playsAgain ? after : { ...after, share: null };
}

function paused(state: RoomState, now: number): RoomState {
  const current = state.current_video;
  if (!current.playing) return state;
  const position = expectedPosition(current, now);
  return {
    ...state,
    current_video: { ...current, playing: false, current_time: position, updated_at: now },
    readyWait: state.readyWait.length === 0 ? state.readyWait : [],
  };
}
