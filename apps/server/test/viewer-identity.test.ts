import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { clientAddressOf } from '../src/realtime/client-warnings.ts';
import { GUEST_COOKIE, guestIdOf, personOf, viewerIdentities } from '../src/realtime/viewer-identity.ts';
import type { TestServer } from './harness.ts';
import { suiteServer } from './suite-server.ts';

/** Opens a Socket.IO WebSocket by hand and returns the Set-Cookie of its upgrade response. */
function upgradeCookies(server: TestServer, cookie?: string): Promise<string[]> {
  const url = `${server.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`;
  const ws = new WebSocket(url, { headers: { origin: server.url, ...(cookie ? { cookie } : {}) } });
  return new Promise((resolve, reject) => {
    ws.on('upgrade', (response) => {
      const setCookie = response.headers['set-cookie'] ?? [];
      ws.close();
      resolve(setCookie);
    });
    ws.on('error', reject);
  });
}

describe('viewer identity (R51)', () => {
  const server = suiteServer('sqlite');

  it('gives a socket without a guest cookie one on its upgrade, httpOnly and SameSite=Lax', async () => {
    const [cookie] = await upgradeCookies(server);
    expect(cookie).toMatch(new RegExp(`^${GUEST_COOKIE}=[A-Za-z0-9_-]{22};`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('keeps the guest cookie a socket already has, and replaces one we could not have issued', async () => {
    const [issued] = await upgradeCookies(server);
    const pair = issued?.split(';')[0] ?? '';
    expect(await upgradeCookies(server, pair)).toEqual([]);
    expect(await upgradeCookies(server, `${GUEST_COOKIE}=forged<script>`)).toHaveLength(1);
  });

  it('names a guest by a hash of its token, the same for every tab, and a user by uid', () => {
    const token = 'AAAAAAAAAAAAAAAAAAAAAA';
    const guest = personOf(null, token);
    expect(guest).toEqual({
      key: `g:${guestIdOf(token)}`,
      uid: null,
      name: null,
      photoURL: null,
      guestTag: guestIdOf(token),
    });
    expect(guest.key).not.toContain(token);
    expect(personOf(null, token)).toEqual(guest);
    expect(personOf(null, 'BBBBBBBBBBBBBBBBBBBBBB').key).not.toBe(guest.key);
    const user = { uid: 'u1', email: 'a@example.test', displayName: 'An', photoURL: null };
    expect(personOf(user, token)).toEqual({ key: 'u:u1', uid: 'u1', name: 'An', photoURL: null, guestTag: null });
  });

  it('hashes the client address, reading X-Forwarded-For only from trusted proxies', () => {
    const identities = (trustProxy: false | string[]) =>
      viewerIdentities({
        addressOf: clientAddressOf(trustProxy),
        addressSecret: Buffer.alloc(32, 1),
        parseCookie: () => ({}),
        serializeCookie: () => '',
        secureCookies: false,
      });
    const request = (peer: string, forwarded: string) =>
      ({ headers: { 'x-forwarded-for': forwarded }, socket: { remoteAddress: peer } }) as never;
    const direct = identities(false);
    const a = direct.identify(request('10.0.0.1', '1.1.1.1'), null).addressKey;
    expect(direct.identify(request('10.0.0.1', '2.2.2.2'), null).addressKey).toBe(a);
    expect(a).not.toContain('10.0.0.1');
    const proxied = identities(['10.0.0.1']);
    const viaProxy = proxied.identify(request('10.0.0.1', '1.1.1.1'), null).addressKey;
    expect(proxied.identify(request('10.0.0.1', '2.2.2.2'), null).addressKey).not.toBe(viaProxy);
  });
});
