import type { RoomPresence, Viewer } from '@xemchung/protocol';
import { GUEST_COOKIE } from '../src/realtime/viewer-identity.ts';
import { type TestClient, waitFor } from './room-clients.ts';

/** Every `room:presence` a client received, oldest first. */
export function presenceMessages(client: TestClient): RoomPresence[] {
  return client.events.filter((event) => event.event === 'room:presence').map((event) => event.payload as RoomPresence);
}

/** The viewers of the last `room:presence` the client received, by key. */
export function latestViewers(client: TestClient): Map<string, Viewer> {
  const viewers = presenceMessages(client).at(-1)?.viewers ?? [];
  return new Map(viewers.map((viewer) => [viewer.key, viewer]));
}

/** Resolves with the client's latest viewers once `check` holds for them. */
export function viewersWhere(
  client: TestClient,
  check: (viewers: Map<string, Viewer>) => boolean,
  timeoutMs = 10_000,
  what = 'the presence list',
): Promise<Map<string, Viewer>> {
  return waitFor(
    () => {
      const viewers = latestViewers(client);
      return check(viewers) ? viewers : undefined;
    },
    timeoutMs,
    what,
  );
}

/** A guest cookie of our own making, so two connections are one guest's two tabs. */
export function guestCookie(token: string): string {
  return `${GUEST_COOKIE}=${token.padEnd(22, 'x').slice(0, 22)}`;
}

/**
 * Reports once, as a page does on joining (R53); its pongs keep it listed after (R52). `watching`: with its list of
 * viewers open, so it is also sent the lists that changed by reports alone.
 */
export function reportLikeAPage(client: TestClient, watching: boolean) {
  return client.request('presence:report', { state: 'idle', watching });
}
