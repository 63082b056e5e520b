import { DEFAULT_CURRENT_VIDEO, type Video } from '@xemchung/protocol';
import { addersOf, skipCurrent } from './room-state.ts';
import type { RoomState, Transition } from './room-state-types.ts';

// What becomes of a file shared from someone's device when its sharer goes (R120, R121). Part of the state
// machine: pure, decided inside the commit like any command, so two nodes that see the same leave act once.

/**
 * R120: the room moves on from the item `id` (as a vote-skip does, R67) when it is still the one playing and its
 * sharer is still not among the people present. Naming the item means a second node's timer for the same leave
 * never skips the item that came next.
 */
export function moveOnFromAbsentSharer(
  state: RoomState,
  id: string,
  present: ReadonlySet<string>,
  now: number,
): Transition {
  const current = currentItem(state);
  if (current?.id !== id || !current.file || present.has(current.file.sharer)) return { state };
  const moved = skipCurrent(state, now);
  // Round to the same file (the loop on `all` with nothing else to play): starting it over cannot help, and would
  // be done again after every wait; nothing is selected instead.
  if ('state' in moved && moved.state.current_video.id === id) {
    return { state: { ...state, current_video: { ...DEFAULT_CURRENT_VIDEO }, skipVotes: [] } };
  }
  return moved;
}

/** R121: a kicked viewer's shared files leave the playlist with them; if one was playing, the room moves on. */
export function dropSharedFiles(state: RoomState, sharer: string, now: number): Transition {
  const theirs = (video: Video) => video.file?.sharer === sharer;
  if (!state.playlist.some(theirs)) return { state };
  const playing = currentItem(state);
  // Their other items go first, so moving on from the one playing never lands on one of theirs.
  let after = withPlaylist(
    state,
    state.playlist.filter((video) => !theirs(video) || video === playing),
  );
  if (playing && theirs(playing)) {
    const moved = skipCurrent(after, now);
    if ('error' in moved) return moved;
    after = withPlaylist(
      moved.state,
      moved.state.playlist.filter((video) => video !== playing),
    );
  }
  return { state: after };
}

/** The room with `playlist`, the current index found again in it (nothing selected when its item went). */
function withPlaylist(state: RoomState, playlist: Video[]): RoomState {
  const index = playlist.findIndex((video) => video.id === state.current_video.id);
  const current_video =
    state.current_video.id === '' || index >= 0 ? { ...state.current_video, index } : { ...DEFAULT_CURRENT_VIDEO };
  if (state.current_video.id === '') current_video.index = -1;
  return { ...state, playlist, current_video, adders: addersOf(state, playlist) };
}

/** The item playing, when the room's current video is one of its items. */
export function currentItem(state: Pick<RoomState, 'playlist' | 'current_video'>): Video | undefined {
  const item = state.playlist[state.current_video.index];
  return item?.id === state.current_video.id ? item : undefined;
}
