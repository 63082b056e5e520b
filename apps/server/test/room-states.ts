import { DEFAULT_CURRENT_VIDEO, DEFAULT_ROOM_SETTINGS } from '@xemchung/protocol';
import type { RoomState, Transition } from '../src/rooms/room-state.ts';

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
