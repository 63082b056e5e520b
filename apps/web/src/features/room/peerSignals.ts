import type { CommandPayload, P2pAnnounceEvent, P2pSignalEvent } from '@xemchung/protocol';
import type { RoomRequest, RoomSocket } from './roomSocket.ts';

/** One offer, answer or ICE candidate, as `p2p:signal` carries it (R113). */
export type PeerSignalPayload = Omit<CommandPayload<'p2p:signal'>, 'to' | 'itemId'>;

/**
 * The room client's part in own-file sharing (R113, R119): announcing that this tab wants or holds an item's
 * bytes, passing WebRTC signals to one peer of the room, and hearing both from the others. Only what is about the
 * joined room reaches the listeners; refusals are not acted on (a lost announce is sent again by the swarm).
 */
export interface PeerSignals {
  /** This tab's socket id, as the others' `from` names it; undefined while disconnected. */
  readonly peerId: string | undefined;
  announce(itemId: string, has: boolean): void;
  signal(to: string, itemId: string, payload: PeerSignalPayload): void;
  onAnnounce(listener: (event: P2pAnnounceEvent) => void): () => void;
  onSignal(listener: (event: P2pSignalEvent) => void): () => void;
  dispose(): void;
}

export function createPeerSignals(socket: RoomSocket, request: RoomRequest, roomId: () => string | null): PeerSignals {
  const announceListeners = new Set<(event: P2pAnnounceEvent) => void>();
  const signalListeners = new Set<(event: P2pSignalEvent) => void>();
  const onAnnounce = (event: P2pAnnounceEvent) => {
    if (event.roomId === roomId()) for (const listener of announceListeners) listener(event);
  };
  const onSignal = (event: P2pSignalEvent) => {
    if (event.roomId === roomId()) for (const listener of signalListeners) listener(event);
  };
  socket.on('p2p:announce', onAnnounce);
  socket.on('p2p:signal', onSignal);
  const subscribe =
    <T>(listeners: Set<(event: T) => void>) =>
    (listener: (event: T) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    };
  return {
    get peerId() {
      return socket.id;
    },
    announce(itemId, has) {
      void request('p2p:announce', { itemId, has });
    },
    signal(to, itemId, payload) {
      void request('p2p:signal', { to, itemId, ...payload } as CommandPayload<'p2p:signal'>);
    },
    onAnnounce: subscribe(announceListeners),
    onSignal: subscribe(signalListeners),
    dispose() {
      socket.off('p2p:announce', onAnnounce);
      socket.off('p2p:signal', onSignal);
      announceListeners.clear();
      signalListeners.clear();
    },
  };
}
