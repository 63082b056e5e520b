import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

/** The machine a result came from; printed with every result table. */
export function describeMachine(): string {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? 'unknown CPU';
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return `${availableParallelism()} × ${model}, Node ${process.version}, load average ${load}`;
}
