import {
  CHAT_PAGE_SIZE,
  type ChatMessage,
  DEFAULT_CURRENT_VIDEO,
  DEFAULT_ROOM_SETTINGS,
  type Me,
  type RoomSnapshot,
  type Video,
} from '@xemchung/protocol';
import type { RoomSocket } from '../features/room/roomSocket.ts';

type Listener = (payload?: unknown) => void;

/**
 * The least of a socket.io-client socket for page and component tests: listeners, acked emits answered the way
 * the server answers them (join of a known or unknown room, pings, and `answer` for room commands), and the
 * connection events the page listens to, fired by the test.
 */
export class FakeRoomSocket {
  readonly listeners = new Map<string, Set<Listener>>();
  readonly sent: Array<{ event: string; payload: unknown }> = [];
  readonly rooms = new Map<string, RoomSnapshot>();
  connected = true;
  active = true;
  /** Joins as the room's host (the session uid is then the room's `host`). */
  isHost = false;
  /** The session uid the server would read from the cookie; null for a guest (unless `isHost`). */
  uid: string | null = null;
  /** Who the join ack says we are, when a test names it in full (otherwise made from `uid`). */
  me: Me | null = null;
  /** The ack of every room command (select, remove, add…); `{ok: true, version: 1}` unless a test says else. */
  answer: (event: string, payload: unknown) => unknown = () => ({ ok: true, version: 1 });
  /** While set, `room:join` waits for it (to look at the loading state). */
  joinGate: Promise<void> | null = null;
  /** The room's chat history, oldest first, answered to `chat:history` in pages as the server does. */
  chat: ChatMessage[] = [];
  /** When set, `chat:history` fails with this error. */
  chatError: { code: string; message: string } | null = null;
  /** When set, `room:join` fails with this error (the server down, a rate limit…). */
  joinError: { code: string; message: string } | null = null;
  /** When set, the server refuses every handshake with this error (connect_error), as when its session store is down. */
  handshakeError: { code: string; message: string } | null = null;
  /** Calls of connect(), each one a new handshake. */
  connects = 0;

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  /** An emit without an ack (the sync reports). */
  emit(event: string, payload?: unknown) {
    this.sent.push({ event, payload });
    return this;
  }

  timeout(_ms: number) {
    return {
      emitWithAck: async (event: string, payload: unknown) => {
        this.sent.push({ event, payload });
        if (event === 'room:join' && this.joinGate) await this.joinGate;
        return this.respond(event, payload as Record<string, unknown>);
      },
    };
  }

  private respond(event: string, payload: Record<string, unknown>): unknown {
    if (event === 'clock:ping') return { ok: true, serverTime: Date.now() };
    if (event === 'room:join') {
      if (this.joinError) return { ok: false, error: this.joinError };
      const roomId = String(payload.roomId);
      const room = this.rooms.get(roomId);
      if (!room) {
        queueMicrotask(() => this.fire('room:notFound', { roomId }));
        return { ok: false, error: { code: 'room_not_found', message: 'No such room' } };
      }
      const uid = this.isHost ? room.host : (this.me?.uid ?? this.uid);
      const me =
        this.me ?? (uid === null ? null : { uid, email: `${uid}@example.test`, photoURL: null, displayName: uid });
      const personKey = uid === null ? 'g:ABCD1234XY' : `u:${uid}`;
      return { ok: true, room, serverTime: Date.now(), isHost: uid === room.host, me, personKey };
    }
    if (event === 'room:leave') return { ok: true, roomId: '' };
    if (event === 'chat:history') {
      return this.chatError
        ? { ok: false, error: this.chatError }
        : this.historyPage(payload.before as number | undefined);
    }
    return this.answer(event, payload);
  }

  private historyPage(before: number | undefined) {
    const older = this.chat.filter((message) => before === undefined || message.seq < before);
    return { ok: true, messages: older.slice(-CHAT_PAGE_SIZE), hasMore: older.length > CHAT_PAGE_SIZE };
  }

  /** The server (or the socket itself: 'connect', 'disconnect') emits `event`. */
  fire(event: string, payload?: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }

  /** Commands sent with this event name. */
  commands(event: string) {
    return this.sent.filter((sent) => sent.event === event).map((sent) => sent.payload);
  }

  /** A new handshake: refused with `handshakeError` (the socket goes inactive, as socket.io-client's does), else connected. */
  connect() {
    this.connects += 1;
    if (this.handshakeError) {
      this.active = false;
      this.fire('connect_error', Object.assign(new Error(this.handshakeError.message), { data: this.handshakeError }));
    } else {
      this.active = true;
      this.connected = true;
      this.fire('connect');
    }
    return this;
  }

  disconnect() {
    this.connected = false;
    this.active = false;
    return this;
  }

  asSocket(): RoomSocket {
    return this as unknown as RoomSocket;
  }
}

export const ROOM_ID = 'room1234room1234';

/** A playlist item of a direct media link (the id need not be a real mediaVideoId here: nothing validates it). */
export function mediaVideo(id: string, title: string, visited = false): Video {
  return {
    id,
    title,
    thumbnail: '',
    visited,
    source: 'media',
    mediaUrl: `http://127.0.0.1:9/${encodeURIComponent(title)}.mp4`,
  };
}

/** A room snapshot: by default two videos, neither selected. */
export function roomSnapshot(overrides: Partial<RoomSnapshot> = {}): RoomSnapshot {
  return {
    id: ROOM_ID,
    host: 'host-uid',
    name: 'Phòng của An',
    playlist: [mediaVideo('m_one', 'Một'), mediaVideo('m_two', 'Hai')],
    current_video: { ...DEFAULT_CURRENT_VIDEO },
    cohosts: [],
    settings: { ...DEFAULT_ROOM_SETTINGS },
    loop: 'off',
    skipVotes: [],
    readyWait: [],
    share: null,
    call: [],
    version: 1,
    ...overrides,
  };
}

/** A signed-in viewer as the join ack names them. */
export function me(uid: string, displayName = 'An'): Me {
  return { uid, email: `${uid}@example.test`, photoURL: null, displayName };
}

/** A chat message of `sender` (a uid, or null for the guest 'ABCD1234XY'). */
export function chatMessage(
  seq: number,
  text: string,
  sender: string | null = 'member-uid',
  createdAt = 0,
): ChatMessage {
  return {
    seq,
    sender:
      sender === null
        ? { key: 'g:ABCD1234XY', uid: null, name: null, photoURL: null, guestTag: 'ABCD1234XY' }
        : {
            key: `u:${sender}`,
            uid: sender,
            name: sender === 'host-uid' ? 'Chủ Phòng' : 'Lan',
            photoURL: null,
            guestTag: null,
          },
    text,
    createdAt: createdAt || Date.UTC(2026, 10, 24, 7, 5) + seq * 1000,
    deleted: false,
  };
}
