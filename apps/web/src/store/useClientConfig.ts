import { useCallback, useEffect } from 'react';
import { loadClientConfig } from './clientConfigSlice.ts';
import { useAppDispatch, useAppSelector } from './index.ts';

/** The operator's settings (GET /api/client-config), asked for on mount unless already loaded or on the way. */
export function useClientConfig() {
  const dispatch = useAppDispatch();
  const state = useAppSelector((root) => root.clientConfig);
  const retry = useCallback(() => void dispatch(loadClientConfig()), [dispatch]);
  useEffect(() => retry(), [retry]);
  return { state, retry };
}
