import type { RoomSnapshot } from '@xemchung/protocol';
import type { RoomsSeen } from './room-commit.ts';
import { endShareOf } from './room-share.ts';
import { type ServerDecisionDeps, serverDecisions } from './server-decision.ts';

export interface ShareExitsDeps extends ServerDecisionDeps {
  /** Whether the socket `peer` is one of this node's. */
  isLocal: (peer: string) => boolean;
}

/**
 * R126: a share ends when its tab leaves the room: a tab closed, a socket lost, a leave, a kick or ban (which
 * disconnects). The node that holds the sharing socket is the one that committed its `share:start`, and the one that
 * hears it leave, so each node tracks the shares of its own sockets from its commits and reads (`seen`) and ends
 * one when its socket leaves the room (`left`, from the adapter's leave event). A node that dies takes its sockets'
 * leaves with it: their shares stand until the sharer's page, reconnected, shares again, or a controller stops them.
 */
export class ShareExits implements RoomsSeen {
  /** Room id by sharing socket, for the shares of this node's sockets. */
  private readonly sharing = new Map<string, string>();
  private readonly deps: ShareExitsDeps;
  private readonly commit: ReturnType<typeof serverDecisions>;

  constructor(deps: ShareExitsDeps) {
    this.deps = deps;
    this.commit = serverDecisions(deps, this);
  }

  seen(room: RoomSnapshot): void {
    const peer = room.share?.peer;
    if (peer !== undefined && this.deps.isLocal(peer)) this.sharing.set(peer, room.id);
  }

  forget(roomId: string): void {
    for (const [peer, sharedIn] of this.sharing) if (sharedIn === roomId) this.sharing.delete(peer);
  }

  /** The socket `peer` left the room `roomId`: a share it stood for ends (nothing is committed if it had ended). */
  left(roomId: string, peer: string): void {
    if (this.sharing.get(peer) !== roomId) return;
    this.sharing.delete(peer);
    this.commit(roomId, (state) => endShareOf(state, peer));
  }
}
