// `node bench/presence/liveness.ts` — what it costs to know that a quiet tab is still there (R52, ADR 038): bytes per
// viewer per minute on the wire and server CPU, with many real WebSocket connections to a bare Socket.IO server
// (bench/presence/liveness-server.ts), for each way of hearing from a tab that has nothing new to report.
//
//   node bench/presence/liveness.ts                               4000 tabs, 20 s per scenario, 2 repeats
//   node bench/presence/liveness.ts --tabs 1000 --duration 10 --repeats 1     a quick check
//
// The tabs are bench/lib/sio-wire.ts clients (the real wire protocol, masked frames as a browser sends); `ws`
// answers a WebSocket ping at once, as a browser's network stack does. They report like a page of a playing room
// whose badge does not change: every 2 s (R53 before #25), or every 10 s (the keep-alive after).
import type { ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { describeMachine } from '../lib/machine.ts';
import { nextMessage, sleep, startNode, stopProcess, waitForHttp } from '../lib/processes.ts';
import { procCpuMicros } from '../lib/server-stats.ts';
import { WireClient } from '../lib/sio-wire.ts';
import { fixed, formatTable } from '../lib/table.ts';
import type { Mechanism, WireStats } from './liveness-server.ts';

const { values: options } = parseArgs({
  options: {
    tabs: { type: 'string', default: '4000' },
    warmup: { type: 'string', default: '5' },
    duration: { type: 'string', default: '20' },
    repeats: { type: 'string', default: '2' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3650' },
  },
});
const TABS = Number(options.tabs);
const WARMUP_MS = Number(options.warmup) * 1000;
const DURATION_MS = Number(options.duration) * 1000;
const REPEATS = Number(options.repeats);
const PORT = Number(options.port);
const URL_BASE = `http://127.0.0.1:${PORT}`;

interface Scenario {
  name: string;
  mechanism: Mechanism;
  /** How often each tab reports with nothing new (ms), or null for never. */
  reportEveryMs: number | null;
}
const SCENARIOS: Scenario[] = [
  { name: 'nothing but the join report (misses 5 s)', mechanism: 'none', reportEveryMs: null },
  { name: 'before: reports every 2 s', mechanism: 'none', reportEveryMs: 2000 },
  { name: 'keep-alive every 10 s alone (misses 5 s)', mechanism: 'none', reportEveryMs: 10_000 },
  { name: '10 s + Engine.IO ping every 2.5 s', mechanism: 'engine-ping', reportEveryMs: 10_000 },
  { name: '10 s + presence:probe at 2.5 s quiet', mechanism: 'probe', reportEveryMs: 10_000 },
  { name: '10 s + WebSocket ping at 2.5 s quiet', mechanism: 'ws-ping', reportEveryMs: 10_000 },
];

/** What a page of a playing room reports (R53): `42["presence:report",{…}]`, 79 bytes before the frame header. */
const report = (index: number) => ({ state: 'playing', errorMs: (index % 61) - 30, rttMs: 24, watching: false });

async function wire(server: ChildProcess, type: 'wire' | 'reset'): Promise<WireStats> {
  const answer = nextMessage<WireStats>(server, 'wire');
  server.send({ type });
  return answer;
}

interface Result {
  downPerMinute: number;
  upPerMinute: number;
  cpuMicrosPerTabSecond: number;
  silences: number;
}

async function runScenario(scenario: Scenario): Promise<Result> {
  const server = startNode({
    cpu: null,
    args: ['bench/presence/liveness-server.ts', scenario.mechanism],
    env: { PORT: String(PORT) },
  });
  const timers: NodeJS.Timeout[] = [];
  const clients: WireClient[] = [];
  try {
    await waitForHttp(`${URL_BASE}/healthz`, server);
    for (let start = 0; start < TABS; start += 100) {
      const batch = Array.from({ length: Math.min(100, TABS - start) }, (_, offset) => {
        const index = start + offset;
        const onEvent = (frame: Buffer) => {
          if (frame.includes('presence:probe')) client?.emit('presence:report', report(index));
        };
        let client: WireClient | undefined;
        return WireClient.connect({ url: URL_BASE, headers: {}, auth: {}, onEvent }).then((connected) => {
          client = connected;
          return connected;
        });
      });
      clients.push(...(await Promise.all(batch)));
    }
    const every = scenario.reportEveryMs;
    clients.forEach((client, index) => {
      client.emit('presence:report', report(index)); // at once on join, as a page does
      if (every === null) return;
      // Spread over the interval, as pages that joined at different times are.
      const first = setTimeout(
        () => {
          client.emit('presence:report', report(index));
          timers.push(setInterval(() => client.emit('presence:report', report(index)), every));
        },
        (index * every) / TABS,
      );
      timers.push(first);
    });
    await sleep(WARMUP_MS);
    const before = await wire(server, 'reset');
    const cpuBefore = procCpuMicros(server.pid ?? 0);
    await sleep(DURATION_MS);
    const cpuUsed = procCpuMicros(server.pid ?? 0) - cpuBefore;
    const after = await wire(server, 'wire');
    if (after.sockets !== TABS) throw new Error(`${after.sockets} of ${TABS} sockets left`);
    const perTabMinute = (bytes: number) => (bytes / TABS) * (60_000 / DURATION_MS);
    return {
      downPerMinute: perTabMinute(after.bytesWritten - before.bytesWritten),
      upPerMinute: perTabMinute(after.bytesRead - before.bytesRead),
      cpuMicrosPerTabSecond: cpuUsed / TABS / (DURATION_MS / 1000),
      silences: after.silences,
    };
  } finally {
    for (const timer of timers) clearTimeout(timer);
    for (const client of clients) client.close();
    await stopProcess(server);
  }
}

console.log(`${describeMachine()}\n${TABS} tabs, ${WARMUP_MS / 1000} s warm-up, ${DURATION_MS / 1000} s measured\n`);
const rows: string[][] = [];
for (const scenario of SCENARIOS) {
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    const result = await runScenario(scenario);
    const row = [
      scenario.name,
      fixed(result.downPerMinute, 0),
      fixed(result.upPerMinute, 0),
      fixed(result.downPerMinute + result.upPerMinute, 0),
      fixed(result.cpuMicrosPerTabSecond, 1),
      String(result.silences),
    ];
    console.log(row.join(' | '));
    rows.push(row);
  }
}
console.log(
  `\n${formatTable(['scenario', 'B/min down', 'B/min up', 'B/min both', 'server CPU µs per tab·s', 'live tabs unlisted'], rows)}`,
);
