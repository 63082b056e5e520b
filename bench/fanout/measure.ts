import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchDatabase } from '../lib/database.ts';
import { type LatencySummary, summarize } from '../lib/percentiles.ts';
import { nextMessage, startNode, stopProcess } from '../lib/processes.ts';
import { procCpuMicros, procCpuTimes, type ServerStats, serverStats, type WindowStalls } from '../lib/server-stats.ts';
import type { LoadPlan, LoadReady, LoadResult, LoadShape, Target } from './messages.ts';
import { GENERATOR_CPU, type RunningServer, startServer } from './servers.ts';

/** The load, and where the servers under test run (the database handle stays here: the plan crosses IPC). */
export interface RunSettings extends LoadShape {
  /** XemChung nodes (1, or 2 with Redis). */
  nodes: number;
  basePort: number;
  database: BenchDatabase;
  redisUrl: string | undefined;
}

/** One run of one target, reduced to the reported numbers. */
export interface RunMetrics {
  target: Target;
  connections: number;
  connectSeconds: number;
  latency: LatencySummary;
  /** Two-node mode: followers on the host's node, and on the other node. */
  local: LatencySummary;
  cross: LatencySummary;
  /** Two-node mode: per event, cross-node minus same-node latency (LoadResult.hopExtra). */
  hopExtra: LatencySummary;
  /** Server CPU (all nodes) per delivered frame in the measured window, µs. */
  cpuPerDelivery: number;
  /** The servers' event-loop delay and GC pauses over the window (the worst node's loop, GC summed). */
  stalls: WindowStalls | null;
  windowSeconds: number;
  /** The servers' CPU use during the window, % of one core (summed over nodes), and the kernel's share of it. */
  serverCpuPercent: number;
  serverSystemShare: number;
  /** PostgreSQL backends' and Redis's CPU per delivery, µs (0 when not used). */
  dbCpuPerDelivery: number;
  redisCpuPerDelivery: number;
  /** Live heap and RSS per connection after GC: connected and idle, and after the load. */
  idleHeapKbPerConn: number;
  heapKbPerConn: number;
  rssKbPerConn: number;
  /** Deliveries that never arrived, as a fraction of those due. */
  loss: number;
  lost: number;
  expectedDeliveries: number;
  failedCommands: number;
  errorSamples: string[];
  gaps: number;
  reorders: number;
  sendLagP99: number;
  generatorCpuPercent: number;
  /** With `--reports`: presence reports sent in the window; presence frames delivered over the whole run. */
  reportsSent: number;
  presenceFrames: number;
  /** With `--chat`: chat messages sent in the window, refused or unanswered, and delivered over the whole run. */
  chatsSent: number;
  chatsFailed: number;
  chatFrames: number;
  /** In the mix: votes sent in the window, refused or unanswered, and the state frames they caused (whole run). */
  votesSent: number;
  votesFailed: number;
  voteFrames: number;
  /** In the mix, one viewer per quiet room: bytes on the wire per minute (LoadResult.bytesPerViewerMin). */
  bytesPerViewerMin: number[];
  otherFrames: number;
}

const LOAD_SCRIPT = fileURLToPath(new URL('./load.ts', import.meta.url));
const PORT_OFFSET: Record<Target, number> = { xemchung: 0, ws: 2, socketio: 3, committed: 4 };
/** The targets that commit to PostgreSQL, whose backends' CPU is counted apart. */
const usesDatabase = (target: Target) => target === 'xemchung' || target === 'committed';

function redisPid(url: string): number | null {
  try {
    const info = execFileSync('redis-cli', ['-u', url, 'info', 'server'], { encoding: 'utf8' });
    const pid = /process_id:(\d+)/.exec(info)?.[1];
    return pid ? Number(pid) : null;
  } catch {
    return null;
  }
}

/** CPU time of a set of processes, per pid. */
function cpuByPid(pids: number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, procCpuMicros(pid)]));
}

function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, micros] of after) total += micros - (before.get(pid) ?? 0);
  return total;
}

async function startServers(target: Target, settings: RunSettings): Promise<RunningServer[]> {
  if (target === 'committed') {
    return [await startServer(target, settings.basePort + PORT_OFFSET[target], settings.database.serverEnv())];
  }
  if (target !== 'xemchung') return [await startServer(target, settings.basePort + PORT_OFFSET[target], {})];
  const publicUrl = `http://127.0.0.1:${settings.basePort}`;
  // Every client connects from 127.0.0.1: R99's per-address limit would refuse all but 30 of them.
  const env: Record<string, string> = {
    ...settings.database.serverEnv(),
    PUBLIC_URL: publicUrl,
    SOCKETS_PER_ADDRESS: '1000000',
  };
  if (settings.redisUrl) {
    env.REDIS_URL = settings.redisUrl;
    // Channels of our own, so other test runs sharing this Redis neither reach nor load our nodes.
    env.REDIS_PREFIX = settings.database.schema;
  }
  const servers: RunningServer[] = [];
  for (let node = 0; node < settings.nodes; node++) {
    servers.push(await startServer('xemchung', settings.basePort + node, env));
  }
  return servers;
}

const kbPerConn = (bytes: number, connections: number) => bytes / 1024 / connections;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
/** Over several nodes: the worst loop delay, every node's GC pauses added up. */
function combineStalls(all: Array<WindowStalls | null>): WindowStalls | null {
  const known = all.filter((stalls): stalls is WindowStalls => stalls !== null);
  if (known.length === 0) return null;
  const total = (pick: (stalls: WindowStalls) => number) => known.reduce((sum, stalls) => sum + pick(stalls), 0);
  const worst = (pick: (stalls: WindowStalls) => number) => Math.max(...known.map(pick));
  return {
    loopP99Ms: worst((stalls) => stalls.loopP99Ms),
    loopMaxMs: worst((stalls) => stalls.loopMaxMs),
    minorGcs: total((stalls) => stalls.minorGcs),
    minorGcMs: total((stalls) => stalls.minorGcMs),
    majorGcs: total((stalls) => stalls.majorGcs),
    majorGcMs: total((stalls) => stalls.majorGcMs),
    gcMaxMs: worst((stalls) => stalls.gcMaxMs),
  };
}

const heapOf = (stats: ServerStats[]) => sum(stats.map((entry) => entry.heapUsed));
const rssOf = (stats: ServerStats[]) => sum(stats.map((entry) => entry.rss));

/**
 * Starts the target's server(s) on the server core and the load generator on the other, reads the servers'
 * memory idle, connected and after the load (each after a full GC), and their CPU time (and PostgreSQL's and
 * Redis's) over the measured window only: connecting, warm-up and drain are left out.
 */
export async function runOnce(target: Target, settings: RunSettings): Promise<RunMetrics> {
  const servers = await startServers(target, settings);
  const generator = startNode({ cpu: GENERATOR_CPU, args: [LOAD_SCRIPT] });
  try {
    const empty = await Promise.all(servers.map((server) => serverStats(server.process)));
    const plan: LoadPlan = {
      type: 'plan',
      target,
      urls: servers.map((server) => server.url),
      origin: servers[0]?.url ?? '',
      rooms: settings.rooms,
      followers: settings.followers,
      sampled: settings.sampled,
      warmupSeconds: settings.warmupSeconds,
      measureSeconds: settings.measureSeconds,
      drainMs: settings.drainMs,
      connectConcurrency: settings.connectConcurrency,
      reports: settings.reports,
      chat: settings.chat,
      mix: settings.mix,
      eventPeriodMs: settings.eventPeriodMs,
    };
    const ready = nextMessage<LoadReady>(generator, 'ready');
    generator.send(plan);
    const { connections, connectSeconds } = await ready;
    const connected = await Promise.all(servers.map((server) => serverStats(server.process)));

    const serverPids = servers.map((server) => server.process.pid ?? 0);
    const redis = target === 'xemchung' && settings.redisUrl ? redisPid(settings.redisUrl) : null;
    const windowStart = nextMessage(generator, 'window-start').then(async () => {
      for (const server of servers) server.process.send({ type: 'profile-start' });
      const started = performance.now();
      const server = cpuByPid(serverPids);
      const serverSystem = sum(serverPids.map((pid) => procCpuTimes(pid).system));
      const redisCpu = cpuByPid(redis ? [redis] : []);
      const db = usesDatabase(target) ? cpuByPid(await settings.database.backendPids()) : new Map<number, number>();
      return { started, server, serverSystem, db, redis: redisCpu };
    });
    const windowEnd = nextMessage(generator, 'window-end');
    const result = nextMessage<LoadResult>(generator, 'result');
    // Awaited in turn below; if the generator dies, the first await reports it and the rest stay quiet.
    for (const pending of [windowEnd, result]) pending.catch(() => {});
    generator.send({ type: 'go' });
    const window = await windowStart;
    await windowEnd;
    for (const server of servers) server.process.send({ type: 'profile-stop' });
    const elapsedMs = performance.now() - window.started;
    const serverCpu = cpuSpent(window.server, cpuByPid(serverPids));
    const serverSystem = sum(serverPids.map((pid) => procCpuTimes(pid).system)) - window.serverSystem;
    const dbCpu = cpuSpent(window.db, cpuByPid([...window.db.keys()]));
    const redisCpu = cpuSpent(window.redis, cpuByPid([...window.redis.keys()]));
    const load = await result;
    const after = await Promise.all(servers.map((server) => serverStats(server.process)));
    generator.send({ type: 'close' });

    const deliveries = load.measuredEvents * (settings.followers + 1);
    const lost = load.expectedDeliveries - load.receivedDeliveries;
    return {
      target,
      connections,
      connectSeconds,
      latency: summarize([...load.latencyLocal, ...load.latencyCross]),
      local: summarize(load.latencyLocal),
      cross: summarize(load.latencyCross),
      hopExtra: summarize(load.hopExtra),
      cpuPerDelivery: serverCpu / deliveries,
      stalls: combineStalls(after.map((stats) => stats.stalls)),
      windowSeconds: elapsedMs / 1000,
      serverCpuPercent: (serverCpu / 1000 / elapsedMs) * 100,
      serverSystemShare: serverCpu > 0 ? serverSystem / serverCpu : 0,
      dbCpuPerDelivery: dbCpu / deliveries,
      redisCpuPerDelivery: redisCpu / deliveries,
      idleHeapKbPerConn: kbPerConn(heapOf(connected) - heapOf(empty), connections),
      heapKbPerConn: kbPerConn(heapOf(after) - heapOf(empty), connections),
      rssKbPerConn: kbPerConn(rssOf(after) - rssOf(empty), connections),
      loss: load.expectedDeliveries > 0 ? lost / load.expectedDeliveries : 0,
      lost,
      expectedDeliveries: load.expectedDeliveries,
      failedCommands: load.failedCommands,
      errorSamples: load.errorSamples,
      gaps: load.gaps,
      reorders: load.reorders,
      sendLagP99: load.sendLagP99,
      generatorCpuPercent: load.generatorCpuPercent,
      reportsSent: load.reportsSent,
      presenceFrames: load.presenceFrames,
      chatsSent: load.chatsSent,
      chatsFailed: load.chatsFailed,
      chatFrames: load.chatFrames,
      votesSent: load.votesSent,
      votesFailed: load.votesFailed,
      voteFrames: load.voteFrames,
      bytesPerViewerMin: load.bytesPerViewerMin,
      otherFrames: load.otherFrames,
    };
  } finally {
    await stopProcess(generator);
    await Promise.all(servers.map((server) => stopProcess(server.process)));
  }
}
