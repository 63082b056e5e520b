// `node bench/presence/cost.ts` — the CPU of presence's own bookkeeping at bench:fanout's scale (1000 rooms × 10
// viewers on one node, a report every 2 s from each), and what each way of sharing it between nodes would carry
// (docs/decisions/016-presence-transport.md). The sockets' side (the reports' round trips, the room:presence
// deliveries) is measured by `npm run bench:fanout -- --reports`; this is the part that is presence's alone.
import { performance } from 'node:perf_hooks';
import { LIVENESS } from '../../apps/server/src/realtime/presence.ts';
import { type PresencePart, PresenceRegistry } from '../../apps/server/src/realtime/presence-registry.ts';
import { type Person, type SyncReport, userKey } from '../../packages/protocol/src/index.ts';

const ROOMS = 1000;
const VIEWERS = 10;
const REPORTS_PER_SECOND = (ROOMS * VIEWERS) / 2;

const person = (room: number, viewer: number): Person => {
  const uid = `uid-${room}-${viewer}-xxxxxxxxxxxxxxx`.slice(0, 22);
  return {
    key: userKey(uid),
    uid,
    name: `Người xem ${room}.${viewer}`,
    photoURL: `https://lh3.googleusercontent.com/a/ACg8ocJ${room}x${viewer}-photo-of-the-user=s96-c`,
    guestTag: null,
  };
};
const roomId = (room: number) => `room${String(room).padStart(12, '0')}`;
const report = (index: number): SyncReport => ({
  state: 'playing',
  errorMs: (index % 81) - 40,
  rttMs: 20 + (index % 30),
});

/** CPU µs per call of `work`, over `calls` calls (after a warm-up of a tenth as many). */
function cpuPerCall(calls: number, work: (index: number) => void): number {
  for (let index = 0; index < calls / 10; index++) work(index);
  const before = process.cpuUsage();
  for (let index = 0; index < calls; index++) work(index);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / calls;
}

const registry = new PresenceRegistry({ gossip: true });
for (let room = 0; room < ROOMS; room++) {
  for (let viewer = 0; viewer < VIEWERS; viewer++)
    registry.join(`s-${room}-${viewer}`, roomId(room), person(room, viewer), 0);
}

const reportCost = cpuPerCall(200_000, (index) => {
  const room = index % ROOMS;
  registry.report(`s-${room}-${Math.floor(index / ROOMS) % VIEWERS}`, report(index), index);
});
// The liveness sweep over every tab (every 200 ms), each of them heard from within the last report interval.
const HEARD_AT = 1e9;
for (let room = 0; room < ROOMS; room++) {
  for (let viewer = 0; viewer < VIEWERS; viewer++)
    registry.report(`s-${room}-${viewer}`, report(room + viewer), HEARD_AT);
}
const sweepCost = cpuPerCall(500, () => registry.sweep(HEARD_AT + 1000, LIVENESS));
let payloadBytes = 0;
const broadcastCost = cpuPerCall(20_000, (index) => {
  const id = roomId(index % ROOMS);
  payloadBytes = JSON.stringify({ roomId: id, viewers: registry.viewers(id) }).length;
});

// Gossip: each room's part in its slot of the 2 s cycle (20 steps of 100 ms), as a node sends them when every
// room had a report-only change; and the same at once, as after a hello (a full announcement).
const SLOTS = 20;
function gossipOf(first: number, step: number) {
  const rooms: Record<string, PresencePart[]> = {};
  for (let room = first; room < ROOMS; room += step) rooms[roomId(room)] = registry.localPart(roomId(room));
  return JSON.stringify({ node: 'node-a', full: step === 1, rooms });
}
const other = new PresenceRegistry({ gossip: true });
const receive = (message: string) => {
  const parsed = JSON.parse(message) as { node: string; full: boolean; rooms: Record<string, PresencePart[]> };
  other.applyRemote(parsed.node, parsed.rooms, parsed.full, 0);
};
let slotBytes = 0;
const slotEncode = cpuPerCall(200, (index) => {
  slotBytes = gossipOf(index % SLOTS, SLOTS).length;
});
const slotMessage = gossipOf(0, SLOTS);
const slotDecode = cpuPerCall(200, () => receive(slotMessage));
const fullStarted = performance.now();
const message = gossipOf(0, 1);
const encodeMs = performance.now() - fullStarted;
const decodeStarted = performance.now();
receive(message);
const decodeMs = performance.now() - decodeStarted;

// What `fetchSockets()` would carry instead: per socket its id, handshake (headers, cookies included), rooms and
// data, from every node, for every room list built. A Chromium upgrade request's headers, as Socket.IO keeps them.
const handshake = {
  headers: {
    host: 'xemchung.example',
    connection: 'Upgrade',
    pragma: 'no-cache',
    'cache-control': 'no-cache',
    'user-agent':
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    upgrade: 'websocket',
    origin: 'https://xemchung.example',
    'sec-websocket-version': '13',
    'accept-encoding': 'gzip, deflate, br, zstd',
    'accept-language': 'vi-VN,vi;q=0.9,en-US;q=0.8,en;q=0.7',
    cookie: 'xc_session=4bJ2o7m3Q0dXwYt8p1sV6kZrA9cE5fHuLnMgTiOyRqW; xc_guest=Zk3vP8qL1tYw6sN0rB2xCe',
    'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
    'sec-websocket-extensions': 'permessage-deflate; client_max_window_bits',
  },
  time: new Date().toString(),
  address: '203.0.113.7',
  xdomain: false,
  secure: true,
  issued: Date.now(),
  url: '/socket.io/?EIO=4&transport=websocket',
  query: { EIO: '4', transport: 'websocket' },
  auth: { protocol: 1 },
};
const fetchSocketsRoom = JSON.stringify({
  type: 1,
  requestId: 'abcdef',
  sockets: Array.from({ length: VIEWERS }, (_, viewer) => ({
    id: `socket-id-${viewer}-xxxxxxxx`,
    handshake,
    rooms: [`socket-id-${viewer}-xxxxxxxx`, roomId(0)],
    data: {
      user: person(0, viewer),
      identity: { person: person(0, viewer), addressKey: 'k'.repeat(16) },
      roomId: roomId(0),
    },
  })),
}).length;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const broadcastsPerSecond = ROOMS / 2;
console.log(`presence bookkeeping at ${ROOMS} rooms × ${VIEWERS} viewers, one report every 2 s each`);
console.log(`| step | per call | calls/s | CPU % of a core |`);
console.log(`| --- | --: | --: | --: |`);
console.log(
  `| a report recorded (registry) | ${reportCost.toFixed(2)} µs | ${REPORTS_PER_SECOND} | ${((reportCost * REPORTS_PER_SECOND) / 1e4).toFixed(2)} |`,
);
console.log(
  `| the liveness sweep of ${ROOMS * VIEWERS} tabs | ${(sweepCost / 1000).toFixed(2)} ms | 5 | ${((sweepCost * 5) / 1e4).toFixed(2)} |`,
);
console.log(
  `| a room's list built and encoded (${kb(payloadBytes)} KB) | ${broadcastCost.toFixed(1)} µs | ${broadcastsPerSecond} | ${((broadcastCost * broadcastsPerSecond) / 1e4).toFixed(2)} |`,
);
console.log(
  `| gossip of one slot's rooms, sent (${kb(slotBytes)} KB) | ${(slotEncode / 1000).toFixed(2)} ms | 10 | ${((slotEncode * 10) / 1e4).toFixed(2)} |`,
);
console.log(
  `| gossip of one slot's rooms, received | ${(slotDecode / 1000).toFixed(2)} ms | 10 per other node | ${((slotDecode * 10) / 1e4).toFixed(2)} |`,
);
console.log(
  `| every room at once (a full announcement, ${kb(message.length)} KB), sent / received | ${encodeMs.toFixed(1)} / ${decodeMs.toFixed(1)} ms | after a hello | – |`,
);
console.log(
  `fetchSockets() instead: ${kb(fetchSocketsRoom)} KB per room list per node answering, ` +
    `${kb(fetchSocketsRoom * broadcastsPerSecond)} KB/s per node at one list per room per 2 s ` +
    `(gossip: ${kb(slotBytes * 10)} KB/s per node)`,
);
