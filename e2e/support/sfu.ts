import { startOwnServer } from './ownServer';
import { test } from './test';

// The app with an SFU (R129), for the specs that run again through it: started by those specs alone (as
// error-reporting.spec.ts starts its own server), so no other spec shares the machine with it and its Janus.

const appPort = Number(process.env.E2E_PORT ?? 3179);
/** + 1000 is the media, + 2000 the fake YouTube, + 3000 error-reporting.spec's own server. */
const port = appPort + 5000;
const janusPort = appPort + 6000;

/** The base URL of the app server with an SFU. */
export const sfuBaseUrl = `http://127.0.0.1:${port}`;

/**
 * Starts the app with SFU=janus (Debian's Janus beside it, on its own port) before the describe block's tests and
 * stops it after; call inside `test.describe`, with `test.use({ baseURL: sfuBaseUrl })`.
 */
export function useSfuServer(): void {
  let server: { stop(): Promise<void> } | undefined;
  test.beforeAll(async () => {
    server = await startOwnServer(port, `.data-e2e-${port}-sfu`, {
      // As the suite's main server (playwright.config.ts): every spec signs up its accounts from one address.
      SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
      SOCKETS_PER_ADDRESS: '100000',
      SEARCH_PROVIDER: 'none',
      SFU: 'janus',
      SFU_PORT: String(janusPort),
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });
}
