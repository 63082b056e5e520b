import {
  type AckFailure,
  ackFailure,
  CALL_SIGNAL_TOPIC,
  type CommandAck,
  type CommandType,
  type RoomSnapshot,
} from '@xemchung/protocol';
import type { Handlers, RoomConnection } from '../commands/handler.ts';
import type { TokenBucketOptions } from '../limits/token-bucket.ts';
import { JanusError } from './janus-api.ts';
import { NO_SUCH_FEED, type SfuMediaRelay, type SfuSubject } from './sfu-media.ts';

/**
 * Each socket's budgets for the SFU commands (R129), apart from its command budget (R22): a tab publishes once per
 * share or call it joins, and asks for each share or other tab of the call once, again after a lost link or while
 * it is not yet at the SFU (each ask an offer and an answer). Past them, `rate_limited`, which draws on the flood
 * cut-off.
 */
export const SFU_RATES: Partial<Record<CommandType, Omit<TokenBucketOptions, 'now'>>> = {
  'sfu:publish': { capacity: 3, refillPerSecond: 0.2 },
  'sfu:subscribe': { capacity: 20, refillPerSecond: 2 },
  'sfu:answer': { capacity: 20, refillPerSecond: 2 },
};

export interface SfuHandlerDeps {
  /** The SFU, or null when the server runs none (SFU=off). */
  sfu: SfuMediaRelay | null;
  /** The room as committed now: every request is checked against its share or its call. */
  repository: { load(roomId: string): Promise<RoomSnapshot | null> };
  /** Told of the SFU failing a request (it is answered `unavailable`). */
  onError: (error: unknown) => void;
}

type SfuCommand = 'sfu:publish' | 'sfu:subscribe' | 'sfu:answer';

/**
 * R129: the screen share and the call through the SFU. The server is the SFU's only client (its API listens on
 * 127.0.0.1 behind a secret), so these commands are the only way to it, and each is checked on the room as
 * committed: only the tab the room's share names publishes it, and only other sockets of that room receive it (else
 * `not_sharing`); only tabs of the room's call publish to the call and receive another tab of it (else
 * `not_in_call`). No SFU, or an SFU that failed, `unavailable`.
 */
export function createSfuHandlers(deps: SfuHandlerDeps): Handlers<SfuCommand> {
  /** What the command's `id` names in the connection's room now (with the call's tabs), or the refusal. */
  async function subjectOf(connection: RoomConnection, id: string) {
    const roomId = connection.roomId;
    if (roomId === null) return ackFailure('not_joined', 'Join the room first');
    const room = await deps.repository.load(roomId);
    if (id === CALL_SIGNAL_TOPIC) {
      const members = room?.call.map((member) => member.peer) ?? [];
      if (!members.includes(connection.id)) return ackFailure('not_in_call', 'Join the call first');
      return sfuOr({ subject: { roomId, kind: 'call' } satisfies SfuSubject, members, sharer: null });
    }
    const share = room?.share;
    if (!share || share.id !== id) return ackFailure('not_sharing', 'That share is not the room’s share now');
    return sfuOr({
      subject: { roomId, kind: 'share', shareId: share.id } satisfies SfuSubject,
      members: [],
      sharer: share.peer,
    });
  }

  function sfuOr<T>(found: T): (T & { sfu: SfuMediaRelay }) | AckFailure {
    if (deps.sfu === null) return ackFailure('unavailable', 'This server runs no SFU');
    return { ...found, sfu: deps.sfu };
  }

  /** The subject and feed a subscribe or an answer names, or the refusal. */
  async function feedOf(connection: RoomConnection, id: string, feed: string | undefined) {
    const found = await subjectOf(connection, id);
    if ('ok' in found) return found;
    if (found.sharer !== null) {
      if (found.sharer === connection.id) return ackFailure('invalid_payload', 'The sharing tab has its own picture');
      return { ...found, feed: null };
    }
    if (feed === undefined || feed === connection.id || !found.members.includes(feed)) {
      return ackFailure('not_in_call', 'feed: another tab of the call');
    }
    return { ...found, feed };
  }

  /** The SFU's failure as an ack: what is not yet published is asked for again; anything else is logged. */
  function failed(error: unknown) {
    if (error instanceof JanusError && error.code === NO_SUCH_FEED) {
      return ackFailure('unavailable', 'Not at the SFU yet; ask again');
    }
    deps.onError(error);
    return ackFailure('unavailable', 'The SFU did not answer');
  }

  const run = <T extends SfuCommand>(task: () => Promise<CommandAck<T>>, reply: (ack: CommandAck<T>) => void) =>
    task().then(reply, (error: unknown) => reply(failed(error)));

  return {
    'sfu:publish': (connection, { id, sdp }, reply) =>
      run(async () => {
        const found = await subjectOf(connection, id);
        if ('ok' in found) return found;
        if (found.sharer !== null && found.sharer !== connection.id) {
          return ackFailure('not_sharing', 'Only the sharing tab publishes it');
        }
        return { ok: true, sdp: await found.sfu.publish(connection.id, found.subject, sdp) };
      }, reply),
    'sfu:subscribe': (connection, { id, feed }, reply) =>
      run(async () => {
        const found = await feedOf(connection, id, feed);
        if ('ok' in found) return found;
        return { ok: true, sdp: await found.sfu.subscribe(connection.id, found.subject, found.feed) };
      }, reply),
    'sfu:answer': (connection, { id, feed, sdp }, reply) =>
      run(async () => {
        const found = await feedOf(connection, id, feed);
        if ('ok' in found) return found;
        await found.sfu.answer(connection.id, found.subject, found.feed, sdp);
        return { ok: true };
      }, reply),
  };
}
