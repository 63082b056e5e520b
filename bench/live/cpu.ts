// CPU time of a process and all its descendants (a Chromium: the browser process, its zygotes, renderers, GPU and
// utility processes), from /proc/<pid>/stat, for bench:live's sharer.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime. */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

interface Stat {
  ppid: number;
  /** utime + stime, in ticks. */
  ticks: number;
}

function readStat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid … utime (14th) stime (15th): the name may hold spaces, so count from its ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null; // gone meanwhile
  }
}

/** The CPU ticks each process of `root`'s tree has used so far, by pid. */
export function treeTicks(root: number): Map<number, number> {
  const stats = new Map<number, Stat>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat) stats.set(Number(name), stat);
  }
  const inTree = new Set<number>([root]);
  // Parents before children is not guaranteed by pid order: repeat until no process joins.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, stat] of stats) {
      if (!inTree.has(pid) && inTree.has(stat.ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  const ticks = new Map<number, number>();
  for (const pid of inTree) {
    const stat = stats.get(pid);
    if (stat) ticks.set(pid, stat.ticks);
  }
  return ticks;
}

/**
 * The tree's CPU between two readings, as % of one core over `seconds`: each process alive at the end counts what it
 * used since the first reading (all of it if it started since); a process that ended in between is not counted.
 */
export function cpuPercent(before: Map<number, number>, after: Map<number, number>, seconds: number): number {
  let ticks = 0;
  for (const [pid, used] of after) ticks += used - (before.get(pid) ?? 0);
  return (100 * ticks) / TICKS_PER_SECOND / seconds;
}

/** Pins every process (all threads) of `root`'s tree to `cpu` (taskset); processes started later inherit it. */
export function pinTree(root: number, cpu: number): void {
  for (const pid of treeTicks(root).keys()) {
    try {
      execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
    } catch {
      // gone meanwhile
    }
  }
}
