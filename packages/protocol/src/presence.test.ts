import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCommand } from './schemas/commands.ts';
import type { SyncReport } from './schemas/presence.ts';
import {
  badgeChanged,
  betterReport,
  boundedReport,
  SYNC_EDGE_MARGIN_MS,
  SYNC_FAIR_MS,
  SYNC_GOOD_MS,
  syncLevel,
} from './sync-badge.ts';
import { SYNC_ERROR_MAX_MS, SYNC_RTT_MAX_MS, SYNC_STATES } from './sync-report.ts';

const report = (state: SyncReport['state'], errorMs?: number, rttMs = 20): SyncReport =>
  errorMs === undefined ? { state, rttMs } : { state, errorMs, rttMs };

describe('presence:report payload (R53, R21)', () => {
  it('accepts a state, a signed error and a round trip, and drops fields that would name someone else', () => {
    const parsed = parseCommand('presence:report', {
      state: 'playing',
      errorMs: -12.5,
      rttMs: 40,
      key: 'u:other',
      uid: 'x',
    });
    expect(parsed.success && parsed.data).toEqual({
      type: 'presence:report',
      state: 'playing',
      errorMs: -12.5,
      rttMs: 40,
    });
    expect(parseCommand('presence:report', { state: 'error' }).success).toBe(true);
  });

  it.each([
    ['an error of NaN', { state: 'playing', errorMs: Number.NaN, rttMs: 1 }],
    ['an error of null (what JSON makes of NaN)', { state: 'playing', errorMs: null, rttMs: 1 }],
    ['a round trip of null', { state: 'playing', errorMs: 0, rttMs: null }],
    ['an error of 1e12 ms', { state: 'playing', errorMs: 1e12, rttMs: 1 }],
    ['an error past a day', { state: 'playing', errorMs: -(SYNC_ERROR_MAX_MS + 1), rttMs: 1 }],
    ['an infinite round trip', { state: 'playing', errorMs: 0, rttMs: Number.POSITIVE_INFINITY }],
    ['a negative round trip', { state: 'playing', errorMs: 0, rttMs: -1 }],
    ['a round trip of 1e12 ms', { state: 'playing', errorMs: 0, rttMs: 1e12 }],
    ['a number as a string', { state: 'playing', errorMs: '12', rttMs: 1 }],
    ['an unknown state', { state: 'dancing', errorMs: 0, rttMs: 1 }],
    ['a watching flag that is not a boolean', { state: 'idle', watching: 'yes' }],
    ['a missing state', { errorMs: 0, rttMs: 1 }],
  ])('refuses %s', (_name, payload) => {
    expect(parseCommand('presence:report', payload).success).toBe(false);
  });
});

describe('the sync badge (R53)', () => {
  it('is green up to 50 ms either way, amber up to 250 ms, red beyond', () => {
    expect(syncLevel(report('playing', 0))).toBe('good');
    expect(syncLevel(report('playing', -SYNC_GOOD_MS))).toBe('good');
    expect(syncLevel(report('playing', SYNC_GOOD_MS + 1))).toBe('fair');
    expect(syncLevel(report('playing', -SYNC_FAIR_MS))).toBe('fair');
    expect(syncLevel(report('playing', SYNC_FAIR_MS + 1))).toBe('poor');
  });

  it('is grey while the player is not playing, whatever its error, and unknown without a report', () => {
    for (const state of ['paused', 'buffering', 'blocked', 'error'] as const) {
      expect(syncLevel(report(state, 0))).toBe('idle');
    }
    expect(syncLevel(report('playing'))).toBe('idle');
    expect(syncLevel(null)).toBe('unknown');
  });

  it('clamps what a client measured into what a report may carry, so a client never sends an invalid one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SYNC_STATES),
        fc.option(fc.double()),
        fc.option(fc.double()),
        (state, errorMs, rttMs) => {
          const bounded = boundedReport(state, errorMs, rttMs);
          expect(parseCommand('presence:report', bounded).success).toBe(true);
          if (bounded.rttMs !== undefined) expect(bounded.rttMs).toBeLessThanOrEqual(SYNC_RTT_MAX_MS);
        },
      ),
    );
    expect(boundedReport('playing', 12.4, 30.6)).toEqual({ state: 'playing', errorMs: 12, rttMs: 31 });
    expect(boundedReport('playing', 1e12, Number.NaN)).toEqual({ state: 'playing', errorMs: SYNC_ERROR_MAX_MS });
    expect(boundedReport('error', null, -5)).toEqual({ state: 'error', rttMs: 0 });
  });

  it('describes a person by their best tab: playing first, then the smaller error', () => {
    expect(betterReport(report('paused', 0), report('playing', 400))).toEqual(report('playing', 400));
    expect(betterReport(report('playing', -30), report('playing', 20))).toEqual(report('playing', 20));
    expect(betterReport(report('buffering'), report('error'))).toEqual(report('buffering'));
    expect(betterReport(report('playing'), report('playing', 900))).toEqual(report('playing', 900));
    expect(betterReport(null, report('blocked'))).toEqual(report('blocked'));
    expect(betterReport(null, null)).toBeNull();
  });
});

describe('when a page reports: its badge changed (R53)', () => {
  it('a new state, or an error that appears or goes, is a change; the error moving inside its band is not', () => {
    expect(badgeChanged(null, report('idle'))).toBe(true);
    expect(badgeChanged(report('paused', 5), report('playing', 5))).toBe(true);
    expect(badgeChanged(report('playing'), report('playing', 5))).toBe(true);
    expect(badgeChanged(report('playing', 5), report('playing'))).toBe(true);
    expect(badgeChanged(report('playing', 5), report('playing', -49, 300))).toBe(false);
    expect(badgeChanged(report('playing', 400), report('playing', -90_000))).toBe(false);
    expect(badgeChanged(report('paused', 5), report('paused', 900))).toBe(false);
  });

  it('a colour changes once the error is past the edge by more than the margin, either way', () => {
    const edge = SYNC_GOOD_MS;
    expect(badgeChanged(report('playing', 40), report('playing', edge + SYNC_EDGE_MARGIN_MS - 1))).toBe(false);
    expect(badgeChanged(report('playing', 40), report('playing', -(edge + SYNC_EDGE_MARGIN_MS)))).toBe(false);
    expect(badgeChanged(report('playing', 40), report('playing', -(edge + SYNC_EDGE_MARGIN_MS + 1)))).toBe(true);
    expect(badgeChanged(report('playing', 70), report('playing', edge - SYNC_EDGE_MARGIN_MS + 1))).toBe(false);
    expect(badgeChanged(report('playing', 70), report('playing', edge - SYNC_EDGE_MARGIN_MS))).toBe(true);
    expect(badgeChanged(report('playing', 100), report('playing', SYNC_FAIR_MS + SYNC_EDGE_MARGIN_MS + 1))).toBe(true);
    expect(badgeChanged(report('playing', 20), report('playing', 5000))).toBe(true);
  });

  it('an error wavering within the margin of an edge is never a change, whichever side was reported', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(SYNC_GOOD_MS, SYNC_FAIR_MS),
        fc.integer({ min: -SYNC_EDGE_MARGIN_MS + 1, max: SYNC_EDGE_MARGIN_MS - 1 }),
        fc.integer({ min: -SYNC_EDGE_MARGIN_MS + 1, max: SYNC_EDGE_MARGIN_MS - 1 }),
        fc.boolean(),
        (edge, a, b, negative) => {
          const sign = negative ? -1 : 1;
          const last = report('playing', sign * (edge + a));
          return !badgeChanged(last, report('playing', sign * (edge + b)));
        },
      ),
    );
  });

  it('the same state and colour is never a change, whatever the error and round trip', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SYNC_STATES),
        fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: undefined }),
        fc.constantFrom(...SYNC_STATES),
        fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: undefined }),
        (lastState, lastError, state, error) => {
          const last = report(lastState, lastError);
          const next = report(state, error);
          fc.pre(syncLevel(last) === syncLevel(next) && last.state === state);
          return !badgeChanged(last, next);
        },
      ),
    );
  });
});
