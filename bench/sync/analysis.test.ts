import { describe, expect, it } from 'vitest';
import {
  type ClockSample,
  convergence,
  errorSeries,
  estimateAt,
  type FrameSample,
  type PageSamples,
  percentile,
  pingSamples,
  positionAt,
  reactionMs,
  type SocketSample,
  steadinessErrors,
  steadyState,
  summarise,
} from './analysis.ts';

/** A page playing at `rate` from `start` (ms) at media time `from` (s): 60 Hz frames and clock reads. */
function playing(start: number, end: number, from: number, rate = 1, frameLagMs = 0): PageSamples {
  const frames: FrameSample[] = [];
  const clocks: ClockSample[] = [];
  for (let at = start; at <= end; at += 1000 / 60) {
    const position = from + ((at - start) / 1000) * rate;
    frames.push([at, position - frameLagMs / 1000]);
    clocks.push([at + 1, position + rate / 1000, 0, rate]);
  }
  return { frames, clocks, events: [] };
}

describe('positionAt', () => {
  it('moves the frame on screen forward at the rate while playing', () => {
    const page = playing(0, 1000, 10);
    expect(positionAt(page, 505)).toBeCloseTo(10.505, 6);
    expect(positionAt(page, 505, 'currentTime')).toBeCloseTo(10.505, 6);
  });

  it('uses currentTime while paused, and when frames stopped coming (a stall)', () => {
    const paused: PageSamples = { frames: [[0, 3]], clocks: [[500, 4.2, 1, 1]], events: [] };
    expect(positionAt(paused, 900)).toBe(4.2);
    const stalled: PageSamples = { frames: [[0, 3]], clocks: [[500, 3.1, 0, 1]], events: [] };
    expect(positionAt(stalled, 600)).toBeCloseTo(3.2, 6);
  });

  it('knows nothing before the first sample', () => {
    expect(positionAt(playing(100, 200, 0), 50)).toBeNull();
  });
});

describe('errorSeries, convergence and the steady state', () => {
  it('measures a constant lead of the follower in ms', () => {
    const points = errorSeries(playing(0, 2000, 5), playing(0, 2000, 5.03), 100, 1900);
    expect(points.length).toBeGreaterThan(150);
    for (const point of points) expect(point.errorMs).toBeCloseTo(30, 6);
  });

  it('finds when the error got under 50 ms and stayed there, and the peak before', () => {
    // 400 ms off until t=1300, then 20 ms off.
    const points = Array.from({ length: 300 }, (_, i) => ({ at: i * 10, errorMs: i * 10 < 1300 ? 400 : 20 }));
    const [result] = convergence(points, [{ at: 1000, label: 'seek' }], 3000);
    expect(result?.convergeMs).toBe(300);
    expect(result?.peakMs).toBe(400);
  });

  it('reports the peak of a transient that never left the goal', () => {
    const points = Array.from({ length: 300 }, (_, i) => ({ at: i * 10, errorMs: i === 110 ? -35 : 3 }));
    const [result] = convergence(points, [{ at: 1000, label: 'pause' }], 3000);
    expect(result?.convergeMs).toBe(0);
    expect(result?.peakMs).toBe(35);
  });

  it('does not count a dip under 50 ms that does not last', () => {
    const points = Array.from({ length: 400 }, (_, i) => {
      const at = i * 10;
      return { at, errorMs: at < 1500 ? 300 : at < 1600 ? 10 : at < 2000 ? 200 : 5 };
    });
    const [result] = convergence(points, [{ at: 1000, label: 'play' }], 4000);
    expect(result?.convergeMs).toBe(1000);
  });

  it('reports an action that never converged, with its whole window as the bound', () => {
    const points = Array.from({ length: 100 }, (_, i) => ({ at: i * 10, errorMs: -120 }));
    const convergences = convergence(points, [{ at: 0, label: 'rate 1.5' }], 1000);
    expect(convergences[0]?.convergeMs).toBeNull();
    const summary = summarise(points, convergences);
    expect(summary.allConverged).toBe(false);
    expect(summary.convergeMs).toBe(1000);
  });

  it('leaves the convergence windows out of the steady state', () => {
    const points = Array.from({ length: 300 }, (_, i) => ({ at: i * 10, errorMs: i * 10 < 1300 ? 400 : -20 }));
    const convergences = convergence(points, [{ at: 1000, label: 'seek' }], 3000);
    const steady = steadyState(points, convergences);
    expect(Math.max(...steady.map((point) => Math.abs(point.errorMs)))).toBe(400);
    expect(steady.filter((point) => point.at >= 1000).every((point) => point.errorMs === -20)).toBe(true);
    const summary = summarise(
      steady.filter((point) => point.at >= 1000),
      convergences,
    );
    expect(summary).toMatchObject({ p50Ms: 20, p95Ms: 20, maxMs: 20, convergeMs: 300, allConverged: true });
  });
});

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('pingSamples and estimateAt', () => {
  it('pairs each clock ping with its ack and gives the estimate the app would have (R90)', () => {
    const socket: SocketSample[] = [
      [1000, 'out', '421["clock:ping",{}]'],
      [1000, 'out', '42["presence:report",{"state":"playing"}]'],
      [1060, 'in', '431[{"ok":true,"serverTime":1020}]'],
      [1100, 'out', '422["clock:ping",{}]'],
      [1140, 'in', '432[{"ok":true,"serverTime":1110}]'],
      [1150, 'in', '433[{"ok":true}]'],
    ];
    const pings = pingSamples(socket);
    expect(pings).toEqual([
      { at: 1060, offsetMs: 1020 - 1030, delayMs: 60 },
      { at: 1140, offsetMs: 1110 - 1120, delayMs: 40 },
    ]);
    expect(estimateAt(pings, 1050)).toBeNull();
    expect(estimateAt(pings, 1100)).toEqual({ at: 1060, offsetMs: -10, delayMs: 60 });
    expect(estimateAt(pings, 2000)?.delayMs).toBe(40);
    // Four pings: the mean offset of the fastest two.
    const four = [...pings, { at: 1200, offsetMs: 20, delayMs: 30 }, { at: 1300, offsetMs: 90, delayMs: 300 }];
    expect(estimateAt(four, 2000)).toEqual({ at: 1300, offsetMs: 5, delayMs: 30 });
  });
});

describe('steadinessErrors', () => {
  it('is about 0 for a page that plays steadily, and shows a stall as its size', () => {
    const steady = playing(0, 6000, 10);
    const actions = [{ at: 0, label: 'start' }];
    expect(Math.max(...steadinessErrors(steady, actions, 6000))).toBeLessThan(1);
    // The same page freezes for 100 ms at 3 s, then plays on 100 ms behind.
    const frozen = {
      ...steady,
      frames: steady.frames.map(([at, time]): FrameSample => [at, at < 3000 ? time : Math.max(10 + 2.9, time - 0.1)]),
      clocks: steady.clocks.map(
        ([at, time, paused, rate]): ClockSample => [at, at < 3000 ? time : time - 0.1, paused, rate],
      ),
    };
    const deviations = steadinessErrors(frozen, actions, 6000);
    expect(percentile(deviations, 50)).toBeLessThan(1);
    expect(Math.max(...deviations)).toBeGreaterThan(90);
  });

  it('leaves paused stretches out', () => {
    const paused: PageSamples = {
      frames: [],
      clocks: [
        [0, 4, 1, 1],
        [5000, 4, 1, 1],
      ],
      events: [],
    };
    expect(steadinessErrors(paused, [{ at: 0, label: 'pause' }], 5000)).toEqual([]);
  });
});

describe('reactionMs', () => {
  it("times the follower's matching media event after each kind of host action", () => {
    const follower: PageSamples = {
      frames: [],
      clocks: [],
      events: [
        [1050, 'play', 3, 1],
        [1120, 'playing', 3, 1],
        [2060, 'seeking', 9, 1],
        [2075, 'seeked', 9, 1],
        [3500, 'ratechange', 9, 1.1],
      ],
    };
    expect(reactionMs(follower, { at: 1000, label: 'play' }, 2000)).toBe(120);
    expect(reactionMs(follower, { at: 2000, label: 'seek +25 s' }, 3000)).toBe(75);
    expect(reactionMs(follower, { at: 3000, label: 'pause' }, 4000)).toBeNull();
    expect(reactionMs(follower, { at: 0, label: 'start' }, 1000)).toBeNull();
  });
});
