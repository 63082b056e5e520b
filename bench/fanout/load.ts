// The load generator of `npm run bench:fanout`, a child of run.ts pinned to its own core. It connects a host and
// N followers per room, then runs a fixed open-loop schedule: room r's k-th event is due at
// start + (k·rooms + r)·(period/rooms) ms (period 1 s, or the host's 5 s heartbeat in the mix), so events are
// spread evenly over each period and never wait for the previous one. Latency is measured from that scheduled time, so a late generator cannot hide server delay.
import { performance } from 'node:perf_hooks';
import { summarize } from '../lib/percentiles.ts';
import type { WireClient } from '../lib/sio-wire.ts';
import {
  chat,
  counts,
  errors,
  noteError,
  type Reporter,
  reportAsClient,
  reportEveryGap,
  stopTraffic,
  type Voter,
  vote,
} from './client-traffic.ts';
import { type ConnectOptions, type JoinedPlayback, joinedWireClient, openWs } from './connect.ts';
import { frameKind, lookAlikeState, type StateFrame } from './frames.ts';
import { isQuietRoom, type LoadPlan, type LoadReady, type LoadResult, type WindowMark } from './messages.ts';

const plan = await new Promise<LoadPlan>((resolve) =>
  process.once('message', (message) => resolve(message as LoadPlan)),
);
const send = (message: LoadReady | WindowMark | LoadResult) => process.send?.(message);

const roomCount = plan.rooms.length;
const nodes = plan.urls.length;
const intervalMs = plan.eventPeriodMs / roomCount;
/** Each room's events over the run, and the first one of the measured window. */
const eventsPerRoom = Math.floor(((plan.warmupSeconds + plan.measureSeconds) * 1000) / plan.eventPeriodMs);
const firstMeasured = Math.ceil((plan.warmupSeconds * 1000) / plan.eventPeriodMs);
/** The position a baseline's host sends at its k-th event: where a playing video is then (k-th heartbeat in the mix). */
const positionOf = (k: number) => (k * plan.eventPeriodMs) / 1000;
/** Server epoch ms at performance.now() 0 (the server and the generator share this machine's clock). */
const epochAtZero = Date.now() - performance.now();
/**
 * XemChung: each room's clock as its clients' joins answered it. Its host reports where that clock is at each
 * event's scheduled time, as a real player following the room would: a report more than 1 s from the room's clock
 * is a seek the ready gate holds (R122), and a host on a clock of its own made every heartbeat one (bench/README).
 * Its followers read the event's scheduled time back from the position.
 */
const roomClocks: Array<JoinedPlayback | undefined> = new Array(roomCount);
/** Where a playing room's clock is at `at` (performance.now() ms). */
const clockPositionAt = (clock: JoinedPlayback, at: number) =>
  clock.current_time + (epochAtZero + at - clock.updated_at) / 1000;
/** The event whose report carried `position` (its index k), from room r's clock or the baseline's positions. */
function eventOf(room: number, position: number): number {
  const clock = plan.target === 'xemchung' ? roomClocks[room] : undefined;
  if (!clock?.playing) return Math.round((position * 1000) / plan.eventPeriodMs);
  const scheduled = clock.updated_at - epochAtZero + (position - clock.current_time) * 1000;
  return Math.round((scheduled - start - room * intervalMs) / plan.eventPeriodMs);
}
const closers: Array<() => void> = [stopTraffic];

let start = Number.POSITIVE_INFINITY;
const scheduledAt = (room: number, k: number) => start + (k * roomCount + room) * intervalMs;
const latencyLocal: number[] = [];
const latencyCross: number[] = [];
/** Two nodes: each event's latency at its parsing follower on the host's node and on the other node. */
const localAt = new Float64Array(roomCount * eventsPerRoom).fill(Number.NaN);
const crossAt = new Float64Array(roomCount * eventsPerRoom).fill(Number.NaN);
let received = 0;
let gaps = 0;
let reorders = 0;

const reporters: Reporter[] = [];
const chatters: WireClient[] = [];
const voters: Voter[] = [];
/** In the mix, one viewer per quiet room whose bytes on the wire are read at the window's edges. */
const bytesWatched: Array<{ client: WireClient; atStart: number }> = [];
let presenceFrames = 0;
let chatFrames = 0;
let voteFrames = 0;
/** Frames of no kind the generator knows: counted, never parsed. */
let otherFrames = 0;
/**
 * In the mix, the follower of each room that votes, or, in a quiet room, whose bytes are measured: neither a
 * parsing follower (the first), a chatter (the last two) nor the one with its list of viewers open (the last).
 */
const VOTER = 2;

/**
 * A parsing follower: checks the version sequence (a vote's state frame included, which takes a version too) and
 * timestamps the host events of the measured window.
 */
function sampler(room: number, cross: boolean) {
  let lastVersion = -1;
  return (state: StateFrame, hostEvent: boolean) => {
    const now = performance.now();
    if (hostEvent) received++;
    // A baseline relays a vote as sent, without a version.
    if (state.version === undefined) return;
    if (lastVersion >= 0 && state.version > lastVersion + 1) gaps += state.version - lastVersion - 1;
    if (lastVersion >= 0 && state.version <= lastVersion) reorders++;
    lastVersion = Math.max(lastVersion, state.version);
    const position = (state.current_video ?? state.set?.current_video)?.current_time;
    if (!hostEvent || position === undefined) return;
    const k = eventOf(room, position);
    if (k < firstMeasured || k >= eventsPerRoom) return;
    const latency = now - scheduledAt(room, k);
    (cross ? latencyCross : latencyLocal).push(latency);
    (cross ? crossAt : localAt)[k * roomCount + room] = latency;
  };
}

const nodeOf = (room: number, follower: number) => (room + follower) % nodes;
/** Where room r's client on `node` connects. */
const at = (room: number, node: number): ConnectOptions => ({
  url: plan.urls[node] ?? plan.urls[0] ?? '',
  roomId: plan.rooms[room]?.id ?? '',
  origin: plan.origin,
  onClose: (close) => closers.push(close),
});

async function connectFollower(room: number, follower: number): Promise<void> {
  const node = nodeOf(room, follower);
  const parse = follower < plan.sampled ? sampler(room, node !== nodeOf(room, 0)) : null;
  if (plan.target === 'ws') {
    await openWs(at(room, node), (data) => {
      if (parse) parse(JSON.parse(data.toString()) as StateFrame, true);
      else received++;
    });
    return;
  }
  // With `chat`, the room's last followers are its chatters (the parsing ones stay guests): signed in on XemChung,
  // where guests may not write; the Socket.IO baselines take anyone's message.
  const chatterCookies = plan.chat ? (plan.rooms[room]?.chatterCookies ?? []) : [];
  const chatterCookie = chatterCookies[plan.followers - 1 - follower];
  // In the mix the voter is signed in too: guests of one address share one vote budget (R100), and every bench
  // client comes from 127.0.0.1.
  const voterCookie = plan.mix && follower === VOTER ? (plan.rooms[room]?.voterCookie ?? null) : null;
  const cookie = plan.target === 'xemchung' ? (chatterCookie ?? voterCookie) : null;
  const { client, playback } = await joinedWireClient(at(room, node), cookie, (frame) => {
    // XemChung also sends who is in the room (R52), chat (R54) and votes (R65): counted apart, never as a host
    // event's delivery; a vote's state is still parsed for its version.
    const kind = frameKind(frame);
    if (kind === 'presence') presenceFrames++;
    else if (kind === 'chat') chatFrames++;
    else if (kind === 'other') otherFrames++;
    else {
      if (kind === 'vote') voteFrames++;
      if (parse) parse((JSON.parse(frame.toString('utf8', 2)) as [string, StateFrame])[1], kind === 'host');
      else if (kind === 'host') received++;
    }
  });
  // Followers join before any event: the room's clock is still the one every client of the room saw at its join.
  if (playback && roomClocks[room] === undefined) roomClocks[room] = playback;
  // The Socket.IO baselines receive the same reports, chat and votes, so their CPU compares like with like.
  if (plan.reports || plan.mix) reporters.push({ client, watching: follower === plan.followers - 1 });
  if (chatterCookie !== undefined) chatters.push(client);
  // The voter is neither a parsing follower, a chatter, nor the one with its list open; nor the watched one.
  if (plan.mix && follower === VOTER && !isQuietRoom(room))
    voters.push({ client, videoId: plan.rooms[room]?.videoId ?? '' });
  if (plan.mix && follower === VOTER && isQuietRoom(room)) bytesWatched.push({ client, atStart: 0 });
}

let outstanding = 0;
let failedCommands = 0;
const sentPerRoom = new Uint32Array(roomCount);

/** Connects room r's host and returns the function that sends its k-th event. */
async function connectHost(room: number): Promise<(k: number) => void> {
  const seeded = plan.rooms[room];
  if (!seeded) throw new Error(`no room ${room}`);
  const where = at(room, nodeOf(room, 0));
  if (plan.target === 'ws') {
    const socket = await openWs(where, () => {});
    return (k) => socket.send(JSON.stringify(lookAlikeState(seeded, room, k, positionOf(k), plan.mix)));
  }
  const { client, playback } = await joinedWireClient(where, seeded.hostCookie || null, () => {});
  if (plan.reports || plan.mix) reporters.push({ client, watching: false });
  const clock = roomClocks[room] ?? playback;
  if (plan.target === 'xemchung' && !clock?.playing) throw new Error(`room ${seeded.id} is not playing`);
  const payload =
    plan.target === 'xemchung' && clock
      ? (k: number) => ({
          id: seeded.videoId,
          playing: true,
          position: clockPositionAt(clock, scheduledAt(room, k)),
          rate: 1,
        })
      : (k: number) => lookAlikeState(seeded, room, k, positionOf(k), plan.mix);
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
if (plan.mix) reportAsClient(reporters);
else if (plan.reports) reportEveryGap(reporters);
chat(chatters);
vote(voters);

const totalEvents = roomCount * eventsPerRoom;
const lag = new Float64Array(totalEvents);
let nextEvent = 0;
start = performance.now() + 100;
let cpuAtStart = process.cpuUsage();
let wallAtStart = 0;
let generatorCpuPercent = 0;
setTimeout(() => {
  cpuAtStart = process.cpuUsage();
  wallAtStart = performance.now();
  counts.inWindow = true;
  for (const watched of bytesWatched) watched.atStart = watched.client.bytesReceived;
  send({ type: 'window-start' });
}, scheduledAt(0, firstMeasured) - performance.now());
const bytesPerViewerMin: number[] = [];
setTimeout(() => {
  const elapsedMs = performance.now() - wallAtStart;
  const cpu = process.cpuUsage(cpuAtStart);
  generatorCpuPercent = ((cpu.user + cpu.system) / 1000 / elapsedMs) * 100;
  counts.inWindow = false;
  for (const { client, atStart } of bytesWatched) {
    bytesPerViewerMin.push(((client.bytesReceived - atStart) / elapsedMs) * 60_000);
  }
  send({ type: 'window-end' });
}, scheduledAt(0, eventsPerRoom) - performance.now());

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
  measuredEvents: roomCount * (eventsPerRoom - firstMeasured),
  sentEvents,
  failedCommands: failedCommands + outstanding,
  errorSamples: errors(),
  expectedDeliveries: sentEvents * plan.followers,
  receivedDeliveries: received,
  gaps,
  reorders,
  sendLagP99: summarize(lag).p99,
  generatorCpuPercent,
  reportsSent: counts.reportsSent,
  presenceFrames,
  chatsSent: counts.chatsSent,
  chatsFailed: counts.chatsFailed,
  chatFrames,
  votesSent: counts.votesSent,
  votesFailed: counts.votesFailed,
  voteFrames,
  bytesPerViewerMin,
  otherFrames,
});
await new Promise((resolve) => process.once('message', resolve)); // "close"
for (const close of closers) close();
process.exit(0);
