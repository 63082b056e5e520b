import {
  type AckFailure,
  ackFailure,
  CALL_SIGNAL_TOPIC,
  type Command,
  type CommandAck,
  type CommandType,
  type P2pAnnounceEvent,
  type P2pSignalEvent,
  type RoomSnapshot,
  SHARE_ID_PREFIX,
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

/** The room as committed, which the live topics' offers and answers are checked against (R126, R127). */
export interface P2pRooms {
  load(roomId: string): Promise<RoomSnapshot | null>;
}

/**
 * The signalling of own files (R113): passed on, never stored, never read beyond the schema. Anyone in the room may
 * send it (fetching an item's bytes is watching it); the sender is always the socket it came from, and the room
 * always the one that socket is in now, so nothing reaches a room the sender has left or was put out of. Answered at
 * once (a relay costs no promise), except an offer or answer about the call or a share, checked on the room first.
 */
export function createP2pHandlers(relay: PeerRelay, rooms: P2pRooms): Handlers<'p2p:announce' | 'p2p:signal'> {
  /**
   * Each socket's signals still waiting on a check, so that they leave in the order sent: a candidate sent after an
   * offer must not overtake it while the offer's room is read, or the other page adds it with no description to add
   * it to, and it is lost (a call's pair then never connected, under load).
   */
  const pending = new WeakMap<RoomConnection, Promise<void>>();
  return {
    'p2p:announce': (connection, command, reply) => {
      reply(announce(relay, connection, command));
      return undefined;
    },
    'p2p:signal': (connection, command, reply) => {
      const roomId = connection.roomId;
      const checked = roomId !== null && command.description !== undefined && isLiveTopic(command.itemId);
      const before = pending.get(connection);
      if (!checked && before === undefined) {
        reply(signal(relay, connection, command));
        return undefined;
      }
      const refusal = checked ? liveRefusal(rooms, roomId, connection.id, command) : Promise.resolve(null);
      const sent = (before ?? Promise.resolve()).then(() =>
        refusal.then(
          (refused) => reply(refused ?? signal(relay, connection, command)),
          () => reply(ackFailure('unavailable', 'The room could not be read; send it again')),
        ),
      );
      pending.set(connection, sent);
      void sent.then(() => {
        if (pending.get(connection) === sent) pending.delete(connection);
      });
      return sent;
    },
  };
}

/** The call's topic and the shares' ids: the live media of R126 and R127, rather than an item's bytes (R113). */
const isLiveTopic = (itemId: string) => itemId === CALL_SIGNAL_TOPIC || itemId.startsWith(SHARE_ID_PREFIX);

/**
 * R126, R127: an offer or an answer about the call passes only between two tabs of the room's call, and one about a
 * share only between the sharing tab and another, for the room's share now; else `not_in_call` or `not_sharing`,
 * and nothing is relayed. Candidates pass unchecked, as for own files: without an accepted description they open
 * nothing, and a page drops them (reading the room for each would cost a read per candidate).
 */
async function liveRefusal(
  rooms: P2pRooms,
  roomId: string,
  from: string,
  { to, itemId }: Extract<Command, { type: 'p2p:signal' }>,
): Promise<AckFailure | null> {
  const room = await rooms.load(roomId);
  if (itemId === CALL_SIGNAL_TOPIC) {
    const members = new Set(room?.call.map((member) => member.peer));
    if (members.has(from) && members.has(to)) return null;
    return ackFailure('not_in_call', 'A call signal passes only between two tabs of the room’s call');
  }
  const share = room?.share;
  if (share?.id === itemId && (share.peer === from || share.peer === to)) return null;
  return ackFailure('not_sharing', 'A share signal passes only between its sharing tab and another, while it stands');
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
