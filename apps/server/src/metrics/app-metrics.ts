import { Counter, collectDefaultMetrics, Registry } from 'prom-client';
import { createRealtimeMetrics, type RealtimeMetrics } from './realtime-metrics.ts';

export interface AppMetrics {
  /** This app's own registry (not prom-client's global one), so several apps can live in one process (tests). */
  registry: Registry;
  realtime: RealtimeMetrics;
  search: SearchMetrics;
}

/** Keyword searches sent upstream (cache hits are not), so a provider that starts failing shows as a rising reason. */
export interface SearchMetrics {
  searches: Counter<'provider' | 'outcome'>;
}

function createSearchMetrics(registry: Registry): SearchMetrics {
  const searches = new Counter({
    name: 'xemchung_search_upstream_total',
    help: 'Keyword searches sent upstream, by provider (data-api, innertube, none) and outcome (results, or the failure reason such as quotaExceeded, timeout, http_429, unexpected_shape, search_off)',
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  });
  return { searches };
}

/** Process metrics (CPU, memory, event loop lag, GC, handles) plus the room engine's. */
export function createAppMetrics(): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return { registry, realtime: createRealtimeMetrics(registry), search: createSearchMetrics(registry) };
}
