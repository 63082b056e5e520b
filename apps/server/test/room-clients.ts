import { randomBytes } from 'node:crypto';
import {
  applyRoomDelta,
  type CommandAck,
  type CommandPayload,
  type CommandType,
  PROTOCOL_VERSION,
  type ProtocolError,
  type RoomDelta,
  type RoomSnapshot,
} from '@xemchung/protocol';
import { io, type Socket } from 'socket.io-client';
import { SESSION_COOKIE, SessionStore } from '../src/auth/sessions.ts';
import type { Db } from '../src/db/database.ts';
import type { TestServer } from './harness.ts';

export interface TestUser {
  uid: string;
  displayName: string;
  /** `xc_session=<token>`, as a browser would send it. */
  cookie: string;
}

/** A signed-in user: a users row and a server-side session, as the sign-in flow would leave them. */
export function signedInUser(server: TestServer, displayName: string): Promise<TestUser> {
  return seedSignedInUser(server.app.db, displayName);
}

/** The same straight into a database, for servers that run in another process. */
export async function seedSignedInUser(db: Db, displayName: string): Promise<TestUser> {
  const uid = randomBytes(12).toString('base64url');
  await db
    .insertInto('users')
    .values({
      uid,
      issuer: 'test',
      subject: uid,
      email: `${uid}@example.test`,
      display_name: displayName,
      photo_url: null,
      created_at: Date.now(),
    })
    .execute();
  const { token } = await new SessionStore(db).create(uid);
  return { uid, displayName, cookie: `${SESSION_COOKIE}=${token}` };
}

/** Creates a room through the REST API as `host`, as the web app does (same origin, R36); returns its id. */
export async function createRoom(server: TestServer, host: TestUser, name = 'Phòng thử'): Promise<string> {
  const response = await fetch(`${server.url}/api/rooms`, {
    method: 'POST',
    headers: { cookie: host.cookie, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (response.status !== 201) throw new Error(`room creation failed: ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

export interface ConnectOptions {
  user?: TestUser;
  /** More cookies, e.g. a guest's `xc_guest=<token>` so several sockets are one guest (R51). */
  cookie?: string;
  /** Connect to this URL instead (a TcpProxy in front of the server); the Origin stays the server's. */
  via?: string;
  origin?: string | null;
  protocol?: unknown;
  /** Reconnect automatically (restart tests). */
  reconnection?: boolean;
  /** An `X-Forwarded-For` header: the client address, for a server started with TRUST_PROXY. */
  forwardedFor?: string;
}

/** A real socket.io-client connection that records every room:state it receives. */
export class TestClient {
  readonly socket: Socket;
  readonly states: RoomSnapshot[] = [];
  readonly events: Array<{ event: string; payload: unknown }> = [];

  constructor(socket: Socket) {
    this.socket = socket;
    socket.on('room:state', (room: RoomSnapshot) => this.states.push(room));
    // R108: a delta, applied as the web client applies it, to the room one version older once it is here.
    socket.on('room:delta', (delta: RoomDelta) => {
      this.deltas.push(delta);
      this.applyDeltas();
    });
    socket.onAny((event: string, payload: unknown) => this.events.push({ event, payload }));
  }

  /** The highest version seen in broadcasts. */
  get version(): number {
    return Math.max(0, ...this.states.map((room) => room.version));
  }

  get latest(): RoomSnapshot | undefined {
    return this.states.reduce<RoomSnapshot | undefined>(
      (best, room) => (!best || room.version > best.version ? room : best),
      undefined,
    );
  }

  /** Sends a command and waits for its ack. */
  request<T extends CommandType>(type: T, payload?: CommandPayload<T>): Promise<CommandAck<T>> {
    return this.raw(type, ...(payload === undefined ? [] : [payload])) as Promise<CommandAck<T>>;
  }

  /** How long to wait for an ack before the request rejects. */
  ackTimeoutMs = 10_000;

  /** Emits anything at all, with an ack callback last. */
  async raw(event: string, ...args: unknown[]): Promise<unknown> {
    const ack = await this.socket.timeout(this.ackTimeoutMs).emitWithAck(event, ...args);
    // The room a join answers with is what deltas apply to (R108), however the join was sent.
    const answer = ack as CommandAck<'room:join'> | undefined;
    if (event === 'room:join' && answer?.ok && answer.room) {
      this.joined = answer.room;
      this.applyDeltas();
    }
    return ack;
  }

  /** The room of the last join's answer. */
  joined: RoomSnapshot | undefined;
  /** Every `room:delta` received, in order (R108). */
  readonly deltas: RoomDelta[] = [];

  /** Turns each delta that has the room one version older to apply to into a state (R108). */
  private applyDeltas(): void {
    for (let applied = true; applied; ) {
      applied = false;
      for (const delta of this.deltas) {
        if (this.states.some((room) => room.version === delta.version)) continue;
        const base = [this.joined, ...this.states].find((room) => room?.version === delta.version - 1);
        if (!base) continue;
        this.states.push(applyRoomDelta(base, delta));
        applied = true;
      }
    }
  }

  async join(roomId: string): Promise<CommandAck<'room:join'>> {
    return this.request('room:join', { roomId });
  }

  /** Resolves once a room:state of at least `version` has arrived. */
  waitForVersion(version: number, timeoutMs = 10_000): Promise<RoomSnapshot> {
    return waitFor(() => (this.version >= version ? this.latest : undefined), timeoutMs, `version ${version}`);
  }

  close(): void {
    this.socket.disconnect();
  }
}

/** Polls `probe` until it returns a value. */
export async function waitFor<T>(probe: () => T | undefined, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function openSocket(server: TestServer, options: ConnectOptions): Socket {
  const headers: Record<string, string> = {};
  const origin = options.origin === undefined ? server.url : options.origin;
  if (origin !== null) headers.origin = origin;
  const cookies = [options.user?.cookie, options.cookie].filter((cookie) => cookie !== undefined);
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
  return io(options.via ?? server.url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: options.reconnection ?? false,
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
    auth: { protocol: options.protocol === undefined ? PROTOCOL_VERSION : options.protocol },
    extraHeaders: headers,
  });
}

/** Resolves with the first of `connect` or `connect_error`, and stops listening for either. */
function firstOutcome(
  socket: Socket,
): Promise<{ connected: true } | { connected: false; error: Error & { data?: ProtocolError } }> {
  return new Promise((resolve) => {
    const onConnect = () => {
      socket.off('connect_error', onError);
      resolve({ connected: true });
    };
    const onError = (error: Error & { data?: ProtocolError }) => {
      socket.off('connect', onConnect);
      resolve({ connected: false, error });
    };
    socket.once('connect', onConnect);
    socket.once('connect_error', onError);
  });
}

/** Connects and waits for the handshake to be accepted. */
export async function connect(server: TestServer, options: ConnectOptions = {}): Promise<TestClient> {
  const socket = openSocket(server, options);
  const outcome = await firstOutcome(socket);
  if (outcome.connected) return new TestClient(socket);
  socket.disconnect();
  throw outcome.error;
}

/** Connects expecting a refusal; returns the typed error the server sent. */
export async function connectRefused(server: TestServer, options: ConnectOptions): Promise<ProtocolError> {
  const socket = openSocket(server, options);
  const outcome = await firstOutcome(socket);
  socket.disconnect();
  if (outcome.connected) throw new Error('connection was accepted');
  return outcome.error.data ?? { code: 'internal', message: outcome.error.message };
}

/** A valid YouTube playlist item with a fresh random 11-character id. */
export function youtubeVideo(title = 'Video') {
  return { id: randomBytes(8).toString('base64url'), title, thumbnail: '', source: 'youtube' as const, mediaUrl: null };
}
