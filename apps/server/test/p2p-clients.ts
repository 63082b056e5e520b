import type { P2pAnnounceEvent, P2pSignalEvent } from '@xemchung/protocol';
import { type TestClient, waitFor } from './room-clients.ts';

/** An item id as the own files give them (the server reads nothing in it but its shape). */
export const ITEM_ID = 'f_0123456789abcdefghijkl';

export const OFFER = { type: 'offer', sdp: 'v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\n' } as const;
export const CANDIDATE = {
  candidate: 'candidate:842163049 1 udp 1677729535 192.168.1.20 54321 typ host generation 0',
  sdpMid: '0',
  sdpMLineIndex: 0,
  usernameFragment: 'Jx8F',
};

/** The socket id of a connected client: who `from` names and `to` aims at. */
export function idOf(client: TestClient): string {
  const id = client.socket.id;
  if (id === undefined) throw new Error('the client is not connected');
  return id;
}

export function announcesTo(client: TestClient): P2pAnnounceEvent[] {
  return client.events.filter((e) => e.event === 'p2p:announce').map((e) => e.payload as P2pAnnounceEvent);
}

export function signalsTo(client: TestClient): P2pSignalEvent[] {
  return client.events.filter((e) => e.event === 'p2p:signal').map((e) => e.payload as P2pSignalEvent);
}

/** Resolves once `client` got an announce from `from` about `itemId`. */
export function announceArrives(client: TestClient, from: TestClient, itemId: string): Promise<P2pAnnounceEvent> {
  const sender = idOf(from);
  return waitFor(
    () => announcesTo(client).find((event) => event.from === sender && event.itemId === itemId),
    10_000,
    `an announce of ${itemId} to reach ${idOf(client)}`,
  );
}

/**
 * Proves that nothing sent before is still on its way to `client`: `marker` (in `client`'s room) announces a fresh
 * item, which reaches `client` after whatever the server sent it earlier, as Socket.IO keeps a connection's order.
 * What `client` has not got by then, it never will. On several nodes, the marker must be on the node the earlier
 * message was sent from: one node's publications reach Redis, and from there each node, in order.
 */
export async function drained(client: TestClient, marker: TestClient): Promise<void> {
  const itemId = `marker_${Math.random().toString(36).slice(2, 12)}`;
  const ack = await marker.request('p2p:announce', { itemId, has: false });
  if (!ack.ok) throw new Error(`the marker was refused: ${ack.error.code}`);
  await announceArrives(client, marker, itemId);
}
