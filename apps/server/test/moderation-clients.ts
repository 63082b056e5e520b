import { randomBytes } from 'node:crypto';
import { guestKey } from '@xemchung/protocol';
import { guestIdOf } from '../src/realtime/viewer-identity.ts';
import type { TestServer } from './harness.ts';
import { type ConnectOptions, connect, type TestClient } from './room-clients.ts';

/** A guest's browser: one `xc_guest` cookie (so all its sockets are one person) behind one client address. */
export interface GuestBrowser {
  key: string;
  cookie: string;
  address: string;
}

/** A new guest browser at `address` (servers started with TRUST_PROXY=127.0.0.1 believe X-Forwarded-For). */
export function guestBrowser(address: string): GuestBrowser {
  const token = randomBytes(16).toString('base64url');
  return { key: guestKey(guestIdOf(token)), cookie: `xc_guest=${token}`, address };
}

/** Opens a tab of `browser` and joins `roomId` (the join's ack is not checked). */
export async function openTab(
  server: TestServer,
  browser: GuestBrowser,
  extra: ConnectOptions = {},
): Promise<TestClient> {
  return connect(server, { cookie: browser.cookie, forwardedFor: browser.address, ...extra });
}

/** Resolves with the reason the socket was disconnected for. */
export function disconnection(client: TestClient): Promise<string> {
  if (!client.socket.connected) return Promise.resolve('already disconnected');
  return new Promise((resolve) => client.socket.once('disconnect', (reason) => resolve(reason)));
}

/** The `room:removed` notices a client received. */
export function removals(client: TestClient): unknown[] {
  return client.events.filter(({ event }) => event === 'room:removed').map(({ payload }) => payload);
}

/** Server env that makes X-Forwarded-For from the test clients the client address. */
export const TRUST_LOCAL_PROXY = { TRUST_PROXY: '127.0.0.1' };
