// The load generator of `npm run bench:fanout`, a child of run.ts pinned to its own core. It connects a host and
// N followers per room, then runs a fixed open-loop schedule: room r's k-th event is due at
// start + (k·rooms + r)·(1000/rooms) ms, so events are spread evenly over each second and never wait for the
// previous one. Latency is measured from that scheduled time, so a late generator cannot hide server delay.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '../../packages/protocol/src/protocol-version.ts';
import { summarize } from '../lib/percentiles.ts';
import { WireClient } from '../lib/sio-wire.ts';
import type { LoadPlan, LoadReady, LoadResult, WindowMark } from './messages.ts';

/**
 * The part of a room:state (or of a baseline's look-alike payload) a parsing follower reads, or of a room:delta
 * (R108), XemChung's broadcast of a playback report since the deltas: the same current video, under `set`.
 */
interface StateFrame {
  current_video?: { current_time: number };
  set?: { current_video?: { current_time: number } };
  version: number;
}

const plan = await new Promise<LoadPlan>((resolve) =>
  process.once('message', (message) => resolve(message as LoadPlan)),
);
const send = (message: LoadReady | WindowMark | LoadResult) => process.send?.(message);

const roomCount = plan.rooms.length;
const nodes = plan.urls.length;
const intervalMs = 1000 / roomCount;
const totalSeconds = plan.warmupSeconds + plan.measureSeconds;
const closers: Array<() => void> = [];
const errorSamples: string[] = [];
const noteError = (what: string) => {
  if (errorSamples.length < 10) errorSamples.push(what);
};

let start = Number.POSITIVE_INFINITY;
const scheduledAt = (room: number, k: number) => start + (k * roomCount + room) * intervalMs;
const latencyLocal: number[] = [];
const latencyCross: number[] = [];
/** Two nodes: each event's latency at its parsing follower on the host's node and on the other node. */
const localAt = new Float64Array(roomCount * totalSeconds).fill(Number.NaN);
const crossAt = new Float64Array(roomCount * totalSeconds).fill(Number.NaN);
let received = 0;
let gaps = 0;
let reorders = 0;

// With `reports`: every XemChung client also reports its sync every 2 s (R53), staggered over the interval.
const REPORT_INTERVAL_MS = 2000;
/** Whether a Socket.IO event frame (`42["<event>",…`) is `event`, read from its bytes without parsing it. */
function eventIs(event: string): (frame: Buffer) => boolean {
  const tag = Buffer.from(`["${event}"`);
  return (frame) => frame.compare(tag, 0, tag.length, 2, 2 + tag.length) === 0;
}
/** The reporting clients, and whether each has its list of viewers open (one follower per room does). */
const reporters: Array<{ client: WireClient; watching: boolean }> = [];
/** Each reporter's report, sent again when the server asks with `presence:probe`, as the web page answers (R52). */
const answerProbe = new Map<WireClient, () => void>();
let probes = 0;
const isProbe = eventIs('presence:probe');
let inWindow = false;
let reportsSent = 0;
let presenceFrames = 0;
/** A `room:presence` frame (`42["room:presence",…`): not a delivery of a host event. */
const isPresence = eventIs('room:presence');
function startReports(): void {
  reporters.forEach(({ client, watching }, index) => {
    let count = 0;
    // As the web client sends them: no ack. A different error each time, as a real player's, so every room's list
    // changes every 2 s.
    const report = () => {
      if (inWindow) reportsSent++;
      const errorMs = ((index * 7 + count++ * 13) % 41) - 20;
      client.emit('presence:report', { state: 'playing', errorMs, rttMs: 30, watching });
    };
    answerProbe.set(client, report);
    const timer = setTimeout(
      () => {
        report();
        closers.push(clearInterval.bind(null, setInterval(report, REPORT_INTERVAL_MS)));
      },
      (index / reporters.length) * REPORT_INTERVAL_MS,
    );
    closers.push(() => clearTimeout(timer));
  });
}

// With `chat`: the rooms seeded with chatters (two signed-in followers each) chat at 1 message/s: each chatter
// sends one every 2 s (the per-person limit), the two half an interval apart, all staggered over the interval.
const CHAT_INTERVAL_MS = 2000;
/** Frames that are neither a host event, presence nor chat (`presence:probe`, R52): counted, never parsed. */
let otherFrames = 0;
const isRoomState = eventIs('room:state');
const isRoomDelta = eventIs('room:delta');
const isState = (frame: Buffer) => isRoomState(frame) || isRoomDelta(frame);
const chatters: WireClient[] = [];
let chatsSent = 0;
let chatsFailed = 0;
let chatFrames = 0;
const isChat = eventIs('chat:message');
function startChat(): void {
  chatters.forEach((client, index) => {
    let count = 0;
    // With an ack, as the web client sends it.
    const chat = () => {
      if (inWindow) chatsSent++;
      client.request('chat:send', { text: `Tin nhắn ${index}.${count++}` }).then(
        (ack) => {
          const result = ack as { ok: boolean; error?: { code: string } };
          if (!result.ok) {
            chatsFailed++;
            noteError(`chat:send: ${result.error?.code}`);
          }
        },
        (error: Error) => {
          chatsFailed++;
          noteError(`chat:send: ${error.message}`);
        },
      );
    };
    const timer = setTimeout(
      () => {
        chat();
        closers.push(clearInterval.bind(null, setInterval(chat, CHAT_INTERVAL_MS)));
      },
      (index / chatters.length) * CHAT_INTERVAL_MS,
    );
    closers.push(() => clearTimeout(timer));
  });
}

/** A parsing follower: checks the version sequence and timestamps events of the measured window. */
function sampler(room: number, cross: boolean) {
  let lastVersion = -1;
  return (state: StateFrame) => {
    const now = performance.now();
    received++;
    if (lastVersion >= 0 && state.version > lastVersion + 1) gaps += state.version - lastVersion - 1;
    if (lastVersion >= 0 && state.version <= lastVersion) reorders++;
    lastVersion = Math.max(lastVersion, state.version);
    const k = (state.current_video ?? state.set?.current_video)?.current_time;
    if (k === undefined || k < plan.warmupSeconds || k >= totalSeconds) return;
    const latency = now - scheduledAt(room, k);
    (cross ? latencyCross : latencyLocal).push(latency);
    (cross ? crossAt : localAt)[k * roomCount + room] = latency;
  };
}

const nodeOf = (room: number, follower: number) => (room + follower) % nodes;
const urlOf = (node: number) => plan.urls[node] ?? plan.urls[0] ?? '';

/** Joins a room over the Socket.IO wire protocol (XemChung or the Socket.IO relay). */
async function joinedWireClient(url: string, roomId: string, cookie: string | null, onEvent: (frame: Buffer) => void) {
  const headers: Record<string, string> = { origin: plan.origin };
  if (cookie) headers.cookie = cookie;
  const client = await WireClient.connect({ url, headers, auth: { protocol: PROTOCOL_VERSION }, onEvent });
  closers.push(() => client.close());
  const ack = (await client.request('room:join', { roomId })) as { ok: boolean; error?: unknown };
  if (!ack.ok) throw new Error(`room:join ${roomId}: ${JSON.stringify(ack.error)}`);
  return client;
}

function openWs(url: string, roomId: string, onMessage: (data: Buffer) => void): Promise<WebSocket> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/?room=${roomId}`, { perMessageDeflate: false });
  closers.push(() => socket.terminate());
  socket.on('message', onMessage);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

async function connectFollower(room: number, follower: number): Promise<void> {
  const node = nodeOf(room, follower);
  const parse = follower < plan.sampled ? sampler(room, node !== nodeOf(room, 0)) : null;
  const roomId = plan.rooms[room]?.id ?? '';
  if (plan.target === 'ws') {
    await openWs(urlOf(node), roomId, (data) => {
      if (parse) parse(JSON.parse(data.toString()) as StateFrame);
      else received++;
    });
    return;
  }
  // With `chat`, the room's last followers are its chatters (the parsing ones stay guests): signed in on XemChung,
  // where guests may not write; the Socket.IO baselines take anyone's message.
  const chatterCookies = plan.chat ? (plan.rooms[room]?.chatterCookies ?? []) : [];
  const chatterCookie = chatterCookies[plan.followers - 1 - follower];
  const cookie = plan.target === 'xemchung' ? (chatterCookie ?? null) : null;
  let client: WireClient | undefined;
  client = await joinedWireClient(urlOf(node), roomId, cookie, (frame) => {
    // XemChung also sends who is in the room (R52) and chat (R54): counted apart, never as a host event's delivery.
    if (isPresence(frame)) presenceFrames++;
    else if (isChat(frame)) chatFrames++;
    else if (isProbe(frame)) {
      if (inWindow) probes++;
      if (client) answerProbe.get(client)?.();
    } else if (!isState(frame)) otherFrames++;
    else if (parse) parse((JSON.parse(frame.toString('utf8', 2)) as [string, StateFrame])[1]);
    else received++;
  });
  // The Socket.IO baselines receive the same reports and chat, so CPU per delivery compares like with like inbound.
  if (plan.reports) reporters.push({ client, watching: follower === plan.followers - 1 });
  if (chatterCookie !== undefined) chatters.push(client);
}

/** A payload shaped and sized like XemChung's room:state, for the baselines to relay. */
function lookAlikeState(room: number, k: number) {
  const seeded = plan.rooms[room];
  return {
    id: seeded?.id,
    host: 'bench-host-uid-000',
    name: `Phòng đo tải ${room}`,
    playlist: [
      { id: seeded?.videoId, title: `Video ${room}`, thumbnail: '', visited: true, source: 'youtube', mediaUrl: null },
    ],
    current_video: { id: seeded?.videoId, index: 0, playing: true, current_time: k, updated_at: Date.now(), rate: 1 },
    version: k + 3,
  };
}

let outstanding = 0;
let failedCommands = 0;
const sentPerRoom = new Uint32Array(roomCount);

/** Connects room r's host and returns the function that sends its k-th event. */
async function connectHost(room: number): Promise<(k: number) => void> {
  const seeded = plan.rooms[room];
  if (!seeded) throw new Error(`no room ${room}`);
  const url = urlOf(nodeOf(room, 0));
  if (plan.target === 'ws') {
    const socket = await openWs(url, seeded.id, () => {});
    return (k) => socket.send(JSON.stringify(lookAlikeState(room, k)));
  }
  const client = await joinedWireClient(url, seeded.id, seeded.hostCookie || null, () => {});
  if (plan.reports) reporters.push({ client, watching: false });
  const payload =
    plan.target === 'xemchung'
      ? (k: number) => ({ id: seeded.videoId, playing: true, position: k, rate: 1 })
      : (k: number) => lookAlikeState(room, k);
  return (k) => {
    outstanding++;
    client.request('playback:update', payload(k)).then(
      (ack) => {
        outstanding--;
        const result = ack as { ok: boolean; error?: { code: string } };
        if (!result.ok) {
          failedCommands++;
          noteError(`playback:update: ${result.error?.code}`);
        }
      },
      (error: Error) => {
        outstanding--;
        failedCommands++;
        noteError(error.message);
      },
    );
  };
}

async function inPool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

// Followers first, so every follower is in its room before the first event.
const connectStarted = performance.now();
const followerSlots = Array.from({ length: roomCount * plan.followers }, (_, index) => index);
await inPool(followerSlots, plan.connectConcurrency, (index) =>
  connectFollower(Math.floor(index / plan.followers), index % plan.followers),
);
const hosts: Array<(k: number) => void> = new Array(roomCount);
await inPool(
  Array.from({ length: roomCount }, (_, room) => room),
  plan.connectConcurrency,
  async (room) => {
    hosts[room] = await connectHost(room);
  },
);
send({
  type: 'ready',
  connections: roomCount * (plan.followers + 1),
  connectSeconds: (performance.now() - connectStarted) / 1000,
});
await new Promise((resolve) => process.once('message', resolve)); // "go", once the servers' memory is read
startReports();
startChat();

const totalEvents = roomCount * totalSeconds;
const lag = new Float64Array(totalEvents);
let nextEvent = 0;
start = performance.now() + 100;
let cpuAtStart = process.cpuUsage();
let wallAtStart = 0;
let generatorCpuPercent = 0;
setTimeout(() => {
  cpuAtStart = process.cpuUsage();
  wallAtStart = performance.now();
  inWindow = true;
  send({ type: 'window-start' });
}, scheduledAt(0, plan.warmupSeconds) - performance.now());
setTimeout(() => {
  const cpu = process.cpuUsage(cpuAtStart);
  generatorCpuPercent = ((cpu.user + cpu.system) / 1000 / (performance.now() - wallAtStart)) * 100;
  inWindow = false;
  send({ type: 'window-end' });
}, scheduledAt(0, totalSeconds) - performance.now());

await new Promise<void>((resolve) => {
  const tick = () => {
    const now = performance.now();
    while (nextEvent < totalEvents && start + nextEvent * intervalMs <= now) {
      const room = nextEvent % roomCount;
      const k = Math.floor(nextEvent / roomCount);
      lag[nextEvent] = performance.now() - scheduledAt(room, k);
      hosts[room]?.(k);
      sentPerRoom[room] = (sentPerRoom[room] ?? 0) + 1;
      nextEvent++;
    }
    if (nextEvent >= totalEvents) return resolve();
    setTimeout(tick, Math.max(0, start + nextEvent * intervalMs - performance.now()));
  };
  tick();
});
await new Promise((resolve) => setTimeout(resolve, plan.drainMs));
if (outstanding > 0) noteError(`${outstanding} commands still unanswered after the drain`);

// BENCH_TIMELINE=<file>: each event's latency in the order sent (1 ms apart), to see when the slow ones happen.
if (process.env.BENCH_TIMELINE) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(
    process.env.BENCH_TIMELINE,
    JSON.stringify(Array.from(localAt, (ms) => (Number.isNaN(ms) ? null : ms))),
  );
}
const sentEvents = sentPerRoom.reduce((sum, count) => sum + count, 0);
// What crossing nodes added to each event that reached both of its parsing followers.
const hopExtra: number[] = [];
for (let event = 0; event < localAt.length; event++) {
  const extra = (crossAt[event] ?? Number.NaN) - (localAt[event] ?? Number.NaN);
  if (!Number.isNaN(extra)) hopExtra.push(extra);
}
send({
  type: 'result',
  latencyLocal,
  latencyCross,
  hopExtra,
  measuredEvents: roomCount * plan.measureSeconds,
  sentEvents,
  failedCommands: failedCommands + outstanding,
  errorSamples,
  expectedDeliveries: sentEvents * plan.followers,
  receivedDeliveries: received,
  gaps,
  reorders,
  sendLagP99: summarize(lag).p99,
  generatorCpuPercent,
  reportsSent,
  presenceFrames,
  chatsSent,
  chatsFailed,
  chatFrames,
  probes,
  otherFrames,
});
await new Promise((resolve) => process.once('message', resolve)); // "close"
for (const close of closers) close();
process.exit(0);
