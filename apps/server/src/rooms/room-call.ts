import { CALL_MEMBERS_MAX, type CallMember } from '@xemchung/protocol';
import type { Actor } from '../commands/actor.ts';
import { type RoomState, type RoomTab, refuse, type Transition } from './room-state-types.ts';

// The room's voice and camera call (docs/room-rules.md R127): the tabs in it, each sending its microphone and camera
// to every other (a mesh, ADR 043). Who may join follows the host's callPolicy.

/** Whether the room's callPolicy lets `member` be in the call. */
function admitted(state: RoomState, member: Pick<CallMember, 'by'>): boolean {
  switch (state.settings.callPolicy) {
    case 'off':
      return false;
    case 'signedIn':
      return member.by.uid !== null;
    case 'everyone':
      return true;
  }
}

/**
 * R127: `tab` joins the call with its microphone (`audio`) and camera (`video`) as it says. The room's callPolicy
 * decides who may (`call_restricted`); the same person's other tab leaves the call (one tile per person); a full call
 * is `call_full` (`max` tabs: CALL_MEMBERS_MAX, or more through an SFU, R129). A tab already in the call changes what it
 * sends.
 */
export function joinCall(
  state: RoomState,
  tab: RoomTab | undefined,
  audio: boolean,
  video: boolean,
  max = CALL_MEMBERS_MAX,
): Transition {
  if (!tab) return refuse('unavailable', 'The call is not offered here');
  const member: CallMember = { peer: tab.peer, by: tab.person, audio, video };
  if (!admitted(state, member)) {
    return refuse('call_restricted', "The room's settings do not let you join the call");
  }
  const others = state.call.filter((joined) => joined.by.key !== tab.person.key && joined.peer !== tab.peer);
  if (others.length >= max) return refuse('call_full', `The call holds ${max} people at most`);
  const index = state.call.findIndex((joined) => joined.peer === tab.peer);
  const call = index >= 0 ? state.call.map((joined, at) => (at === index ? member : joined)) : [...others, member];
  return { state: { ...state, call } };
}

/** R127: the tab `peer` leaves the call (a leave, or its socket leaving the room); not in it, nothing changes. */
export function leaveCall(state: RoomState, peer: string): Transition {
  if (!state.call.some((member) => member.peer === peer)) return { state };
  return { state: { ...state, call: state.call.filter((member) => member.peer !== peer) } };
}

/** R127: the tab `peer` turns its microphone or camera on or off. */
export function updateCall(state: RoomState, peer: string, change: { audio?: boolean; video?: boolean }): Transition {
  const member = state.call.find((joined) => joined.peer === peer);
  if (!member) return refuse('not_in_call', 'Join the call first');
  const next = { ...member, audio: change.audio ?? member.audio, video: change.video ?? member.video };
  if (next.audio === member.audio && next.video === member.video) return { state };
  return { state: { ...state, call: state.call.map((joined) => (joined === member ? next : joined)) } };
}

/**
 * R127: a controller mutes the tab `peer` for everyone; they may turn their microphone on again. The host is muted
 * only by the host: a co-host muting the host is `invalid_target`.
 */
export function muteInCall(state: RoomState, peer: string, actor: Actor): Transition {
  const member = state.call.find((joined) => joined.peer === peer);
  if (!member) return refuse('not_in_call', 'That tab is not in the call');
  if (member.by.uid === state.host && actor.uid !== state.host) {
    return refuse('invalid_target', 'Only the host can mute the host');
  }
  return updateCall(state, peer, { audio: false });
}

/** R127: a change of the settings that no longer admits someone in the call takes them out of it. */
export function callAfter(after: RoomState): RoomState {
  const call = after.call.filter((member) => admitted(after, member));
  return call.length === after.call.length ? after : { ...after, call };
}
