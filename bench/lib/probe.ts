// Preloaded into every server under test (`node --expose-gc --import ./bench/lib/probe.ts <server>`), so the
// real entry point runs unchanged. On an IPC `stats` request it collects garbage and answers with what is
// still live: heap and RSS, and the process's CPU time so far.
import type { ServerStats } from './server-stats.ts';

const collect = (globalThis as { gc?: () => void }).gc;

process.on('message', (message: { type?: string }) => {
  if (message?.type !== 'stats') return;
  if (!collect) throw new Error('the probe needs node --expose-gc');
  // Twice: the first pass can leave objects that only become unreachable through finalizers.
  collect();
  collect();
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  const stats: ServerStats = {
    type: 'stats',
    heapUsed: memory.heapUsed,
    rss: memory.rss,
    cpuMicros: cpu.user + cpu.system,
  };
  process.send?.(stats);
});
