import { describe, expect, it } from 'vitest';
import type { FrameSample, SocketSample } from '../analysis.ts';
import {
  actionStarts,
  clockStartAfter,
  firstCommitOf,
  firstMovingFrame,
  readySentAt,
  startSpread,
} from './ready-analysis.ts';
import type { TappedCommit, TappedVideo } from './room-tap.ts';

/** 60 Hz frames from `start` to `end` (ms) playing from media time `from` (s). */
function frames(start: number, end: number, from: number): FrameSample[] {
  const out: FrameSample[] = [];
  for (let at = start; at <= end; at += 1000 / 60) out.push([at, from + (at - start) / 1000]);
  return out;
}

const video = (fields: Partial<TappedVideo>): TappedVideo => ({
  id: 'a',
  playing: true,
  current_time: 0,
  updated_at: 0,
  rate: 1,
  ...fields,
});

describe('start spread (issue #27 item 5)', () => {
  it('is the last viewer’s first frame minus the first’s, and unknown when one never started', () => {
    expect(startSpread([1000, 1040, 1100, 1010])).toBe(100);
    expect(startSpread([1000])).toBe(0);
    expect(startSpread([1000, null])).toBeNull();
    expect(startSpread([])).toBeNull();
  });

  it('takes a viewer’s start where it keeps playing at the target, not the old position or a blip before a hold', () => {
    const held = [
      ...frames(0, 1000, 50), // the old position
      [1100, 10] as FrameSample, // the seek lands at 10 s
      [1117, 10.017] as FrameSample, // a blip of motion, then the room's wait holds it
      ...frames(3000, 4000, 10.017), // playing from the room's start
    ];
    expect(firstMovingFrame(held, 1000, 10, 5000)).toBeCloseTo(3000 + 1000 / 60, 5);
    expect(firstMovingFrame(frames(0, 2000, 50), 500, 10, 5000)).toBeNull();
    // Seeked into bytes not there yet: 100 ms of motion, a stall, 100 ms more: never playing for 300 ms.
    const chasing = [...frames(1000, 1100, 10), ...frames(2100, 2200, 11)];
    expect(firstMovingFrame(chasing, 1000, 10, 5000)).toBeNull();
  });

  it('finds each action’s commit, the room’s start (brought forward by the last ready) and the spread', () => {
    const commits: TappedCommit[] = [
      [900, 5, video({ id: 'a', current_time: 40, updated_at: 0 }), []],
      // The select waits up to 3 s for two viewers, then the last ready starts it at 1800.
      [1010, 6, video({ id: 'b', current_time: 0, updated_at: 4000 }), ['k1', 'k2']],
      [1500, 7, video({ id: 'b', current_time: 0, updated_at: 4000 }), ['k2']],
      [1805, 8, video({ id: 'b', current_time: 0, updated_at: 1800 }), []],
      // A report after the start moves nothing back.
      [2500, 9, video({ id: 'b', current_time: 0.7, updated_at: 2500 }), []],
    ];
    expect(firstCommitOf(commits, 'select', 1000, 9000)).toBe(1);
    expect(firstCommitOf(commits, 'seek', 1000, 9000)).toBe(-1);
    expect(clockStartAfter(commits, 1)).toBe(1800);
    const socket: SocketSample[] = [[1490, 'out', '4217["playback:ready",{"id":"b","startsAt":4000}]']];
    expect(readySentAt(socket, 1010, 9000)).toBe(1490);
    const viewers = [1820, 1830, 1900].map((at) => ({ frames: frames(at - 100, at + 1000, -0.1), socket: [] }));
    const [start] = actionStarts([{ at: 1000, label: 'select 2', kind: 'select' }], commits, viewers, 9000);
    expect(start?.commitAt).toBe(1010);
    expect(start?.waitMs).toBe(790);
    expect(start?.waitedFor).toEqual(['k1', 'k2']);
    expect(start?.allReadyInTime).toBe(true);
    expect(start?.spreadMs).toBeCloseTo(80, 0);
  });
});
