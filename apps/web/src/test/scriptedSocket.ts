import { DEFAULT_CURRENT_VIDEO, DEFAULT_ROOM_SETTINGS, type RoomSnapshot } from '@xemchung/protocol';
import { createRoomClient } from '../features/room/roomClient.ts';
import type { RoomSocket } from '../features/room/roomSocket.ts';

type Listener = (payload?: unknown) => void;

/**
 * The least of a socket.io-client Socket for the room client's own tests: listeners, server-sent events, and acked
 * emits answered by `answer` (a thrown Error is a missing ack), each recorded with its timeout.
 */
export class ScriptedSocket {
  readonly listeners = new Map<string, Set<Listener>>();
  readonly sent: Array<{ event: string; payload: unknown; timeout: number }> = [];
  answer: (event: string, payload: unknown) => unknown = () => ({ ok: true });
  /** False once the server refused the handshake: Socket.IO then leaves reconnecting to us. */
  active = true;
  connected = true;
  /** Calls of connect(), each one a new handshake. */
  connects = 0;

  connect() {
    this.connects += 1;
    this.active = true;
    return this;
  }

  disconnect() {
    this.active = false;
    this.connected = false;
    return this;
  }

  /** The server refuses the handshake with `code` (socket.io-client: connect_error carrying `data`, inactive). */
  refuseHandshake(code: string) {
    this.active = false;
    this.fire('connect_error', Object.assign(new Error('refused'), { data: { code, message: 'refused' } }));
  }

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  timeout(ms: number) {
    return {
      emitWithAck: async (event: string, payload: unknown) => {
        this.sent.push({ event, payload, timeout: ms });
        // Every join asks for the chat's latest page (R54); an empty chat unless a test is about it.
        const answer =
          event === 'chat:history' ? { ok: true, messages: [], hasMore: false } : this.answer(event, payload);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    };
  }

  /** The server (or the socket itself) emits `event`. */
  fire(event: string, payload?: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }

  /** How many joins were sent. */
  joins() {
    return this.sent.filter((sent) => sent.event === 'room:join').length;
  }

  asSocket(): RoomSocket {
    return this as unknown as RoomSocket;
  }
}

export const SCRIPTED_ROOM_ID = 'room1234room1234';

/** An empty room at `version`. */
export const scriptedRoom = (version: number, id = SCRIPTED_ROOM_ID): RoomSnapshot => ({
  id,
  host: 'host',
  name: 'Phòng',
  playlist: [],
  cohosts: [],
  settings: DEFAULT_ROOM_SETTINGS,
  loop: 'off',
  skipVotes: [],
  readyWait: [],
  share: null,
  call: [],
  current_video: { ...DEFAULT_CURRENT_VIDEO },
  version,
});

/** A join answer of the host of room `version`. */
export const joinAnswer = (version: number) => ({
  ok: true,
  room: scriptedRoom(version),
  serverTime: 1000,
  isHost: true,
  me: null,
  personKey: 'u:host',
});

/** A room client over a scripted socket that answers joins with room `version` and anything else `{ok: true}`. */
export function scriptedClient(version = 3) {
  const socket = new ScriptedSocket();
  socket.answer = (event) => (event === 'room:join' ? joinAnswer(version) : { ok: true });
  const client = createRoomClient(socket.asSocket(), { timeoutMs: 500 });
  return { socket, client };
}
