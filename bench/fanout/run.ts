// `npm run bench:fanout` — host event → follower latency, server CPU per delivery and memory per connection of
// XemChung's room fan-out, measured in the same run against a bare `ws` relay and a bare Socket.IO relay
// (issue #6 item 2; method in bench/README.md and docs/decisions/011-benchmark-method.md).
//
//   npm run bench:fanout                       1000 rooms × 10 followers, 3 repeats of ws, Socket.IO, XemChung
//   npm run bench:fanout -- --nodes 2          two XemChung nodes on PostgreSQL + Redis: the cross-node hop
//   npm run bench:fanout -- --rooms 50 --duration 10 --repeats 1      a quick check
//   npm run bench:fanout -- --targets xemchung --reports                every viewer also reports its sync (R53)
//   npm run bench:fanout -- --targets xemchung --reports --chat         and 10 % of rooms chat at 1 message/s
import { parseArgs } from 'node:util';
import { BenchDatabase } from '../lib/database.ts';
import { describeMachine } from '../lib/machine.ts';
import { seedRooms } from '../lib/seed.ts';
import { type RunMetrics, type RunSettings, runOnce } from './measure.ts';
import type { Target } from './messages.ts';
import { printNodesReport, printReport } from './report.ts';

const { values: options } = parseArgs({
  options: {
    rooms: { type: 'string', default: '1000' },
    followers: { type: 'string', default: '10' },
    sample: { type: 'string' },
    warmup: { type: 'string', default: '5' },
    duration: { type: 'string', default: '30' },
    repeats: { type: 'string', default: '3' },
    targets: { type: 'string', default: 'ws,socketio,committed,xemchung' },
    nodes: { type: 'string', default: '1' },
    db: { type: 'string' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '4100' },
    concurrency: { type: 'string', default: '100' },
    drain: { type: 'string', default: '3000' },
    reports: { type: 'boolean', default: false },
    chat: { type: 'boolean', default: false },
  },
});

function count(name: keyof typeof options, min: number): number {
  const value = Number(options[name]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
  return value;
}

const nodes = count('nodes', 1);
if (nodes > 2) throw new Error('--nodes is 1 or 2');
// PostgreSQL by default, as in the scale-out deployment (and two nodes must share it). With SQLite every commit's
// fsync blocks the event loop (node:sqlite is synchronous, synchronous=FULL), which caps the commit rate well
// below 1000/s on this machine's disk: `--db sqlite` shows it (bench/README.md).
const dbKind = options.db ?? 'postgres';
if (dbKind !== 'sqlite' && dbKind !== 'postgres') throw new Error('--db is sqlite or postgres');
if (nodes > 1 && dbKind !== 'postgres') throw new Error('two nodes share one database: --db postgres');
const targets = (nodes > 1 ? 'xemchung' : (options.targets ?? ''))
  .split(',')
  // The committing relay speaks PostgreSQL only; on SQLite XemChung is compared with the relays alone.
  .filter((target) => dbKind === 'postgres' || target !== 'committed') as Target[];
for (const target of targets) {
  if (!['ws', 'socketio', 'committed', 'xemchung'].includes(target)) throw new Error(`unknown target ${target}`);
}
const repeats = count('repeats', 1);

const database = new BenchDatabase(dbKind);
try {
  const started = Date.now();
  const db = await database.open();
  // With --chat every 10th room gets two signed-in chatters: 1 message/s within the per-person limit (1 per 2 s).
  const rooms = await seedRooms(db, count('rooms', 1), (room) => (options.chat && room % 10 === 0 ? 2 : 0));
  await db.destroy();
  console.log(`seeded ${rooms.length} rooms (${dbKind}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const settings: RunSettings = {
    rooms,
    followers: count('followers', 1),
    // Two nodes: one parsing follower on the host's node and one on the other.
    sampled: options.sample === undefined ? nodes : count('sample', 0),
    warmupSeconds: count('warmup', 0),
    measureSeconds: count('duration', 1),
    drainMs: count('drain', 0),
    connectConcurrency: count('concurrency', 1),
    reports: options.reports ?? false,
    chat: options.chat ?? false,
    nodes,
    basePort: count('port', 1024),
    database,
    redisUrl: nodes > 1 ? (process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379') : undefined,
  };
  const machineBefore = describeMachine();
  const runs: RunMetrics[] = [];
  // Alternate the targets within each repeat (A B C A B C …), so drift in the machine's load hits all alike.
  for (let repeat = 1; repeat <= repeats; repeat++) {
    for (const target of targets) {
      const run = await runOnce(target, settings);
      runs.push(run);
      console.log(
        `repeat ${repeat} ${target}: p50 ${run.latency.p50.toFixed(2)} ms, p99 ${run.latency.p99.toFixed(2)} ms, ` +
          `${run.cpuPerDelivery.toFixed(1)} µs/delivery, loss ${run.lost}` +
          (settings.reports && target !== 'ws'
            ? `, reports ${run.reportsSent}, presence frames ${run.presenceFrames}, probes ${run.probes}`
            : '') +
          (settings.chat && target !== 'ws'
            ? `, chats ${run.chatsSent} (failed ${run.chatsFailed}), chat frames ${run.chatFrames}`
            : '') +
          (run.otherFrames > 0 ? `, unexpected frames ${run.otherFrames}` : '') +
          (run.errorSamples.length > 0 ? `, errors: ${run.errorSamples.join('; ')}` : ''),
      );
    }
  }
  const header = {
    rooms: rooms.length,
    shape:
      `${rooms.length} rooms × ${settings.followers} followers, 1 host event/s/room, ${settings.sampled} parsing follower(s) per room` +
      (settings.reports ? ', every XemChung client reporting its sync every 2 s' : '') +
      (settings.chat ? ', 10 % of XemChung rooms chatting at 1 message/s' : ''),
    window: `${settings.warmupSeconds} s warm-up, ${settings.measureSeconds} s measured, ${repeats} repeat(s)`,
    database: dbKind,
    machineBefore,
    machineAfter: describeMachine(),
  };
  if (nodes > 1) printNodesReport(runs, header);
  else printReport(runs, header);
} finally {
  await database.drop();
}
