import type { Me } from '@xemchung/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POPUP_CLOSED_POLL_MS } from './popupSignIn.ts';
import { initialUserState, logIn, logOut, type User, userStore } from './userStore.ts';

const user: User = { uid: 'u1', email: 'an@example.com', photoURL: null, displayName: 'An' };

/** The server's /api/me: `me` (null when signed out). */
function answerMe(me: Me | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(me)),
  );
}

/** The sign-in popup, left open until the test closes it. */
function openPopup() {
  const popup = { closed: false } as Window;
  vi.spyOn(window, 'open').mockReturnValue(popup);
  return popup;
}

beforeEach(() => {
  vi.useFakeTimers();
  userStore.set(initialUserState);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('user store (docs/product.md#signing-in)', () => {
  it('starts with no data, not loading and no error', () => {
    expect(userStore.get()).toEqual({ data: null, loading: false, error: null });
  });

  it('a sign-in turns loading on at once, before any answer', () => {
    openPopup();
    void logIn('popup');
    expect(userStore.get()).toEqual({ data: null, loading: true, error: null });
  });

  it('a sign-in that gives a user turns loading off and stores the user', async () => {
    answerMe(user);
    await logIn('session');
    expect(userStore.get()).toEqual({ data: user, loading: false, error: null });
  });

  it('a sign-in that fails turns loading off and stores its code', async () => {
    answerMe(null);
    const popup = openPopup();
    const done = logIn('popup');
    Object.assign(popup, { closed: true });
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_POLL_MS);
    await done;
    expect(userStore.get()).toEqual({ data: null, loading: false, error: 'popup_closed' });
  });

  it('a session check without a session stores signed_out', async () => {
    answerMe(null);
    await logIn('session');
    expect(userStore.get()).toEqual({ data: null, loading: false, error: 'signed_out' });
  });

  it('logOut resets to the initial state', async () => {
    answerMe(user);
    await logIn('session');
    logOut();
    expect(userStore.get()).toEqual(initialUserState);
  });
});
