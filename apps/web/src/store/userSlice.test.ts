import { describe, expect, it } from 'vitest';
import { initialUserState, login, logout, type User, userSlice } from './userSlice.ts';

const reduce = userSlice.reducer;
const user: User = { uid: 'u1', email: 'an@example.com', photoURL: null, displayName: 'An' };

describe('user slice (docs/product.md#signing-in)', () => {
  it('starts with no data, not loading and no error', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({ data: null, loading: false, error: null });
  });

  it('login pending turns loading on', () => {
    expect(reduce(initialUserState, login.pending('r1', 'popup'))).toEqual({ data: null, loading: true, error: null });
  });

  it('login fulfilled turns loading off and stores the payload as the user', () => {
    const pending = reduce(initialUserState, login.pending('r1', 'session'));
    expect(reduce(pending, login.fulfilled(user, 'r1', 'session'))).toEqual({
      data: user,
      loading: false,
      error: null,
    });
  });

  it('login rejected turns loading off and stores the error', () => {
    const pending = reduce(initialUserState, login.pending('r1', 'popup'));
    const rejected = reduce(pending, login.rejected(null, 'r1', 'popup', 'popup_closed'));
    expect(rejected).toEqual({ data: null, loading: false, error: 'popup_closed' });
  });

  it('logout resets to the initial state', () => {
    const signedIn = reduce(initialUserState, login.fulfilled(user, 'r1', 'session'));
    expect(reduce(signedIn, logout())).toEqual(initialUserState);
  });
});
