// `npm run bench:reconnect` — a reconnect storm (issue #6 item 3; bench/README.md): 10,000 clients in 1,000 rooms
// on one XemChung node, hosts committing playback reports; the node is killed mid-stream and restarted. Measured:
// the time until every client has re-joined and holds its room's latest committed version, whether any
// acknowledged change was lost, and whether the node survived the storm.
//
//   npm run bench:reconnect                                 1000 rooms × 10 clients, 3 restarts, SIGKILL
//   npm run bench:reconnect -- --signal SIGTERM             graceful restarts instead of crashes
//   npm run bench:reconnect -- --rooms 50 --restarts 1      a quick check
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BenchDatabase } from '../lib/database.ts';
import { describeMachine } from '../lib/machine.ts';
import { summarize } from '../lib/percentiles.ts';
import { nextMessage, sleep, startNode, stopProcess, waitForHttp } from '../lib/processes.ts';
import { seedRooms } from '../lib/seed.ts';
import { procCpuMicros } from '../lib/server-stats.ts';
import { fixed, formatTable } from '../lib/table.ts';
import type { Acknowledged, ClientsReady, Resynced, ToClients } from './messages.ts';

const { values: options } = parseArgs({
  options: {
    rooms: { type: 'string', default: '1000' },
    'clients-per-room': { type: 'string', default: '10' },
    restarts: { type: 'string', default: '3' },
    steady: { type: 'string', default: '5' },
    signal: { type: 'string', default: 'SIGKILL' },
    db: { type: 'string', default: 'postgres' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '4150' },
    concurrency: { type: 'string', default: '100' },
    deadline: { type: 'string', default: '60' },
  },
});

function count(name: keyof typeof options, min: number): number {
  const value = Number(options[name]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
  return value;
}
const signal = options.signal as NodeJS.Signals;
if (signal !== 'SIGKILL' && signal !== 'SIGTERM') throw new Error('--signal is SIGKILL or SIGTERM');
if (options.db !== 'sqlite' && options.db !== 'postgres') throw new Error('--db is sqlite or postgres');
const port = count('port', 1024);
const url = `http://127.0.0.1:${port}`;
const GOAL_SECONDS = 15;

const database = new BenchDatabase(options.db);
const SERVER = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));
const CLIENTS = fileURLToPath(new URL('./clients.ts', import.meta.url));

async function startServer(): Promise<ChildProcess> {
  const server = startNode({
    cpu: 0,
    // BENCH_NODE_FLAGS adds flags for a profiling run, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    nodeFlags: process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [],
    args: [SERVER],
    env: {
      ...database.serverEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      // Every client connects from 127.0.0.1: R99's per-address limit would refuse all but 30 of them.
      SOCKETS_PER_ADDRESS: '1000000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  });
  await waitForHttp(`${url}/healthz`, server);
  return server;
}

interface StormResult {
  serverUpSeconds: number;
  sync: ReturnType<typeof summarize>;
  synced: number;
  clients: number;
  lostCommits: number;
  commandsAcked: number;
  connectErrors: number;
  joinFailures: string[];
  serverCpuSeconds: number;
  clientCpuSeconds: number;
  serverAlive: boolean;
}

try {
  const db = await database.open();
  const rooms = await seedRooms(db, count('rooms', 1));
  console.log(`seeded ${rooms.length} rooms (${options.db})`);
  let server = await startServer();
  const clients = startNode({ cpu: 1, args: [CLIENTS] });
  const tell = (message: ToClients) => clients.send(message);
  const ready = nextMessage<ClientsReady>(clients, 'ready');
  tell({
    type: 'plan',
    url,
    rooms,
    clientsPerRoom: count('clients-per-room', 1),
    connectConcurrency: count('concurrency', 1),
  });
  const { connectSeconds } = await ready;
  console.log(`${rooms.length * count('clients-per-room', 1)} clients joined in ${connectSeconds.toFixed(1)} s`);
  const machineBefore = describeMachine();

  const storms: StormResult[] = [];
  for (let restart = 1; restart <= count('restarts', 1); restart++) {
    tell({ type: 'commands' });
    await sleep(count('steady', 1) * 1000);
    const acked = nextMessage<Acknowledged>(clients, 'acked');
    const killedAt = Date.now();
    const stopped = stopProcess(server, signal, 10_000);
    tell({ type: 'killed', at: killedAt });
    await stopped;
    server = await startServer();
    const serverUpSeconds = (Date.now() - killedAt) / 1000;
    const { versions: ackedVersions, commandsAcked } = await acked;
    // The database after the restart is the truth every client must reach; it must hold every acked commit.
    const rows = await db.selectFrom('rooms').select(['id', 'version']).execute();
    const stored = new Map(rows.map((row) => [row.id, row.version]));
    const expected = rooms.map((room) => stored.get(room.id) ?? -1);
    const lostCommits = expected.filter((version, room) => version < (ackedVersions[room] ?? 0)).length;
    const resynced = nextMessage<Resynced>(clients, 'resynced');
    tell({ type: 'expect', versions: expected, deadlineMs: count('deadline', 1) * 1000 });
    const result = await resynced;
    const storm: StormResult = {
      serverUpSeconds,
      sync: summarize(result.syncSeconds),
      synced: result.synced,
      clients: result.clients,
      lostCommits,
      commandsAcked,
      connectErrors: result.connectErrors,
      joinFailures: result.joinFailures,
      serverCpuSeconds: procCpuMicros(server.pid ?? 0) / 1e6,
      clientCpuSeconds: result.cpuSeconds,
      serverAlive: server.exitCode === null && server.signalCode === null,
    };
    storms.push(storm);
    const perSecond = new Map<number, number>();
    for (const seconds of result.syncSeconds)
      perSecond.set(Math.floor(seconds), (perSecond.get(Math.floor(seconds)) ?? 0) + 1);
    const shape = [...perSecond].map(([second, clients]) => `${second}s:${clients}`).join(' ');
    console.log(
      `restart ${restart}: all ${storm.synced}/${storm.clients} in sync ${fixed(storm.sync.max, 2)} s after the ` +
        `${signal} (server up after ${fixed(serverUpSeconds, 2)} s), lost commits ${lostCommits}` +
        (result.joinFailures.length > 0 ? `, join failures: ${result.joinFailures.join('; ')}` : ''),
    );
    console.log(`  clients back in sync, by second after the ${signal}: ${shape}`);
    console.log(`  connect errors: ${JSON.stringify(result.connectErrorKinds)}`);
  }
  tell({ type: 'close' });
  await stopProcess(clients);
  await stopProcess(server);
  await db.destroy();

  console.log('');
  console.log(
    `storm: ${rooms.length} rooms × ${count('clients-per-room', 1)} clients (socket.io-client, default back-off), ` +
      `hosts committing 1 playback report/s/room, ${signal} then restart, ${options.db}`,
  );
  console.log(`machine at start: ${machineBefore}`);
  console.log(`machine at end:   ${describeMachine()}`);
  console.log('');
  console.log(
    formatTable(
      [
        'restart',
        'server up s',
        'synced',
        'p50 s',
        'p99 s',
        'all synced s',
        'acked cmds',
        'lost commits',
        'connect errors',
        'server CPU s',
        'client CPU s',
        'server alive',
      ],
      storms.map((storm, index) => [
        String(index + 1),
        fixed(storm.serverUpSeconds, 2),
        `${storm.synced}/${storm.clients}`,
        fixed(storm.sync.p50, 2),
        fixed(storm.sync.p99, 2),
        storm.synced === storm.clients ? fixed(storm.sync.max, 2) : 'never',
        String(storm.commandsAcked),
        String(storm.lostCommits),
        String(storm.connectErrors),
        fixed(storm.serverCpuSeconds, 1),
        fixed(storm.clientCpuSeconds, 1),
        storm.serverAlive ? 'yes' : 'NO',
      ]),
    ),
  );
  const everyone = storms.every((storm) => storm.synced === storm.clients);
  const worst = Math.max(...storms.map((storm) => (storm.synced === storm.clients ? storm.sync.max : Infinity)));
  const lost = storms.reduce((sum, storm) => sum + storm.lostCommits, 0);
  const crashed = storms.some((storm) => !storm.serverAlive);
  console.log(
    `\ngoal: everyone re-joined at the latest version ≤ ${GOAL_SECONDS} s: ${everyone && worst <= GOAL_SECONDS ? 'met' : 'MISSED'}; ` +
      `lost committed changes: ${lost}; crash: ${crashed ? 'yes' : 'no'}`,
  );
  console.log(
    `reconnect clients=${storms[0]?.clients ?? 0} resync_s=${everyone ? fixed(worst, 2) : 'never'} ` +
      `lost_commits=${lost} crash=${crashed ? 'yes' : 'no'}`,
  );
} finally {
  await database.drop();
}
