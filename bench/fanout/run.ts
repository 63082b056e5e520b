// `npm run bench:fanout` — host event → follower latency, server CPU per delivery and memory per connection of
// XemChung's room fan-out, measured in the same run against a bare `ws` relay and a bare Socket.IO relay
// (issue #6 item 2; method in bench/README.md and docs/decisions/011-benchmark-method.md).
//
//   npm run bench:fanout                       1000 rooms × 10 followers, 90 s × 3 repeats of ws, Socket.IO, the
//                                              committing relay and XemChung; then the same but ws with the mix
//   npm run bench:fanout -- --mix              the realistic mix only (issue #25 item 3); --no-mix: the plain load only
//   npm run bench:fanout -- --nodes 2          two XemChung nodes on PostgreSQL + Redis: the cross-node hop
//   npm run bench:fanout -- --rooms 50 --duration 10 --repeats 1      a quick check
//   npm run bench:fanout -- --targets xemchung --reports                every viewer also reports its sync every 2 s
//   npm run bench:fanout -- --targets xemchung --reports --chat         and 10 % of rooms chat at 1 message/s
import { parseArgs } from 'node:util';
import { CONTROLLER_HEARTBEAT_MS } from '../../packages/protocol/src/sync.ts';
import { BenchDatabase } from '../lib/database.ts';
import { describeMachine } from '../lib/machine.ts';
import { seedRooms } from '../lib/seed.ts';
import { type RunMetrics, type RunSettings, runOnce } from './measure.ts';
import type { Target } from './messages.ts';
import { type PlainSummary, printHopReport, printNodesReport, printReport, type ReportHeader } from './report.ts';
import { NO_MIX, printMixReport, printSummaryLine } from './report-mix.ts';

const { values: options } = parseArgs({
  allowNegative: true,
  options: {
    rooms: { type: 'string', default: '1000' },
    followers: { type: 'string', default: '10' },
    sample: { type: 'string' },
    warmup: { type: 'string', default: '5' },
    duration: { type: 'string', default: '90' },
    repeats: { type: 'string', default: '3' },
    targets: { type: 'string', default: 'ws,socketio,committed,xemchung' },
    nodes: { type: 'string', default: '1' },
    db: { type: 'string' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '4100' },
    concurrency: { type: 'string', default: '100' },
    drain: { type: 'string', default: '3000' },
    reports: { type: 'boolean', default: false },
    chat: { type: 'boolean', default: false },
    mix: { type: 'boolean' },
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

// The plain load (1 host event/s) unless --mix; the mix after it unless --no-mix, or a load of its own is asked for
// (--reports, --chat, two nodes). The mix needs Socket.IO clients: bare ws sits it out.
const plainWanted = options.mix !== true;
const mixWanted = options.mix ?? (nodes === 1 && !options.reports && !options.chat);
const mixTargets = targets.filter((target) => target !== 'ws');
// The mix's voter is follower 2, apart from the parsing one (0), the chatters and the one watching (the last three).
if (mixWanted && count('followers', 1) < 5) throw new Error('the mix needs --followers ≥ 5');
/** In the mix, every 10th room has two signed-in chatters: 1 message/s within the per-person limit (1 per 2 s). */
const MIX_CHATTERS = (room: number) => (room % 10 === 0 ? 2 : 0);
const MIX_PLAYLIST_ITEMS = 50;
const roomCount = count('rooms', 1);

/** Runs every target `repeats` times, alternating them within a repeat (A B C A B C …) so drift hits all alike. */
async function runAll(phaseTargets: Target[], settings: RunSettings): Promise<RunMetrics[]> {
  const runs: RunMetrics[] = [];
  const extras = settings.reports || settings.mix;
  for (let repeat = 1; repeat <= repeats; repeat++) {
    for (const target of phaseTargets) {
      const run = await runOnce(target, settings);
      runs.push(run);
      console.log(
        `${settings.mix ? 'mix ' : ''}repeat ${repeat} ${target}: p50 ${run.latency.p50.toFixed(2)} ms, ` +
          `p99 ${run.latency.p99.toFixed(2)} ms, ${run.cpuPerDelivery.toFixed(1)} µs/delivery, loss ${run.lost}` +
          (extras && target !== 'ws' ? `, reports ${run.reportsSent}, presence frames ${run.presenceFrames}` : '') +
          (settings.chat && target !== 'ws'
            ? `, chats ${run.chatsSent} (failed ${run.chatsFailed}), chat frames ${run.chatFrames}`
            : '') +
          (settings.mix ? `, votes ${run.votesSent} (failed ${run.votesFailed}), vote frames ${run.voteFrames}` : '') +
          (run.otherFrames > 0 ? `, unexpected frames ${run.otherFrames}` : '') +
          (run.errorSamples.length > 0 ? `, errors: ${run.errorSamples.join('; ')}` : ''),
      );
    }
  }
  return runs;
}

const database = new BenchDatabase(dbKind);
try {
  const started = Date.now();
  const db = await database.open();
  const concurrency = dbKind === 'postgres' ? 8 : 1;
  const rooms = plainWanted
    ? await seedRooms(db, roomCount, { chatters: (room) => (options.chat ? MIX_CHATTERS(room) : 0), concurrency })
    : [];
  const mixRooms = mixWanted
    ? await seedRooms(db, roomCount, { chatters: MIX_CHATTERS, items: MIX_PLAYLIST_ITEMS, voter: true, concurrency })
    : [];
  await db.destroy();
  console.log(
    `seeded ${rooms.length} rooms and ${mixRooms.length} rooms of ${MIX_PLAYLIST_ITEMS} items (${dbKind}) in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
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
    mix: false,
    eventPeriodMs: 1000,
    nodes,
    basePort: count('port', 1024),
    database,
    redisUrl: nodes > 1 ? (process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379') : undefined,
  };
  const window = `${settings.warmupSeconds} s warm-up, ${settings.measureSeconds} s measured, ${repeats} repeat(s)`;
  let plain: PlainSummary | null = null;
  if (plainWanted) {
    const machineBefore = describeMachine();
    const runs = await runAll(targets, settings);
    const header: ReportHeader = {
      rooms: rooms.length,
      shape:
        `${rooms.length} rooms × ${settings.followers} followers, 1 host event/s/room, ${settings.sampled} parsing follower(s) per room` +
        (settings.reports ? ', every client reporting its sync every 2 s' : '') +
        (settings.chat ? ', 10 % of rooms chatting at 1 message/s' : ''),
      window,
      database: dbKind,
      machineBefore,
      machineAfter: describeMachine(),
    };
    if (nodes > 1) printNodesReport(runs, header);
    else plain = printReport(runs, header);
  }
  if (mixWanted) {
    const mixSettings: RunSettings = {
      ...settings,
      rooms: mixRooms,
      reports: false,
      chat: true,
      mix: true,
      eventPeriodMs: CONTROLLER_HEARTBEAT_MS,
    };
    const machineBefore = describeMachine();
    const runs = await runAll(mixTargets, mixSettings);
    const mix = printMixReport(runs, {
      rooms: mixRooms.length,
      shape:
        `mix: ${mixRooms.length} rooms of ${MIX_PLAYLIST_ITEMS} items × ${settings.followers} followers, the host's ` +
        `heartbeat every ${CONTROLLER_HEARTBEAT_MS / 1000} s, every client reporting as the web client does, ` +
        '10 % of rooms chatting at 1 message/s, one vote toggle per room a minute (none in 1 % quiet rooms)',
      window,
      database: dbKind,
      machineBefore,
      machineAfter: describeMachine(),
    });
    // Two nodes: what the hop added to the heartbeats, their deltas in order on both sides (issue #25 item 5).
    if (nodes > 1) printHopReport(runs, mixRooms.length);
    printSummaryLine(plain, mix);
  } else if (nodes === 1) {
    printSummaryLine(plain, NO_MIX);
  }
} finally {
  await database.drop();
}
