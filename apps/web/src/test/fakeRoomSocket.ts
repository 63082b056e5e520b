import { DEFAULT_CURRENT_VIDEO, DEFAULT_ROOM_SETTINGS, type RoomSnapshot, type Video } from '@xemchung/protocol';
import type { RoomSocket } from '../features/room/roomClient.ts';

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
  isHost = false;
  /** The ack of every room command (select, remove, add…); `{ok: true, version: 1}` unless a test says else. */
  answer: (event: string, payload: unknown) => unknown = () => ({ ok: true, version: 1 });
  /** While set, `room:join` waits for it (to look at the loading state). */
  joinGate: Promise<void> | null = null;
  /** When set, `room:join` fails with this error (the server down, a rate limit…). */
  joinError: { code: string; message: string } | null = null;

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
      return { ok: true, room, serverTime: Date.now(), isHost: this.isHost, me: null };
    }
    if (event === 'room:leave') return { ok: true, roomId: '' };
    return this.answer(event, payload);
  }

  /** The server (or the socket itself: 'connect', 'disconnect') emits `event`. */
  fire(event: string, payload?: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }

  /** Commands sent with this event name. */
  commands(event: string) {
    return this.sent.filter((sent) => sent.event === event).map((sent) => sent.payload);
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
    version: 1,
    ...overrides,
  };
}
