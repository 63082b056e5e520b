import type { Page } from '@playwright/test';
import { guestKey, PROTOCOL_VERSION, userKey } from '@xemchung/protocol';
import { io, type Socket } from 'socket.io-client';
import { GUEST_COOKIE, guestIdOf } from '../../apps/server/src/realtime/viewer-identity';

/**
 * The host's hand on the viewer list. The list of viewers, where the host's ViewerActions menu lives, comes with
 * presence (another change of #11), so until the two meet in one page a second tab of the host — a socket with
 * the host's own cookies, refused and allowed exactly as the page would be — sends what its menu would.
 */
export interface HostTab {
  request(event: string, payload: object): Promise<{ ok: boolean; error?: { code: string } }>;
  close(): void;
}

async function cookieHeader(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
}

/** Opens a second tab of `host` on its room. */
export async function hostTab(host: Page, baseURL: string): Promise<HostTab> {
  const socket: Socket = io(baseURL, {
    transports: ['websocket'],
    auth: { protocol: PROTOCOL_VERSION },
    extraHeaders: { origin: new URL(baseURL).origin, cookie: await cookieHeader(host) },
  });
  const request = async (event: string, payload: object) =>
    (await socket.timeout(10_000).emitWithAck(event, payload)) as { ok: boolean; error?: { code: string } };
  const roomId = new URL(host.url()).pathname.split('/').at(-1) ?? '';
  const joined = await request('room:join', { roomId });
  if (!joined.ok) throw new Error(`host tab could not join: ${joined.error?.code}`);
  return { request, close: () => socket.disconnect() };
}

/** The uid of the signed-in viewer of `page`. */
export async function uidOf(page: Page): Promise<string> {
  return page.evaluate(async () => ((await (await fetch('/api/me')).json()) as { uid: string }).uid);
}

/** The person key of the viewer of `page` (docs/room-rules.md R51): what the viewer list shows the host. */
export async function personKeyOf(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === GUEST_COOKIE)?.value;
  if (token) return guestKey(guestIdOf(token));
  return userKey(await uidOf(page));
}
