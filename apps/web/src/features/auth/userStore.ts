import type { Me } from '@xemchung/protocol';
import { createStore, useStore } from '../../lib/createStore.ts';
import { fetchMe } from './authApi.ts';
import { signInWithPopup } from './popupSignIn.ts';

/** The signed-in account (docs/product.md#data). Whether it hosts the room on screen comes with the room (RoomSession). */
export type User = Me;

export interface UserState {
  data: User | null;
  loading: boolean;
  /** Why the last sign-in gave no user, as a short code (the UI never shows raw errors). */
  error: string | null;
}

export const initialUserState: UserState = { data: null, loading: false, error: null };

/** Who is signed in, and whether a sign-in is in flight (docs/product.md#signing-in). */
export const userStore = createStore(initialUserState);

/** The signed-in user and the sign-in in flight, re-rendering when they change. */
export const useUser = (): UserState => useStore(userStore);

/** 'session' reads the existing session at start-up; 'popup' runs the interactive sign-in. */
export type LoginMode = 'session' | 'popup';

/** A short code for a failure, for `UserState.error`. */
function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return 'unknown';
}

/**
 * Signs in: `loading` is on from the moment this is called (so a start-up check called before the first render
 * shows a spinner, not a flash of 'Bắt đầu'), then the user or the reason there is none. Never rejects.
 */
export async function logIn(mode: LoginMode): Promise<void> {
  userStore.set({ ...userStore.get(), loading: true });
  try {
    const me = mode === 'popup' ? await signInWithPopup() : await fetchMe();
    if (me) userStore.set({ data: me, loading: false, error: null });
    else userStore.set({ ...userStore.get(), loading: false, error: 'signed_out' });
  } catch (error) {
    userStore.set({ ...userStore.get(), loading: false, error: errorCode(error) });
  }
}

/** Forgets the user on this page (the server session is ended by the caller, or already was). */
export function logOut(): void {
  userStore.set(initialUserState);
}
