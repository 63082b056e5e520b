import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Me } from '@xemchung/protocol';
import { fetchMe } from '../features/auth/authApi.ts';
import { signInWithPopup } from '../features/auth/popupSignIn.ts';
import { errorCode } from './errorCode.ts';

/** The signed-in account (docs/product.md#data). Whether it hosts the room on screen comes with the room (RoomSession). */
export type User = Me;

export interface UserState {
  data: User | null;
  loading: boolean;
  error: string | null;
}

export const initialUserState: UserState = { data: null, loading: false, error: null };

/** 'session' reads the existing session at start-up; 'popup' runs the interactive sign-in. */
export type LoginMode = 'session' | 'popup';

export const login = createAsyncThunk<User, LoginMode, { rejectValue: string }>(
  'user/login',
  async (mode, { rejectWithValue }) => {
    try {
      const me = mode === 'popup' ? await signInWithPopup() : await fetchMe();
      if (!me) return rejectWithValue('signed_out');
      return me;
    } catch (error) {
      return rejectWithValue(errorCode(error));
    }
  },
);

/** Who is signed in, and whether a sign-in is in flight (docs/product.md#signing-in). */
export const userSlice = createSlice({
  name: 'user',
  initialState: initialUserState,
  reducers: {
    logout: () => initialUserState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(login.pending, (state) => {
        state.loading = true;
      })
      .addCase(login.fulfilled, (state, action) => {
        state.loading = false;
        state.data = action.payload;
        state.error = null;
      })
      .addCase(login.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? errorCode(action.error);
      });
  },
});

export const { logout } = userSlice.actions;
