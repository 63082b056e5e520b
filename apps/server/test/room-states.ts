import { DEFAULT_CURRENT_VIDEO, DEFAULT_ROOM_SETTINGS } from '@xemchung/protocol';
import type { RoomState, StateCommand, Transition } from '../src/rooms/room-state.ts';

/** An empty room owned by `host-uid`, the state machine tests' starting point, with what a test changes. */
export function emptyRoomState(changes: Partial<RoomState> = {}): RoomState {
  return {
    id: 'room1234room1234',
    host: 'host-uid',
    name: 'Phòng',
    playlist: [],
    cohosts: [],
    settings: DEFAULT_ROOM_SETTINGS,
    loop: 'off',
    skipVotes: [],
    readyWait: [],
    share: null,
    call: [],
    current_video: { ...DEFAULT_CURRENT_VIDEO },
    adders: {},
    ...changes,
  };
}

/** The state a transition leads to; a refusal fails the test with its code. */
export function committedState(result: Transition): RoomState {
  if ('error' in result) throw new Error(`expected a state, got ${result.error.code}`);
  return result.state;
}

/** A YouTube video id made of `name` (11 characters, padded with '_'): the state machine tests' videos. */
export const vid = (name: string) => name.padEnd(11, '_');

/** Adds the YouTube video `vid(name)`, titled `name`. */
export const addVideo = (name: string): StateCommand => ({
  type: 'playlist:add',
  video: { id: vid(name), title: name, thumbnail: '', source: 'youtube', mediaUrl: null },
});

/** Selects the video `vid(name)`. */
export const selectVideo = (name: string): StateCommand => ({ type: 'playlist:select', id: vid(name) });
