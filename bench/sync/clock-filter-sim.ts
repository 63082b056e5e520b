// `node bench/sync/clock-filter-sim.ts` — how far off the clock estimate of a fresh join (8 pings) is under
// different jitter models, for the fastest-sample rule (the estimator's best()) and the average of R90 (its
// offset). Seeded, so it prints the same numbers every time; ADR 026 quotes them.
import { ClockOffsetEstimator } from '../../packages/protocol/src/clock.ts';
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

const rows = MODELS.map(({ name, delays }) => {
  const fastest: number[] = [];
  const fastestHalf: number[] = [];
  for (let draw = 0; draw < DRAWS; draw++) {
    let t = 0;
    const estimator = new ClockOffsetEstimator({ now: () => t });
    for (let ping = 0; ping < 8; ping++) {
      const [up, down] = delays();
      const sentAt = t;
      t += up;
      const serverTime = t; // the true offset is 0
      t += down;
      estimator.record(sentAt, serverTime, t);
      t += 5;
    }
    fastest.push(Math.abs(estimator.best()?.offset ?? 0));
    fastestHalf.push(Math.abs(estimator.offset));
  }
  return [
    name,
    fixed(percentile(fastest, 50)),
    fixed(percentile(fastest, 95)),
    fixed(percentile(fastestHalf, 50)),
    fixed(percentile(fastestHalf, 95)),
  ];
});
console.log(`|clock estimate error| after 8 pings, ${DRAWS} draws per model (ms)`);
console.log(formatTable(['jitter model', 'fastest p50', 'fastest p95', 'R90 average p50', 'R90 average p95'], rows));
