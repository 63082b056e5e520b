// Preloaded into every server under test (`node --expose-gc --import ./bench/lib/probe.ts <server>`), so the
// real entry point runs unchanged. On an IPC `stats` request it collects garbage and answers with what is
// still live: heap and RSS, and the process's CPU time so far. With BENCH_PROFILE_DIR set it also records a
// CPU profile of the measured window only (`profile-start` … `profile-stop`), leaving out start-up, connecting
// and warm-up, and writes it there as a .cpuprofile (Chrome DevTools, or any cpuprofile reader).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import type { ServerStats } from './server-stats.ts';

const collect = (globalThis as { gc?: () => void }).gc;
const profileDir = process.env.BENCH_PROFILE_DIR;
let profiler: Session | null = null;

function answerStats(): void {
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
}

async function startProfile(): Promise<void> {
  profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
  await profiler.post('Profiler.start');
}

async function stopProfile(dir: string): Promise<void> {
  if (!profiler) return;
  const { profile } = await profiler.post('Profiler.stop');
  profiler.disconnect();
  profiler = null;
  writeFileSync(path.join(dir, `window-${process.pid}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
}

process.on('message', (message: { type?: string }) => {
  if (message?.type === 'stats') answerStats();
  else if (message?.type === 'profile-start' && profileDir) void startProfile();
  else if (message?.type === 'profile-stop' && profileDir) void stopProfile(profileDir);
});
