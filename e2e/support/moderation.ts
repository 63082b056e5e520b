import type { Page } from '@playwright/test';
import { guestKey, PROTOCOL_VERSION, userKey } from '@xemchung/protocol';
import { io, type Socket } from 'socket.io-client';
import { GUEST_COOKIE, guestIdOf } from '../../apps/server/src/realtime/viewer-identity';

/**
 * A second tab of a viewer: a socket with the viewer's own cookies, refused and allowed exactly as the page would
 * be. The host's ViewerActions menu lives in the list of viewers, which comes with presence (another change of
 * #11); until the two meet in one page, the host's second tab sends what that menu would.
 */
export interface SecondTab {
  request(event: string, payload: object): Promise<{ ok: boolean; error?: { code: string } }>;
  close(): void;
}

async function cookieHeader(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
}

/** Opens a second tab of the viewer of `page` on the room it shows. */
export async function secondTab(page: Page, baseURL: string): Promise<SecondTab> {
  const socket: Socket = io(baseURL, {
    transports: ['websocket'],
    auth: { protocol: PROTOCOL_VERSION },
    extraHeaders: { origin: new URL(baseURL).origin, cookie: await cookieHeader(page) },
  });
  const request = async (event: string, payload: object) =>
    (await socket.timeout(10_000).emitWithAck(event, payload)) as { ok: boolean; error?: { code: string } };
  const roomId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const joined = await request('room:join', { roomId });
  if (!joined.ok) throw new Error(`second tab could not join: ${joined.error?.code}`);
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
