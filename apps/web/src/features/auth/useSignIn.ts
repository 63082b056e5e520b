import { useCallback, useState } from 'react';
import { useAppDispatch } from '../../store/index.ts';
import { login } from '../../store/userSlice.ts';

/**
 * Starts the popup sign-in. `signingIn` is this caller's own flag, so the start button can show its loading
 * state while the app-wide `user.loading` also covers the start-up session check.
 */
export function useSignIn() {
  const dispatch = useAppDispatch();
  const [signingIn, setSigningIn] = useState(false);
  const signIn = useCallback(async () => {
    setSigningIn(true);
    try {
      // A rejection is already in the store (docs/product.md#signing-in: no message shown), so nothing to handle here.
      await dispatch(login('popup'));
    } finally {
      setSigningIn(false);
    }
  }, [dispatch]);
  return { signIn, signingIn };
}
