import { DEFAULT_CURRENT_VIDEO, type RoomSnapshot } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { createAppStore } from './index.ts';
import { connect, initialRoomState, roomLeft, roomSlice, roomUpdated } from './roomSlice.ts';

const reduce = roomSlice.reducer;
const snapshot = (version: number, name = 'Phim tối nay'): RoomSnapshot => ({
  id: 'room1',
  host: 'u1',
  name,
  playlist: [],
  current_video: { ...DEFAULT_CURRENT_VIDEO },
  version,
});
const args = { roomId: 'room1', join: async () => snapshot(1) };

describe('room slice (spec §4 Room slice)', () => {
  it('starts with no data, not loading and no error', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({ data: null, loading: false, error: null });
  });

  it('connect pending turns loading on', () => {
    expect(reduce(initialRoomState, connect.pending('r1', args)).loading).toBe(true);
  });

  it('connect fulfilled stores a copy of the payload and turns loading off', () => {
    const payload = snapshot(1);
    const state = reduce(reduce(initialRoomState, connect.pending('r1', args)), connect.fulfilled(payload, 'r1', args));
    expect(state).toEqual({ data: payload, loading: false, error: null });
    expect(state.data).not.toBe(payload);
  });

  it('connect rejected stores the error and turns loading off', () => {
    const state = reduce(
      reduce(initialRoomState, connect.pending('r1', args)),
      connect.rejected(null, 'r1', args, 'room_not_found'),
    );
    expect(state).toEqual({ data: null, loading: false, error: 'room_not_found' });
  });

  it('the connect thunk runs join and leaves the caller free to mutate its own object', async () => {
    const store = createAppStore();
    const payload = snapshot(3);
    await store.dispatch(connect({ roomId: 'room1', join: async () => payload }));
    payload.name = 'changed by the caller';
    expect(store.getState().room.data?.name).toBe('Phim tối nay');
  });

  it('the connect thunk rejects with the code of the join error', async () => {
    const store = createAppStore();
    const join = async () => {
      throw Object.assign(new Error('missing'), { code: 'room_not_found' });
    };
    await store.dispatch(connect({ roomId: 'nope', join }));
    expect(store.getState().room).toEqual({ data: null, loading: false, error: 'room_not_found' });
  });

  it('roomUpdated sets newer room data and drops a snapshot older than the one held', () => {
    const v2 = reduce(initialRoomState, roomUpdated(snapshot(2, 'v2')));
    expect(reduce(v2, roomUpdated(snapshot(3, 'v3'))).data?.name).toBe('v3');
    expect(reduce(v2, roomUpdated(snapshot(1, 'v1'))).data?.name).toBe('v2');
  });

  it('roomLeft resets to the initial state', () => {
    expect(reduce(reduce(initialRoomState, roomUpdated(snapshot(2))), roomLeft())).toEqual(initialRoomState);
  });
});
