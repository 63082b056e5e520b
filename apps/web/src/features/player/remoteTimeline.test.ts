import { describe, expect, it } from 'vitest';
import { RemoteTimeline, SEEK_CONFIRM_TIMEOUT_MS } from './remoteTimeline.ts';

function timeline() {
  let now = 1000;
  const model = new RemoteTimeline(() => now);
  return { model, wait: (ms: number) => (now += ms) };
}

describe('R76 RemoteTimeline', () => {
  it('holds still while paused and advances at the rate from the last report while playing', () => {
    const { model, wait } = timeline();
    model.report(10);
    wait(500);
    expect(model.current()).toBe(10);
    model.setPlaying(true, 10);
    wait(500);
    expect(model.current()).toBeCloseTo(10.5, 6);
    model.setRate(2);
    wait(250);
    expect(model.current()).toBeCloseTo(11, 6);
    model.report(10.9); // the player's own word wins over the model
    expect(model.current()).toBeCloseTo(10.9, 6);
    model.setPlaying(false, 11);
    wait(1000);
    expect(model.current()).toBe(11);
    expect(model.paused).toBe(true);
  });

  it('goes to a seek at once and ignores reports from before it until the player confirms', () => {
    const { model, wait } = timeline();
    model.setPlaying(true, 5);
    model.seek(60);
    wait(100);
    model.report(5.1); // sent before the seek landed
    expect(model.current()).toBeCloseTo(60.1, 6);
    model.setPlaying(true, 5.2); // a play event from before the seek moves nothing either
    expect(model.current()).toBeCloseTo(60.1, 6);
    model.seeked(60.05);
    model.report(60.3);
    expect(model.current()).toBeCloseTo(60.3, 6);
  });

  it(`trusts reports again after ${SEEK_CONFIRM_TIMEOUT_MS} ms without a confirmation`, () => {
    const { model, wait } = timeline();
    model.seek(30);
    wait(SEEK_CONFIRM_TIMEOUT_MS);
    model.report(12);
    expect(model.current()).toBe(12);
  });

  it('never goes below 0 and ignores a report that is not a number', () => {
    const { model } = timeline();
    model.report(-3);
    expect(model.current()).toBe(0);
    model.report(Number.NaN);
    expect(model.current()).toBe(0);
  });
});
