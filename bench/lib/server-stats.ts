import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { nextMessage } from './processes.ts';

/** What bench/lib/probe.ts answers from inside a server under test. */
export interface ServerStats {
  type: 'stats';
  /** Bytes of live heap after a full collection. */
  heapUsed: number;
  rss: number;
  cpuMicros: number;
  /** What stalled the event loop over the last measured window, or null before one ended. */
  stalls: WindowStalls | null;
}

/** The event loop's delay and the garbage collector's pauses over a measured window (bench/lib/probe.ts). */
export interface WindowStalls {
  loopP99Ms: number;
  loopMaxMs: number;
  minorGcs: number;
  minorGcMs: number;
  majorGcs: number;
  majorGcMs: number;
  /** The longest single pause. */
  gcMaxMs: number;
}

/** Asks a probed server for its memory (after GC) and CPU time. */
export async function serverStats(server: ChildProcess): Promise<ServerStats> {
  const answer = nextMessage<ServerStats>(server, 'stats');
  server.send({ type: 'stats' });
  return answer;
}

/** Kernel clock ticks per second (`getconf CLK_TCK`), 100 on every Linux this runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time of a process in µs, split as the kernel accounts it. */
export interface CpuTimes {
  user: number;
  system: number;
}

/**
 * CPU time of any process from /proc/<pid>/stat, with no cooperation from it: used for servers mid-run and for
 * PostgreSQL backends and Redis. Resolution is one clock tick (10 ms). Zero when the process is gone.
 */
export function procCpuTimes(pid: number): CpuTimes {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return { user: 0, system: 0 };
  }
  // The command name (field 2) may hold spaces; fields after its closing parenthesis are fixed.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const toMicros = (ticks: string | undefined) => (Number(ticks) * 1_000_000) / CLOCK_TICKS_PER_SECOND;
  return { user: toMicros(fields[11]), system: toMicros(fields[12]) }; // utime, stime (fields 14 and 15)
}

/** User + system CPU time of a process, µs (see procCpuTimes). */
export function procCpuMicros(pid: number): number {
  const { user, system } = procCpuTimes(pid);
  return user + system;
}
