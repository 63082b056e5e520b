import { randomInt } from 'node:crypto';
import {
  COHOSTS_MAX,
  DEFAULT_CURRENT_VIDEO,
  type ErrorCode,
  type LoopMode,
  REFUSAL_MESSAGES,
  type Role,
  type RoomCommand,
  type RoomSettings,
  type RoomSnapshot,
  refusalFor,
  roleOf,
  type SettingsChange,
  skipPasses,
  type Video,
} from '@xemchung/protocol';
import type { Actor } from '../commands/actor.ts';
import { add, addFile, addList, type ListAdd } from './room-adds.ts';
import { callAfter, joinCall, leaveCall, muteInCall, updateCall } from './room-call.ts';
import { move, playNext, shuffle } from './room-order.ts';
import { gateStart, playerReady, startNow, type Waitable } from './room-ready-gate.ts';
import { shareAfter, startShare, stopShare } from './room-share.ts';
import { type Adder, type RoomState, type RoomTab, refuse, type Transition } from './room-state-types.ts';
import { addSubtitle, removeSubtitle, type SubtitleAdd, shiftSubtitles } from './room-subtitles.ts';

export { type ListAdd, type ListAddSummary, listAddSummary, waitingCount } from './room-adds.ts';
export { endShareOf } from './room-share.ts';
export type { Adder, RoomState, RoomTab, Transition } from './room-state-types.ts';
export type { SubtitleAdd } from './room-subtitles.ts';

/** The room as clients see it: without who added what or voted from where (a guest's address key stays here). */
export function publicRoom(state: RoomState, version: number): RoomSnapshot {
  const { adders: _private, voterAddresses: _alsoPrivate, ...room } = state;
  return { ...room, version };
}

/**
 * What a command may need beyond the state: the room version it was read at (R60's and R93's optional check), where
 * shuffles take their randomness (R62; `crypto.randomInt` unless a test gives its own), and the person keys of
 * the people in the room now, on every node (R66: what a skip vote is counted against; presence knows them).
 */
export interface CommandContext {
  version?: number;
  randomInt?: (max: number) => number;
  present?: ReadonlySet<string>;
  /**
   * R122: the person keys of the people present whose players a start may wait for, asked only when a start is
   * decided. Without it nobody is waited for: every start begins at once.
   */
  waitable?: Waitable;
  /** R126, R127: the tab a share or call command came from; without it nobody can share or join the call. */
  tab?: RoomTab;
  /** R127, R129: how many tabs the call holds (more through an SFU); CALL_MEMBERS_MAX when absent. */
  callMax?: number;
}

/** Whether a command made against room version `seen` (when it names one) comes after the room moved on (R60, R93). */
const movedOn = (seen: number | undefined, context: CommandContext) =>
  seen !== undefined && context.version !== undefined && seen !== context.version;

/** What the state machine applies: the room commands, with a playlist import carrying the videos read (R71). */
export type StateCommand = Exclude<RoomCommand, { type: 'playlist:addList' | 'subtitle:add' }> | ListAdd | SubtitleAdd;

const defaultCurrentVideo = () => ({ ...DEFAULT_CURRENT_VIDEO });

/** The actor's role in the room as stored (R50). */
export function actorRole(state: RoomState, actor: Actor): Role {
  return roleOf(state, actor.uid);
}

/**
 * The room state machine: every rule of docs/room-rules.md (R2, R6–R15, R55–R57, R60–R63; adding videos, R6–R9 and R71, in room-adds.ts) and nothing else — no I/O, no clock
 * but `now` (server epoch ms), no knowledge of sockets or SQL. The actor has joined the room; whether it may
 * run the command is decided here from the permission table, against this very state.
 */
export function applyRoomCommand(
  state: RoomState,
  command: StateCommand,
  actor: Actor,
  now: number,
  context: CommandContext = {},
): Transition {
  const decided = decide(state, command, actor, now, context);
  // R122: a start waits for the players still loading; the ready gate's own commands move that wait themselves.
  const outcome =
    'error' in decided || command.type === 'playback:ready' || command.type === 'playback:start'
      ? decided
      : { state: gateStart(state, decided.state, now, context.waitable) };
  if ('error' in outcome) return outcome;
  // R126: a share ends when its sharer loses control or the room plays again; R127: the call keeps whom the
  // settings admit.
  const shared = callAfter(shareAfter(state, outcome.state));
  // R65: votes are about one item; whatever changed the item (a select, a removal, autoplay) drops them.
  if (shared.skipVotes.length === 0 || shared.current_video.id === state.current_video.id) {
    return shared === outcome.state ? outcome : { state: shared };
  }
  return { state: { ...shared, skipVotes: [] } };
}

function decide(
  state: RoomState,
  command: StateCommand,
  actor: Actor,
  now: number,
  context: CommandContext,
): Transition {
  const denied = refusalFor(command.type, actorRole(state, actor), state.settings);
  if (denied) return refuse(denied, REFUSAL_MESSAGES[denied]);
  switch (command.type) {
    case 'playlist:add':
      return add(state, command.video, actor);
    case 'playlist:addList':
      return addList(state, command.videos, actor);
    case 'playlist:addFile':
      return addFile(state, command.file, actor);
    case 'playlist:select':
      return select(state, command.id, now);
    case 'playlist:remove':
      return remove(state, command.id);
    case 'playlist:clearWatched':
      return clearWatched(state);
    case 'playlist:move':
      if (movedOn(command.version, context)) return refuse('version_conflict', 'The playlist changed since you saw it');
      return move(state, command.id, command.toIndex);
    case 'playlist:playNext':
      return playNext(state, command.id);
    case 'playlist:shuffle':
      return shuffle(state, context.randomInt ?? randomInt);
    case 'room:loop':
      return command.mode === state.loop ? { state } : { state: { ...state, loop: command.mode } };
    case 'playback:update':
      if (command.id !== state.current_video.id) return refuse('version_conflict', 'That video is no longer playing');
      // R93: a re-anchor made against an older room would undo what changed since (another controller's pause).
      if (movedOn(command.version, context)) return refuse('version_conflict', 'The room changed since this report');
      return {
        state: {
          ...state,
          current_video: {
            ...state.current_video,
            playing: command.playing,
            current_time: command.position,
            rate: command.rate,
            updated_at: now,
          },
        },
      };
    case 'playback:ended':
      return ended(state, command.id, now);
    case 'playback:ready':
      return playerReady(state, command.id, command.startsAt, actor, now);
    case 'playback:start':
      return startNow(state, command.id, now);
    case 'vote:skip':
      // Counted against nobody would let one vote pass alone: without presence the vote cannot be decided.
      if (!context.present) return refuse('unavailable', 'Who is in the room is not known here');
      return voteSkip(state, command.id, command.skip, actor, now, context.present);
    case 'playlist:clear':
      return clearQueue(state);
    case 'cohost:grant':
      return grant(state, command.uid);
    case 'cohost:revoke':
      return revoke(state, command.uid);
    case 'room:settings':
      return changeSettings(state, command.settings);
    case 'subtitle:add':
      return addSubtitle(state, command, actor);
    case 'subtitle:remove':
      return removeSubtitle(state, command.id, command.fileId, actor);
    case 'subtitle:shift':
      return shiftSubtitles(state, command.id, command.shiftMs);
    case 'share:start':
      return startShare(state, context.tab, now);
    case 'share:stop':
      return stopShare(state, command.id, actor);
    case 'call:join':
      return joinCall(state, context.tab, command.audio, command.video, context.callMax);
    case 'call:leave':
      return context.tab ? leaveCall(state, context.tab.peer) : { state };
    case 'call:update':
      return context.tab ? updateCall(state, context.tab.peer, command) : refuse('not_in_call', 'Join the call first');
    case 'call:mute':
      return muteInCall(state, command.peer, actor);
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled command ${JSON.stringify(unhandled)}`);
    }
  }
}

/**
 * R65, R66: `actor` votes to skip `id` (or takes the vote back). The votes kept are those of the people present
 * (so the list stays as short as the room), the voter's included; when more than half of them have voted, the
 * item is skipped at once (R67) and the votes go with it.
 */
function voteSkip(
  state: RoomState,
  id: string,
  skip: boolean,
  actor: Actor,
  now: number,
  present: ReadonlySet<string>,
): Transition {
  if (state.current_video.id === '') return refuse('nothing_playing', 'Nothing is playing');
  if (id !== state.current_video.id) return refuse('version_conflict', 'That video is no longer playing');
  const here = new Set(present).add(actor.key);
  const others = state.skipVotes.filter((key) => key !== actor.key && here.has(key));
  const addresses = state.voterAddresses ?? {};
  // R101: a guest is a cookie the client chooses, so the guests of one address have one vote between them.
  if (skip && actor.uid === null && others.some((key) => addresses[key] === actor.address)) {
    return refuse('address_voted', 'A guest on the same network has already voted');
  }
  const votes = skip ? [...others, actor.key] : others;
  if (skipPasses(votes, here)) return skipCurrent(state, now);
  const same = votes.length === state.skipVotes.length && votes.every((key) => state.skipVotes.includes(key));
  if (same) return { state };
  const voterAddresses: Record<string, string> = {};
  for (const key of votes) {
    const address = key === actor.key && actor.uid === null ? actor.address : addresses[key];
    if (address !== undefined) voterAddresses[key] = address;
  }
  return { state: { ...state, skipVotes: votes, voterAddresses } };
}

/**
 * R66: whether the votes stored pass now that the people present have changed (a leave lowers the threshold);
 * the same state when they do not. Decided inside the commit like any command, so two nodes seeing the same
 * leave skip once: the second finds the votes gone.
 */
export function recheckSkipVotes(state: RoomState, present: ReadonlySet<string>, now: number): Transition {
  if (!state.settings.skipVoting || state.current_video.id === '') return { state };
  if (!skipPasses(state.skipVotes, present)) return { state };
  return skipCurrent(state, now);
}

/**
 * R67: a vote-skip moves on as autoplay does (R11), except that it never replays the item it skipped: with the
 * loop on `one` it plays the next item as `off` would; with `all`, after the last comes the first. Past the last
 * item with the loop off (or on one), nothing is selected any more.
 */
export function skipCurrent(state: RoomState, now: number): Transition {
  const next = nextAfterEnd(state.playlist, state.current_video.index, state.loop === 'one' ? 'off' : state.loop);
  if (next) return select(state, next.id, now);
  return { state: { ...state, current_video: defaultCurrentVideo(), skipVotes: [] } };
}

/** R10: the video starts from 0 at normal speed, playing, and counts as watched; R65: with no votes. */
function select(state: RoomState, id: string, now: number): Transition {
  const index = state.playlist.findIndex((video) => video.id === id);
  const video = state.playlist[index];
  if (!video) return refuse('video_not_found', 'That video is not in the playlist');
  const playlist = video.visited
    ? state.playlist
    : state.playlist.map((item, i) => (i === index ? { ...item, visited: true } : item));
  return {
    state: {
      ...state,
      playlist,
      current_video: { id, index, playing: true, current_time: 0, updated_at: now, rate: 1 },
      // Left as it is when empty, so a select that changes only the room row keeps R17's read-free commit.
      skipVotes: state.skipVotes.length === 0 ? state.skipVotes : [],
    },
  };
}

/** R11, R12, R63: autoplay takes the next index (or what the loop mode says), once per ended video. */
function ended(state: RoomState, id: string, now: number): Transition {
  if (id !== state.current_video.id) return refuse('version_conflict', 'That video is no longer playing');
  const next = nextAfterEnd(state.playlist, state.current_video.index, state.loop);
  return next ? select(state, next.id, now) : { state };
}

/** R63: the item that follows the one at `index` when it ends, or none. */
function nextAfterEnd(playlist: readonly Video[], index: number, loop: LoopMode): Video | undefined {
  if (loop === 'one') return playlist[index];
  return playlist[index + 1] ?? (loop === 'all' ? playlist[0] : undefined);
}

/** R14. */
function remove(state: RoomState, id: string): Transition {
  const index = state.playlist.findIndex((video) => video.id === id);
  if (index < 0) return refuse('video_not_found', 'That video is not in the playlist');
  const playlist = state.playlist.filter((_, i) => i !== index);
  const current = state.current_video;
  let current_video = current;
  if (playlist.length === 0 || id === current.id) current_video = defaultCurrentVideo();
  else if (index < current.index) current_video = { ...current, index: current.index - 1 };
  return { state: { ...state, playlist, current_video, adders: addersOf(state, playlist) } };
}

/** R15: every watched video goes, except the one playing. */
function clearWatched(state: RoomState): Transition {
  const current = state.current_video;
  return keepOnly(state, (video) => !video.visited || video.id === current.id);
}

/** R57: the whole queue goes; the video playing stays. */
function clearQueue(state: RoomState): Transition {
  const current = state.current_video;
  return keepOnly(state, (video) => video.id === current.id);
}

/** The playlist without the videos `keep` refuses, the current index re-derived; the same state if none goes. */
function keepOnly(state: RoomState, keep: (video: Video) => boolean): Transition {
  const current = state.current_video;
  const playlist = state.playlist.filter(keep);
  if (playlist.length === state.playlist.length) return { state };
  const current_video =
    current.id === '' ? current : { ...current, index: playlist.findIndex((video) => video.id === current.id) };
  return { state: { ...state, playlist, current_video, adders: addersOf(state, playlist) } };
}

/** The adders of the videos still in `playlist`. */
export function addersOf(state: RoomState, playlist: readonly Video[]): Record<string, Adder> {
  const adders: Record<string, Adder> = {};
  for (const video of playlist) {
    const adder = state.adders[video.id];
    if (adder) adders[video.id] = adder;
  }
  return adders;
}

/** R55: control is shared with a signed-in user who is not the host, up to COHOSTS_MAX; granting twice is a no-op. */
function grant(state: RoomState, uid: string): Transition {
  if (uid === state.host) return refuse('invalid_target', 'The host already has control');
  if (state.cohosts.includes(uid)) return { state };
  if (state.cohosts.length >= COHOSTS_MAX) return refuse('cohosts_full', `A room has at most ${COHOSTS_MAX} co-hosts`);
  return { state: { ...state, cohosts: [...state.cohosts, uid] } };
}

/** R55: revoking someone who has no control is a no-op. */
function revoke(state: RoomState, uid: string): Transition {
  if (!state.cohosts.includes(uid)) return { state };
  return { state: { ...state, cohosts: state.cohosts.filter((cohost) => cohost !== uid) } };
}

/**
 * R56: only the settings named change; naming only the current values changes nothing. R64: turning voting off
 * drops the votes standing, so turning it on again starts from none.
 */
function changeSettings(state: RoomState, change: SettingsChange): Transition {
  const settings = { ...state.settings, ...change };
  const same = (Object.keys(settings) as Array<keyof RoomSettings>).every(
    (key) => settings[key] === state.settings[key],
  );
  if (same) return { state };
  const votesGo = !settings.skipVoting && state.skipVotes.length > 0;
  return { state: { ...state, settings, skipVotes: votesGo ? [] : state.skipVotes } };
}
