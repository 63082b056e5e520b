import { collectDefaultMetrics, Registry } from 'prom-client';
import { createRealtimeMetrics, type RealtimeMetrics } from './realtime-metrics.ts';

export interface AppMetrics {
  /** This app's own registry (not prom-client's global one), so several apps can live in one process (tests). */
  registry: Registry;
  realtime: RealtimeMetrics;
}

/** Process metrics (CPU, memory, event loop lag, GC, handles) plus the room engine's. */
export function createAppMetrics(): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return { registry, realtime: createRealtimeMetrics(registry) };
}
