import type { ErrorCode, Video } from '@xemchung/protocol';
import { type RoomState, refuse, type Transition } from './room-state-types.ts';

// Reordering the playlist (R60–R62): moving one item, playing one next, shuffling the waiting ones. Part of the
// state machine of room-state.ts, which dispatches to it; pure like the rest of it.

/** R60: the item `id` moves so that it ends at `toIndex`; the current video keeps playing wherever it lands. */
export function move(state: RoomState, id: string, toIndex: number): Transition {
  const from = state.playlist.findIndex((video) => video.id === id);
  if (from < 0) return refuse('video_not_found', 'That video is not in the playlist');
  if (toIndex >= state.playlist.length) {
    return refuse('invalid_index', `The playlist has ${state.playlist.length} items`);
  }
  if (toIndex === from) return { state };
  const playlist = [...state.playlist];
  const [item] = playlist.splice(from, 1);
  playlist.splice(toIndex, 0, item as Video);
  return { state: withPlaylist(state, playlist) };
}

/** R61: the item goes just after the one playing (first when nothing plays); moving the current one is a no-op. */
export function playNext(state: RoomState, id: string): Transition {
  const from = state.playlist.findIndex((video) => video.id === id);
  if (from < 0) return refuse('video_not_found', 'That video is not in the playlist');
  if (id === state.current_video.id) return { state };
  const current = state.current_video.index;
  return move(state, id, from > current ? current + 1 : current);
}

/**
 * R62: the waiting items (not watched, not playing) trade places among the slots they hold, in an order drawn by
 * Fisher–Yates with `randomInt`; the playing item and the watched ones stay where they are.
 */
export function shuffle(state: RoomState, randomInt: (max: number) => number): Transition {
  const current = state.current_video.id;
  const slots: number[] = [];
  state.playlist.forEach((video, i) => {
    if (!video.visited && video.id !== current) slots.push(i);
  });
  if (slots.length < 2) return { state };
  const waiting = slots.map((i) => state.playlist[i] as Video);
  for (let i = waiting.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [waiting[i], waiting[j]] = [waiting[j] as Video, waiting[i] as Video];
  }
  const playlist = [...state.playlist];
  slots.forEach((slot, k) => {
    playlist[slot] = waiting[k] as Video;
  });
  return { state: withPlaylist(state, playlist) };
}

/** The state with the same items in a new order, the current index following the current video. */
function withPlaylist(state: RoomState, playlist: Video[]): RoomState {
  const current = state.current_video;
  if (current.id === '') return { ...state, playlist };
  return { ...state, playlist, current_video: { ...current, index: playlist.findIndex((v) => v.id === current.id) } };
}
