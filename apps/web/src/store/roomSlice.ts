import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RoomSnapshot } from '@xemchung/protocol';
import { errorCode } from './errorCode.ts';

export interface RoomState {
  data: RoomSnapshot | null;
  loading: boolean;
  error: string | null;
}

export const initialRoomState: RoomState = { data: null, loading: false, error: null };

export interface ConnectArgs {
  roomId: string;
  /** Joins the room (the room feature's transport) and resolves with its first snapshot. */
  join: (roomId: string) => Promise<RoomSnapshot>;
}

/** Rejects with the join error's `code` (e.g. the server's `room_not_found`) so the page can react to it. */
export const connect = createAsyncThunk<RoomSnapshot, ConnectArgs, { rejectValue: string }>(
  'room/connect',
  async ({ roomId, join }, { rejectWithValue }) => {
    try {
      return await join(roomId);
    } catch (error) {
      return rejectWithValue(errorCode(error));
    }
  },
);

/** Spec §4 Room slice, plus live updates: snapshots older than the one held are dropped (design: versions). */
export const roomSlice = createSlice({
  name: 'room',
  initialState: initialRoomState,
  reducers: {
    roomUpdated: (state, action: PayloadAction<RoomSnapshot>) => {
      const next = action.payload;
      if (state.data && state.data.id === next.id && next.version < state.data.version) return;
      state.data = structuredClone(next);
    },
    roomLeft: () => initialRoomState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(connect.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(connect.fulfilled, (state, action) => {
        state.loading = false;
        // A copy, so the caller can keep mutating its own object without touching the store.
        state.data = structuredClone(action.payload);
      })
      .addCase(connect.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? errorCode(action.error);
      });
  },
});

export const { roomUpdated, roomLeft } = roomSlice.actions;
