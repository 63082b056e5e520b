import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type NodeProcessOptions, startNode, waitForHttp } from '../lib/processes.ts';
import type { Target } from './messages.ts';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const PROBE = here('../lib/probe.ts');
const SCRIPTS: Record<Target, string> = {
  ws: here('./ws-relay.ts'),
  socketio: here('./socketio-relay.ts'),
  committed: here('./commit-relay.ts'),
  xemchung: here('../../apps/server/src/main.ts'),
};

/** The core the servers under test run on; the load generator gets the other one. */
export const SERVER_CPU = 0;
export const GENERATOR_CPU = 1;

export interface RunningServer {
  url: string;
  process: ChildProcess;
}

/**
 * Starts one server under test on SERVER_CPU with the probe preloaded (bench/lib/probe.ts). XemChung runs its
 * real entry point, configured only through the environment, exactly as `npm run serve` would.
 */
export async function startServer(
  target: Target,
  port: number,
  env: Record<string, string>,
  scheduling: Pick<NodeProcessOptions, 'ownSession'> = {},
): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  const child = startNode({
    ...scheduling,
    // BENCH_SERVER_UNPINNED=1 lets the server's threads (V8's concurrent GC markers among them) use both cores,
    // the generator's too: how much of a stall is one core's doing.
    cpu: process.env.BENCH_SERVER_UNPINNED === '1' ? null : SERVER_CPU,
    // BENCH_NODE_FLAGS adds flags for a profiling run, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    nodeFlags: ['--expose-gc', '--import', PROBE, ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])],
    args: [SCRIPTS[target]],
    env: { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
  });
  await waitForHttp(`${url}/healthz`, child);
  return { url, process: child };
}
