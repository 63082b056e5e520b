import {
  ackFailure,
  type Command,
  type CommandAck,
  type CommandType,
  type P2pAnnounceEvent,
  type P2pSignalEvent,
} from '@xemchung/protocol';
import type { Handlers, RoomConnection } from '../commands/handler.ts';
import type { TokenBucketOptions } from '../limits/token-bucket.ts';

/**
 * Each socket's budgets for the signalling (R113), apart from its command budget (R22) so that the ICE candidates
 * of a few connections set up at once never hold up a seek. Signals: 60 at once (an offer or answer and a dozen
 * candidates for each of a few peers), then 20 a second. Announces: 5 at once, then one every 2 s (one per item
 * the viewer starts or stops wanting or holding). Past either, `rate_limited`; those refusals still draw on the
 * flood cut-off (R22).
 */
export const P2P_RATES: Partial<Record<CommandType, Omit<TokenBucketOptions, 'now'>>> = {
  'p2p:signal': { capacity: 60, refillPerSecond: 20 },
  'p2p:announce': { capacity: 5, refillPerSecond: 0.5 },
};

/** Delivery of the signalling within a room, on every node (realtime/peer-relay.ts). */
export interface PeerRelay {
  /** To every other socket in `event.roomId`. */
  announce(event: P2pAnnounceEvent): void;
  /** To the socket `to` if it is in `event.roomId`; to nobody otherwise. */
  signal(to: string, event: P2pSignalEvent): void;
}

const notJoined = () => ackFailure('not_joined', 'Join the room first');

/**
 * The signalling of own files (R113): passed on, never stored, never read beyond the schema. Anyone in the room may
 * send it (fetching an item's bytes is watching it); the sender is always the socket it came from, and the room
 * always the one that socket is in now, so nothing reaches a room the sender has left or was put out of. Answered at
 * once: a relay costs no promise.
 */
export function createP2pHandlers(relay: PeerRelay): Handlers<'p2p:announce' | 'p2p:signal'> {
  return {
    'p2p:announce': (connection, command, reply) => {
      reply(announce(relay, connection, command));
      return undefined;
    },
    'p2p:signal': (connection, command, reply) => {
      reply(signal(relay, connection, command));
      return undefined;
    },
  };
}

function announce(
  relay: PeerRelay,
  connection: RoomConnection,
  { itemId, has }: Extract<Command, { type: 'p2p:announce' }>,
): CommandAck<'p2p:announce'> {
  const roomId = connection.roomId;
  if (roomId === null) return notJoined();
  relay.announce({ roomId, from: connection.id, itemId, has });
  return { ok: true };
}

/** The ack is ok whether or not `to` is in the room: a sender learns nothing of sockets elsewhere. */
function signal(
  relay: PeerRelay,
  connection: RoomConnection,
  { to, itemId, description, candidate }: Extract<Command, { type: 'p2p:signal' }>,
): CommandAck<'p2p:signal'> {
  const roomId = connection.roomId;
  if (roomId === null) return notJoined();
  if (to === connection.id) return ackFailure('invalid_payload', 'to: must be another socket than yours');
  // The schema let exactly one through; naming it again keeps the event free of an `undefined` field.
  const body = description ? { description } : candidate ? { candidate } : null;
  if (body === null) return ackFailure('invalid_payload', 'send exactly one of description and candidate');
  relay.signal(to, { roomId, from: connection.id, itemId, ...body });
  return { ok: true };
}
