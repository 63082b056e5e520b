// `node bench/sync/clock-filter-sim.ts` — how far off the clock estimate of a fresh join is under different
// jitter models: for 8 pings, the fastest-sample rule (the estimator's best()) and the average of R90 (its offset);
// and R90's average over a join's CLOCK_SAMPLE_WINDOW pings. Seeded, so it prints the same numbers every time; ADR 026 quotes them.
import { CLOCK_SAMPLE_WINDOW, ClockOffsetEstimator } from '../../packages/protocol/src/clock.ts';
import { fixed, formatTable } from '../lib/table.ts';
import { percentile } from './analysis.ts';
import { seededRandom } from './delay-proxy.ts';

const DRAWS = 20_000;
const random = seededRandom(26);
const uniform = (mean: number, spread: number) => () => mean + (random() * 2 - 1) * spread;
const exponential = (base: number, mean: number) => () => base - Math.log(1 - random()) * mean;

/** One-way delays (up, down) in ms for one ping. */
const MODELS: { name: string; delays: () => [number, number] }[] = [
  { name: 'wifi: 20 ± 10 ms each way (uniform)', delays: () => [uniform(20, 10)(), uniform(20, 10)()] },
  { name: '4g: 50 ± 25 ms each way (uniform)', delays: () => [uniform(50, 25)(), uniform(50, 25)()] },
  { name: 'queueing: 20 + exp(10) ms each way', delays: () => [exponential(20, 10)(), exponential(20, 10)()] },
  { name: 'queueing: 50 + exp(25) ms each way', delays: () => [exponential(50, 25)(), exponential(50, 25)()] },
  {
    name: 'loopback: 0.3 ms, 60 % of answers up to 20 ms late (busy page)',
    delays: () => [0.15, 0.15 + (random() < 0.6 ? 20 * random() : 0)],
  },
  {
    name: 'busy page: 20 + exp(5), 20 % of answers up to 100 ms late',
    delays: () => [exponential(20, 5)(), exponential(20, 5)() + (random() < 0.2 ? 100 * random() : 0)],
  },
];

/** |error| of the fastest sample and of R90's average after `pings` pings into a window that holds them all. */
function draws(delays: () => [number, number], pings: number): { fastest: number[]; average: number[] } {
  const fastest: number[] = [];
  const average: number[] = [];
  for (let draw = 0; draw < DRAWS; draw++) {
    let t = 0;
    const estimator = new ClockOffsetEstimator({ now: () => t, window: pings });
    for (let ping = 0; ping < pings; ping++) {
      const [up, down] = delays();
      const sentAt = t;
      t += up;
      const serverTime = t; // the true offset is 0
      t += down;
      estimator.record(sentAt, serverTime, t);
      t += 5;
    }
    fastest.push(Math.abs(estimator.best()?.offset ?? 0));
    average.push(Math.abs(estimator.offset));
  }
  return { fastest, average };
}

const rows = MODELS.map(({ name, delays }) => {
  const eight = draws(delays, 8);
  const window = draws(delays, CLOCK_SAMPLE_WINDOW);
  return [
    name,
    fixed(percentile(eight.fastest, 50)),
    fixed(percentile(eight.fastest, 95)),
    fixed(percentile(eight.average, 50)),
    fixed(percentile(eight.average, 95)),
    fixed(percentile(window.average, 50)),
    fixed(percentile(window.average, 95)),
  ];
});
console.log(`|clock estimate error| after a fresh join's pings, ${DRAWS} draws per model (ms)`);
console.log(
  formatTable(
    [
      'jitter model',
      'fastest of 8 p50',
      'fastest of 8 p95',
      'R90 of 8 p50',
      'R90 of 8 p95',
      `R90 of ${CLOCK_SAMPLE_WINDOW} p50`,
      `R90 of ${CLOCK_SAMPLE_WINDOW} p95`,
    ],
    rows,
  ),
);
