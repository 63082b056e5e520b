import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { DatabaseKind } from '../src/db/database.ts';
import { type StartOptions, startServer, type TestServer } from './harness.ts';

/** What a test opens and must close: a socket client, a raw WebSocket, a tab. */
export interface Closable {
  close(): void;
}

/** The server of one describe block, and the clients its tests leave behind. */
export interface SuiteServer extends TestServer {
  /**
   * Closes `client` when the test that opened it ends; opened in a `beforeAll` (before the first test), when the
   * suite ends.
   */
  track<C extends Closable>(client: C): C;
}

/**
 * The real server of a describe block on a random port with a private database (harness.ts `startServer`):
 * started in a `beforeAll` registered where this is called (hooks run in the order they are registered), closed
 * with its data after the block's tests. `options` may be a function, read when the server starts: for what an
 * earlier `beforeAll` made (a fake upstream's address). Reading the server before it has started throws.
 */
export function suiteServer(kind: DatabaseKind, options: StartOptions | (() => StartOptions) = {}): SuiteServer {
  let started: TestServer | undefined;
  const suiteClients: Closable[] = [];
  const testClients: Closable[] = [];
  let inTest = false;
  const server = () => {
    if (!started) throw new Error('the suite server is started in beforeAll and read in hooks and tests');
    return started;
  };

  beforeAll(async () => {
    started = await startServer(kind, typeof options === 'function' ? options() : options);
  });
  beforeEach(() => {
    inTest = true;
  });
  afterEach(() => {
    inTest = false;
    for (const client of testClients.splice(0)) client.close();
  });
  afterAll(async () => {
    for (const client of suiteClients.splice(0)) client.close();
    await started?.close();
  });

  return {
    get app() {
      return server().app;
    },
    get url() {
      return server().url;
    },
    kind,
    get dataDir() {
      return server().dataDir;
    },
    get pgSchema() {
      return server().pgSchema;
    },
    stop: () => server().stop(),
    close: () => server().close(),
    track(client) {
      (inTest ? testClients : suiteClients).push(client);
      return client;
    },
  };
}
