// Preloaded into every server under test (`node --expose-gc --import ./bench/lib/probe.ts <server>`), so the
// real entry point runs unchanged. On an IPC `stats` request it collects garbage and answers with what is
// still live: heap and RSS, and the process's CPU time so far. With BENCH_PROFILE_DIR set it also records a
// CPU profile of the measured window only (`profile-start` … `profile-stop`), leaving out start-up, connecting
// and warm-up, and writes it there as a .cpuprofile (Chrome DevTools, or any cpuprofile reader). Over the same
// window it always measures what stalls the event loop: its delay (p99, max) and the garbage collector's pauses,
// so a high latency percentile can be told apart from a busy CPU.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { constants, type ELDHistogram, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import type { ServerStats, WindowStalls } from './server-stats.ts';

const collect = (globalThis as { gc?: () => void }).gc;
const profileDir = process.env.BENCH_PROFILE_DIR;
let profiler: Session | null = null;

/** The event loop and GC over the last measured window (bench/lib/server-stats.ts WindowStalls). */
let stalls: WindowStalls | null = null;
let loopDelay: ELDHistogram | null = null;
let gcObserver: PerformanceObserver | null = null;

function startStallWatch(): void {
  const watched: WindowStalls = {
    loopP99Ms: 0,
    loopMaxMs: 0,
    minorGcs: 0,
    minorGcMs: 0,
    majorGcs: 0,
    majorGcMs: 0,
    gcMaxMs: 0,
  };
  loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
        watched.minorGcs++;
        watched.minorGcMs += entry.duration;
      } else {
        watched.majorGcs++;
        watched.majorGcMs += entry.duration;
      }
      watched.gcMaxMs = Math.max(watched.gcMaxMs, entry.duration);
    }
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  stalls = watched;
}

function stopStallWatch(): void {
  if (!loopDelay || !stalls) return;
  loopDelay.disable();
  stalls.loopP99Ms = loopDelay.percentile(99) / 1e6;
  stalls.loopMaxMs = loopDelay.max / 1e6;
  gcObserver?.disconnect();
  loopDelay = null;
  gcObserver = null;
}

function answerStats(): void {
  if (!collect) throw new Error('the probe needs node --expose-gc');
  // Twice: the first pass can leave objects that only become unreachable through finalizers.
  collect();
  collect();
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  // BENCH_HEAP_SNAPSHOT=<dir>: a heap snapshot at every stats request (the idle one after connecting, then after
  // the window), to see what each connection holds.
  const snapshotDir = process.env.BENCH_HEAP_SNAPSHOT;
  if (snapshotDir) writeHeapSnapshot(path.join(snapshotDir, `stats-${process.pid}-${Date.now()}.heapsnapshot`));
  const stats: ServerStats = {
    type: 'stats',
    heapUsed: memory.heapUsed,
    rss: memory.rss,
    cpuMicros: cpu.user + cpu.system,
    stalls,
  };
  process.send?.(stats);
}

/**
 * With BENCH_PROFILE_HEAP=1 a sampling heap profile is taken over the window too, and written without collecting
 * first: what it holds at the end is what the window allocated that outlived the young generation (promoted,
 * whether still used or not), which is what makes old-generation collections long. With BENCH_PROFILE_HEAP=all
 * it keeps every sampled allocation, collected or not: where the allocation rate, and so the scavenges, come from.
 * With BENCH_PROFILE_HEAP=promoted it keeps every sampled allocation that outlived the young generation, including
 * those an old-generation collection has freed since: what the window promoted, which is what the next long
 * collection has to mark and sweep.
 */
const heapMode = process.env.BENCH_PROFILE_HEAP;
const heapProfile = heapMode === '1' || heapMode === 'all' || heapMode === 'promoted';

async function startProfile(): Promise<void> {
  profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
  await profiler.post('Profiler.start');
  if (heapProfile) {
    await profiler.post('HeapProfiler.startSampling', {
      samplingInterval: 16_384,
      includeObjectsCollectedByMajorGC: heapMode === 'all' || heapMode === 'promoted',
      includeObjectsCollectedByMinorGC: heapMode === 'all',
    });
  }
}

async function stopProfile(dir: string): Promise<void> {
  if (!profiler) return;
  const stamp = `${process.pid}-${Date.now()}`;
  const { profile } = await profiler.post('Profiler.stop');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `window-${stamp}.cpuprofile`), JSON.stringify(profile));
  if (heapProfile) {
    const sampled = await profiler.post('HeapProfiler.stopSampling');
    writeFileSync(path.join(dir, `window-${stamp}.heapprofile`), JSON.stringify(sampled.profile));
  }
  profiler.disconnect();
  profiler = null;
}

process.on('message', (message: { type?: string }) => {
  if (message?.type === 'stats') answerStats();
  else if (message?.type === 'profile-start') {
    startStallWatch();
    if (profileDir) void startProfile();
  } else if (message?.type === 'profile-stop') {
    stopStallWatch();
    if (profileDir) void stopProfile(profileDir);
  }
});
