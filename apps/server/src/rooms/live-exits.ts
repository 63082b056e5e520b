import type { RoomSnapshot } from '@xemchung/protocol';
import { leaveCall } from './room-call.ts';
import type { RoomsSeen } from './room-commit.ts';
import { endShareOf } from './room-share.ts';
import type { RoomState, Transition } from './room-state-types.ts';
import { type ServerDecisionDeps, serverDecisions } from './server-decision.ts';

export interface LiveExitsDeps extends ServerDecisionDeps {
  /** Whether the socket `peer` is one of this node's. */
  isLocal: (peer: string) => boolean;
}

/** R126, R127: the tab `peer` left the room: its share ends and it leaves the call. */
export function tabLeft(state: RoomState, peer: string): Transition {
  const unshared = endShareOf(state, peer);
  return 'error' in unshared ? unshared : leaveCall(unshared.state, peer);
}

/**
 * R126, R127: a tab's share and its place in the call end when it leaves the room: a tab closed, a socket lost, a
 * leave, a kick or ban (which disconnects). The node that holds the socket is the one that committed its
 * `share:start` or `call:join`, and the one that hears it leave, so each node tracks its own sockets' shares and
 * calls from its commits and reads (`seen`) and commits their end when the socket leaves the room (`left`, from the
 * adapter's leave event). A node that dies takes its sockets' leaves with it: their shares and places stand until
 * the person comes back and starts again, or a controller stops the share.
 */
export class LiveExits implements RoomsSeen {
  /** Room id by socket, for this node's sockets that share or are in a call. */
  private readonly live = new Map<string, string>();
  private readonly deps: LiveExitsDeps;
  private readonly commit: ReturnType<typeof serverDecisions>;

  constructor(deps: LiveExitsDeps) {
    this.deps = deps;
    this.commit = serverDecisions(deps, this);
  }

  seen(room: RoomSnapshot): void {
    const peer = room.share?.peer;
    if (peer !== undefined && this.deps.isLocal(peer)) this.live.set(peer, room.id);
    for (const member of room.call) if (this.deps.isLocal(member.peer)) this.live.set(member.peer, room.id);
  }

  forget(roomId: string): void {
    for (const [peer, liveIn] of this.live) if (liveIn === roomId) this.live.delete(peer);
  }

  /** Whether `peer` shares or is in a call as this node knows: the only sockets whose leaves matter here. */
  tracks(peer: string): boolean {
    return this.live.has(peer);
  }

  /** The socket `peer` left the room `roomId`: what it stood for ends (nothing is committed if nothing stood). */
  left(roomId: string, peer: string): void {
    if (this.live.get(peer) !== roomId) return;
    this.live.delete(peer);
    this.commit(roomId, (state) => tabLeft(state, peer));
  }
}
