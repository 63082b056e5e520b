import { useCallback, useEffect } from 'react';
import { useStore } from '../../lib/createStore.ts';
import { clientConfigStore, loadClientConfig } from './clientConfigStore.ts';

/** The operator's settings (GET /api/client-config), asked for on mount unless already loaded or on the way. */
export function useClientConfig() {
  const state = useStore(clientConfigStore);
  const retry = useCallback(() => void loadClientConfig().catch(() => {}), []);
  useEffect(() => retry(), [retry]);
  return { state, retry };
}
