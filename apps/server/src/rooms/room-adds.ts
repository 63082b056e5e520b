import {
  type AddVideoInput,
  canonicalHttpUrl,
  DEFAULT_CURRENT_VIDEO,
  DUPLICATE_VIDEO_MESSAGE,
  type ErrorCode,
  isController,
  type OwnFile,
  ownFileVideoId,
  PLAYLIST_MAX,
  roleOf,
  type Video,
} from '@xemchung/protocol';
import type { Actor } from '../commands/actor.ts';
import { type Adder, type RoomState, refuse, type Transition } from './room-state-types.ts';

// Adding videos to the playlist: one (R6–R9, R40, R56) or a YouTube playlist's (R71). Part of the state machine of
// room-state.ts, which dispatches to it; pure like the rest of it.

/**
 * R117: a file from the sender's device, with the sender as its sharer, added as a link is (R6–R9, R56). Its id is
 * the file's (R118), so the same film shared twice is one item.
 */
export function addFile(state: RoomState, file: Omit<OwnFile, 'sharer'>, actor: Actor): Transition {
  const input = {
    id: ownFileVideoId(file.digest),
    title: file.name,
    thumbnail: '',
    source: 'file' as const,
    mediaUrl: null,
    file: { ...file, sharer: actor.key },
  };
  return add(state, input, actor);
}

/**
 * `playlist:addList` as the state machine takes it (R71): the videos the server read from the YouTube list (R72),
 * in order, and whether the list goes on past them.
 */
export interface ListAdd {
  type: 'playlist:addList';
  listId: string;
  videos: readonly AddVideoInput[];
  more: boolean;
}

const defaultCurrentVideo = () => ({ ...DEFAULT_CURRENT_VIDEO });
/** R56: the host and co-hosts are not capped. */
const isCapped = (state: RoomState, actor: Actor) => !isController(roleOf(state, actor.uid));
/** Who added an item, as stored with it (R56). */
const adderOf = (actor: Actor): Adder => ({ key: actor.key, address: actor.uid === null ? actor.address : null });

/**
 * R7, R40: the same video by id, or a direct media link whose stored URL has the same canonical form. The schema
 * gives `input` its canonical URL and the id of it; items stored before links were canonical may carry another
 * spelling and the id of that spelling, so the URL is compared too.
 */
function isDuplicate(playlist: readonly Video[], input: AddVideoInput): boolean {
  return playlist.some(
    (video) =>
      video.id === input.id ||
      (input.mediaUrl !== null &&
        video.mediaUrl !== null &&
        (canonicalHttpUrl(video.mediaUrl) ?? video.mediaUrl) === input.mediaUrl),
  );
}

/** R6–R9, and R56: a viewer who is not a controller has at most `perPersonCap` videos waiting. */
export function add(state: RoomState, input: AddVideoInput & { file?: OwnFile }, actor: Actor): Transition {
  if (isDuplicate(state.playlist, input)) return refuse('duplicate_video', DUPLICATE_VIDEO_MESSAGE);
  if (state.playlist.length >= PLAYLIST_MAX) {
    return refuse('playlist_full', `The playlist already has ${PLAYLIST_MAX} videos`);
  }
  const cap = state.settings.perPersonCap;
  if (isCapped(state, actor) && waitingCount(state, actor) >= cap) {
    return refuse('cap_reached', `You already have ${cap} videos waiting`);
  }
  const first = state.playlist.length === 0;
  const video: Video = {
    id: input.id,
    title: input.title,
    thumbnail: input.thumbnail,
    visited: first,
    source: input.source,
    mediaUrl: input.mediaUrl,
    ...(input.file ? { file: input.file } : {}),
  };
  const adder = adderOf(actor);
  return {
    state: {
      ...state,
      playlist: [...state.playlist, video],
      current_video: first ? defaultCurrentVideo() : state.current_video,
      adders: { ...state.adders, [video.id]: adder },
    },
  };
}

/**
 * R71: the list's videos are appended in order, as R6–R9 and R56 add one: those already in the playlist (R7, R40),
 * or twice in the list, are skipped, and adding stops at the first that does not fit — the playlist full (R8) or
 * the actor's cap reached (R56). Nothing added is a refusal: `playlist_full`, `cap_reached`, or `duplicate_video`
 * when every video was already there.
 */
export function addList(state: RoomState, videos: readonly AddVideoInput[], actor: Actor): Transition {
  let added = state;
  let limit: Transition | null = null;
  for (const input of videos) {
    const step = add(added, input, actor);
    if ('state' in step) added = step.state;
    else if (step.error.code !== 'duplicate_video') {
      limit = step;
      break;
    }
  }
  if (added !== state) return { state: added };
  return limit ?? refuse('duplicate_video', DUPLICATE_VIDEO_MESSAGE);
}

/** What a committed `playlist:addList` did, for its ack (R71). */
export interface ListAddSummary {
  added: number;
  /** Videos of the list already in the playlist, or in the list twice. */
  skipped: number;
  /** Why the rest of the list did not go in, or null when it all did. */
  limit: 'playlist' | 'cap' | null;
}

/** Compares the room before and after a committed `playlist:addList` by `actor`. */
export function listAddSummary(before: RoomState, after: RoomState, command: ListAdd, actor: Actor): ListAddSummary {
  const added = after.playlist.length - before.playlist.length;
  const present = new Set(before.playlist.map((video) => video.id));
  const seen = new Set<string>();
  let skipped = 0;
  for (const video of command.videos) {
    if (present.has(video.id) || seen.has(video.id)) skipped++;
    seen.add(video.id);
  }
  const leftOver = command.more || added + skipped < command.videos.length;
  let limit: ListAddSummary['limit'] = null;
  if (leftOver && after.playlist.length >= PLAYLIST_MAX) limit = 'playlist';
  else if (leftOver && isCapped(after, actor) && waitingCount(after, actor) >= after.settings.perPersonCap) {
    limit = 'cap';
  }
  return { added, skipped, limit };
}

/**
 * R56: the videos `actor` has waiting: added by them, not yet played, not the current one. A signed-in viewer is
 * counted by user; a guest by guest key and also by address, so new tabs or a cleared cookie do not reset it.
 * R111: each subtitle track they attached to a waiting item counts as one more.
 */
export function waitingCount(state: RoomState, actor: Actor): number {
  const byAddress = actor.uid === null;
  let count = 0;
  for (const video of state.playlist) {
    if (video.visited || video.id === state.current_video.id) continue;
    const adder = state.adders[video.id];
    if (adder && (adder.key === actor.key || (byAddress && adder.address === actor.address))) count++;
    for (const track of video.subtitles ?? []) if (track.by === actor.key) count++;
  }
  return count;
}
