import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';

/** Open files each benchmark process may hold: 10k+ sockets need more than the usual 1024. */
const FD_LIMIT = 65_536;

const children = new Set<ChildProcess>();

function killAll(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

// Whatever happens to the benchmark (error, Ctrl-C), no server or load generator outlives it.
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

export interface NodeProcessOptions {
  /** The CPU to pin to with taskset, or null to let the scheduler decide. */
  cpu: number | null;
  /**
   * Its own session (setsid), hence its own scheduler autogroup: a process that mostly sleeps (a latency probe) is
   * then not queued behind a busy sibling of the same group, nor behind the group's share of a loaded machine.
   */
  ownSession?: boolean;
  /** The script and its arguments, after node's own flags. */
  args: string[];
  nodeFlags?: string[];
  env?: Record<string, string>;
}

/**
 * Starts `node` with a raised open-file limit (`ulimit -n`, up to the hard limit when not root), pinned with
 * `taskset -c <cpu>`, with an IPC channel, optionally in a session of its own. Both `ulimit` and `taskset` exec, so
 * the pid is node's own.
 */
export function startNode(options: NodeProcessOptions): ChildProcess {
  const pin = options.cpu === null ? '' : `taskset -c ${options.cpu} `;
  const script = `ulimit -n ${FD_LIMIT} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec ${pin}"$0" "$@"`;
  const child = spawn('sh', ['-c', script, process.execPath, ...(options.nodeFlags ?? []), ...options.args], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: options.ownSession ?? false,
    env: { ...process.env, ...options.env },
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/**
 * Gives the scheduler autogroup of `pid` (a process started with `ownSession`) the weight of niceness `nice`, when
 * the user may (root for a negative one); false otherwise. On a machine shared with other work, a server under
 * test with a heavier group than everyone else's runs much as it would alone, which is what a benchmark measures.
 */
export function setGroupNice(pid: number, nice: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
    return true;
  } catch {
    return false;
  }
}

/** Stops a child: `signal` first, SIGKILL after `graceMs`. Resolves when it has exited. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Resolves with the next IPC message of `type` from `child`; rejects if the child exits first. */
export function nextMessage<T extends { type: string }>(child: ChildProcess, type: T['type']): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string }) => {
      if (message?.type !== type) return;
      cleanup();
      resolve(message as T);
    };
    const onExit = (code: number | null, signal: string | null) => {
      cleanup();
      reject(new Error(`process ${child.pid} exited (${signal ?? code}) while waiting for "${type}"`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 2xx; fails fast if `child` exits. */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${url}: the server exited (${child.signalCode ?? child.exitCode}) before it was ready`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
