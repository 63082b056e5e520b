import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { HOME_PATH } from '../../lib/paths.ts';
import { postLogout } from './authApi.ts';
import { logOut } from './userStore.ts';

/** Ends the session on the server, resets the client state and goes home (docs/product.md#side-menu). */
export function useSignOut() {
  const [, navigate] = useLocation();
  return useCallback(async () => {
    try {
      await postLogout();
    } catch {
      // The user asked to leave; a failed call must not keep them signed in on screen. The server session then
      // simply expires on its own.
    }
    logOut();
    navigate(HOME_PATH);
  }, [navigate]);
}
