import { useCallback, useState } from 'react';
import { logIn } from './userStore.ts';

/**
 * Starts the popup sign-in. `signingIn` is this caller's own flag, so the start button can show its loading
 * state while the app-wide `loading` of the user store also covers the start-up session check.
 */
export function useSignIn() {
  const [signingIn, setSigningIn] = useState(false);
  const signIn = useCallback(async () => {
    setSigningIn(true);
    try {
      // A failure is already in the store (docs/product.md#signing-in: no message shown), so nothing to handle here.
      await logIn('popup');
    } finally {
      setSigningIn(false);
    }
  }, []);
  return { signIn, signingIn };
}
