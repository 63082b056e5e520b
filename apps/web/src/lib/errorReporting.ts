import type { ClientConfig } from '@xemchung/protocol';
import { requestJson } from './http.ts';

/**
 * Starts Sentry in the browser when the server has a DSN (`GET /api/client-config`), so one build serves every
 * deployment. The SDK is a separate chunk fetched only then: without a DSN nothing of it is downloaded. Resolves
 * to whether reporting started; never rejects (reporting must not break the app).
 */
export async function startErrorReporting(): Promise<boolean> {
  try {
    const config = await requestJson<ClientConfig>('/api/client-config');
    if (!config.sentryDsn) return false;
    const { startSentry } = await import('./sentry.ts');
    startSentry(config.sentryDsn);
    return true;
  } catch {
    return false;
  }
}
