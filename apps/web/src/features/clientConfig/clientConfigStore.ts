import type { ClientConfig } from '@xemchung/protocol';
import { createStore } from '../../lib/createStore.ts';
import { requestJson } from '../../lib/http.ts';

/**
 * The operator's settings from `GET /api/client-config` (SUPPORT_URL, CONTACT_EMAIL, SENTRY_DSN), read once per
 * page load, so one build serves every deployment. After a failure the next component that needs them asks again.
 */
export type ClientConfigState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; config: ClientConfig }
  | { status: 'failed' };

export const clientConfigStore = createStore<ClientConfigState>({ status: 'idle' });

let loading: Promise<ClientConfig> | null = null;

/**
 * Asks the server for the settings unless they are known or on their way: every component that needs them may
 * call it, and only the first asks. Resolves with the settings; rejects when this load failed.
 */
export function loadClientConfig(): Promise<ClientConfig> {
  const state = clientConfigStore.get();
  if (state.status === 'ready') return Promise.resolve(state.config);
  if (state.status === 'loading' && loading) return loading;
  clientConfigStore.set({ status: 'loading' });
  loading = requestJson<ClientConfig>('/api/client-config').then(
    (config) => {
      clientConfigStore.set({ status: 'ready', config });
      return config;
    },
    (error: unknown) => {
      clientConfigStore.set({ status: 'failed' });
      throw error;
    },
  );
  return loading;
}

/** ICE servers as the operator configured them (ICE_SERVERS, R114); none until the settings are read. */
export function iceServers(): RTCIceServer[] {
  const config = clientConfigStore.get();
  return config.status === 'ready' ? [...config.config.iceServers] : [];
}

/** Whether the server runs an SFU that screen shares go through (R129); not until the settings are read. */
export function sfuEnabled(): boolean {
  const config = clientConfigStore.get();
  return config.status === 'ready' && config.config.sfu;
}
