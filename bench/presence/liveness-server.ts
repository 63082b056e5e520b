// The server side of `node bench/presence/liveness.ts`: a bare Socket.IO server (websocket only, like XemChung)
// that keeps one "last heard" time per socket by one way of telling a live tab from a dead one (ADR 038), and
// answers the driver's questions over IPC: what its sockets carried on the wire, and how many tabs it would have
// unlisted. Reports are parsed with the protocol's own schema, so a report costs here what it costs to read.
import { createServer, type IncomingMessage } from 'node:http';
import type { Socket as NetSocket } from 'node:net';
import { Server } from 'socket.io';
import type { WebSocket } from 'ws';
import { presenceReportSchema } from '../../packages/protocol/src/schemas/presence.ts';

/** How the server hears from a tab that has nothing new to report. */
export type Mechanism = 'none' | 'engine-ping' | 'probe' | 'ws-ping';

/** Unheard this long (ms), a tab is asked (probe, ws-ping); this long, it would be unlisted (R52). */
export const ASK_AFTER_MS = 2500;
export const SILENT_AFTER_MS = 3500;
const ASK_EVERY_MS = 1000;
const SWEEP_MS = 200;

export interface WireStats {
  type: 'wire';
  /** Bytes the server's TCP sockets read and wrote since they opened (WebSocket frames, headers included). */
  bytesRead: number;
  bytesWritten: number;
  /** Times a tab went SILENT_AFTER_MS unheard: each an unlisting of a live tab. */
  silences: number;
  sockets: number;
}

const mechanism = process.argv[2] as Mechanism;
const http = createServer((request, response) => {
  if (request.url === '/healthz') response.writeHead(200).end();
});
const tcp = new Set<NetSocket>();
http.on('connection', (socket) => tcp.add(socket));
const io = new Server(http, {
  transports: ['websocket'],
  serveClient: false,
  // Socket.IO's heartbeat as XemChung runs it (25 s + 20 s), or every ASK_AFTER_MS with the same lenient timeout:
  // a pong only says the tab is alive; the socket is never closed for a late one.
  pingInterval: mechanism === 'engine-ping' ? ASK_AFTER_MS : 25_000,
  pingTimeout: 20_000,
});

interface Tab {
  heardAt: number;
  askedAt: number;
  silent: boolean;
  ask: () => void;
}
const tabs = new Map<string, Tab>();
let silences = 0;

io.on('connection', (socket) => {
  const websocket = (socket.request as IncomingMessage & { websocket?: WebSocket }).websocket;
  const ask =
    mechanism === 'ws-ping'
      ? () => websocket?.ping()
      : mechanism === 'probe'
        ? () => socket.emit('presence:probe', { roomId: 'room000000000001' })
        : () => {};
  const tab: Tab = { heardAt: Date.now(), askedAt: 0, silent: false, ask };
  tabs.set(socket.id, tab);
  const heard = () => {
    tab.heardAt = Date.now();
    tab.silent = false;
  };
  socket.on('presence:report', (payload: unknown) => {
    if (presenceReportSchema.safeParse(payload).success) heard();
  });
  if (mechanism === 'engine-ping') socket.conn.on('heartbeat', heard);
  if (mechanism === 'ws-ping') websocket?.on('pong', heard);
  socket.on('disconnect', () => tabs.delete(socket.id));
});

/** A sweep this late (ms) means the process stalled: pongs may be waiting unread, so nobody is judged (as presence.ts). */
const STALL_MS = 1000;
let lastSweep = Date.now();
setInterval(() => {
  const now = Date.now();
  const stalled = now - lastSweep > STALL_MS;
  lastSweep = now;
  if (stalled) return;
  tabs.forEach((tab) => {
    const quiet = now - tab.heardAt;
    if (quiet < ASK_AFTER_MS) return;
    if (!tab.silent && quiet >= SILENT_AFTER_MS) {
      tab.silent = true;
      silences++;
    }
    if (now - tab.askedAt >= ASK_EVERY_MS) {
      tab.askedAt = now;
      tab.ask();
    }
  });
}, SWEEP_MS);

process.on('message', (message: { type?: string }) => {
  if (message.type === 'reset') silences = 0;
  if (message.type !== 'wire' && message.type !== 'reset') return;
  let bytesRead = 0;
  let bytesWritten = 0;
  for (const socket of tcp) {
    bytesRead += socket.bytesRead;
    bytesWritten += socket.bytesWritten;
  }
  const stats: WireStats = { type: 'wire', bytesRead, bytesWritten, silences, sockets: tabs.size };
  process.send?.(stats);
});

http.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
