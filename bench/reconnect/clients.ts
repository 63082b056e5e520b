// The client side of `npm run bench:reconnect`, a child of run.ts pinned to its own core: thousands of real
// socket.io-client connections with the web app's settings (websocket only, default reconnection back-off),
// each re-joining its room on every (re)connection as the protocol requires (R27) and keeping the highest
// version it has seen, from join acks and room:state broadcasts alike (R18).
import { PROTOCOL_VERSION } from '@xemchung/protocol';
import { io, type Socket } from 'socket.io-client';
import type { Acknowledged, ClientsReady, Resynced, ToClients } from './messages.ts';

interface RoomClient {
  socket: Socket;
  room: number;
  /** Highest room version seen. */
  version: number;
  /** When `version` last rose, and when the last join was acknowledged (epoch ms). */
  versionAt: number;
  joinedAt: number;
  joined: boolean;
}

type Plan = Extract<ToClients, { type: 'plan' }>;

const inbox: ToClients[] = [];
const waiters = new Set<() => void>();
process.on('message', (message: ToClients) => {
  inbox.push(message);
  for (const waiter of waiters) waiter();
});
/** The next message of one of `types` from the orchestrator, in arrival order. */
async function next<T extends ToClients['type']>(...types: T[]): Promise<Extract<ToClients, { type: T }>> {
  for (;;) {
    const index = inbox.findIndex((message) => (types as string[]).includes(message.type));
    if (index >= 0) return inbox.splice(index, 1)[0] as Extract<ToClients, { type: T }>;
    await new Promise<void>((resolve) => {
      const waiter = () => {
        waiters.delete(waiter);
        resolve();
      };
      waiters.add(waiter);
    });
  }
}
const send = (message: ClientsReady | Acknowledged | Resynced) => process.send?.(message);

const plan: Plan = await next('plan');
const clients: RoomClient[] = [];
const hosts: RoomClient[] = [];
let connectErrors = 0;
const errorKinds = new Map<string, number>();
const joinFailures: string[] = [];

function observe(client: RoomClient, version: number): void {
  if (version <= client.version) return;
  client.version = version;
  client.versionAt = Date.now();
}

function openClient(room: number, host: boolean): Promise<RoomClient> {
  const seeded = plan.rooms[room];
  if (!seeded) throw new Error(`no room ${room}`);
  const headers: Record<string, string> = { origin: plan.url };
  if (host) headers.cookie = seeded.hostCookie;
  const socket = io(plan.url, {
    transports: ['websocket'],
    forceNew: true,
    auth: { protocol: PROTOCOL_VERSION },
    extraHeaders: headers,
  });
  const client: RoomClient = { socket, room, version: 0, versionAt: 0, joinedAt: 0, joined: false };
  socket.on('room:state', (state: { version: number }) => observe(client, state.version));
  // A delta (R108) carries the version it makes; a client that missed one would join again, as it does here anyway.
  socket.on('room:delta', (delta: { version: number }) => observe(client, delta.version));
  socket.on('disconnect', () => {
    client.joined = false;
  });
  socket.on('connect_error', (error: Error) => {
    connectErrors++;
    errorKinds.set(error.message, (errorKinds.get(error.message) ?? 0) + 1);
  });
  return new Promise((resolve, reject) => {
    // On the first connection and after every reconnection: join again (R27).
    socket.on('connect', () => {
      socket
        .timeout(30_000)
        .emitWithAck('room:join', { roomId: seeded.id })
        .then((ack: { ok: boolean; room?: { version: number }; error?: { code: string } }) => {
          if (!ack.ok || !ack.room) throw new Error(ack.error?.code ?? 'no room');
          observe(client, ack.room.version);
          client.joined = true;
          client.joinedAt = Date.now();
          resolve(client); // the first join; later ones only update the client
        })
        .catch((error: Error) => {
          if (joinFailures.length < 10) joinFailures.push(`${seeded.id}: ${error.message}`);
          reject(error);
        });
    });
  });
}

async function inPool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let nextItem = 0;
  const worker = async () => {
    while (nextItem < items.length) await work(items[nextItem++] as T);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const started = performance.now();
const slots = Array.from({ length: plan.rooms.length * plan.clientsPerRoom }, (_, index) => index);
await inPool(slots, plan.connectConcurrency, async (index) => {
  const room = Math.floor(index / plan.clientsPerRoom);
  const host = index % plan.clientsPerRoom === 0;
  const client = await openClient(room, host);
  clients.push(client);
  if (host) hosts[room] = client;
});
send({ type: 'ready', connectSeconds: (performance.now() - started) / 1000 });

const acked = new Array<number>(plan.rooms.length).fill(0);
let commandsAcked = 0;

/** Each host reports playback once a second, rooms staggered, until the server goes away. */
function command(stopped: () => boolean): void {
  const interval = 1000 / plan.rooms.length;
  const begin = performance.now();
  let sent = 0;
  const tick = () => {
    if (stopped()) return;
    while (begin + sent * interval <= performance.now()) {
      const room = sent % plan.rooms.length;
      const host = hosts[room];
      const seeded = plan.rooms[room];
      sent++;
      // Never queue a command while disconnected: socket.io-client would replay it after the restart.
      if (!host?.socket.connected || !host.joined || !seeded) continue;
      const position = sent;
      host.socket
        .timeout(5000)
        .emitWithAck('playback:update', { id: seeded.videoId, playing: true, position, rate: 1 })
        .then(
          (ack: { ok: boolean; version?: number }) => {
            if (!ack.ok || ack.version === undefined) return;
            commandsAcked++;
            acked[room] = Math.max(acked[room] ?? 0, ack.version);
          },
          () => {}, // no answer: outcome unknown, the database decides
        );
    }
    setTimeout(tick, Math.max(0, begin + sent * interval - performance.now()));
  };
  tick();
}

for (;;) {
  const message = await next('commands', 'close');
  if (message.type === 'close') break;
  let killed = false;
  commandsAcked = 0;
  command(() => killed);
  const { at: killedAt } = await next('killed');
  killed = true;
  // Acks already on the wire when the server died are still read, so give them a moment.
  await new Promise((resolve) => setTimeout(resolve, 300));
  send({ type: 'acked', versions: [...acked], commandsAcked });
  const cpuBefore = process.cpuUsage();
  connectErrors = 0;
  errorKinds.clear();
  joinFailures.length = 0;
  const { versions, deadlineMs } = await next('expect');
  const isSynced = (client: RoomClient) =>
    client.joined && client.joinedAt > killedAt && client.version === versions[client.room];
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline && !clients.every(isSynced)) await new Promise((resolve) => setTimeout(resolve, 20));
  const synced = clients.filter(isSynced);
  const cpu = process.cpuUsage(cpuBefore);
  send({
    type: 'resynced',
    synced: synced.length,
    clients: clients.length,
    syncSeconds: synced
      .map((client) => (Math.max(client.joinedAt, client.versionAt) - killedAt) / 1000)
      .sort((a, b) => a - b),
    connectErrors,
    connectErrorKinds: Object.fromEntries(errorKinds),
    joinFailures: [...joinFailures],
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  });
}
for (const client of clients) client.socket.disconnect();
process.exit(0);
