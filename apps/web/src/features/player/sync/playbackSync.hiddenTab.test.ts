import { ClockOffsetEstimator, SYNC_DEADBAND_SECONDS } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { FakePlayer, flush, playingFollower, type SyncRoom, syncRoom, T0 } from '../../../test/fakeSyncRoom.ts';

describe('PlaybackSync in a hidden tab and on bad input (R85–R89)', () => {
  /** Ticks every `everyMs` for `forMs`, finishing each seek as a media element does; returns the seeks made. */
  function run(room: SyncRoom, forMs: number, everyMs: number, drift = 0): number {
    const before = room.player.seeks.length;
    for (let at = 0; at < forMs; at += everyMs) {
      room.elapse(everyMs);
      room.player.time += (everyMs / 1000) * drift;
      room.sync.tick();
      if (room.player.seeks.length > before) room.event('seeked');
    }
    return room.player.seeks.length - before;
  }

  it('R87: hidden 30 s with ticks throttled to 1 s, then shown: back within 100 ms at once, no seek storm', async () => {
    const room = await playingFollower();
    room.setHidden(true);
    // The browser runs the player 2 % slow while hidden (its video track suspended) and ticks once a second.
    const hiddenSeeks = run(room, 30_000, 1000, -0.02);
    room.player.time -= 0.6; // and it resumes the video track behind on showing the page
    const seeksBeforeShowing = room.player.seeks.length;
    room.setHidden(false);
    room.event('seeked');
    expect(Math.abs(room.expected() - room.player.time)).toBeLessThan(0.1); // the check on showing, not a tick later
    run(room, 10_000, 250);
    expect(room.player.seeks.length - seeksBeforeShowing).toBeLessThanOrEqual(2);
    expect(hiddenSeeks).toBeLessThanOrEqual(2);
    expect(Math.abs(room.expected() - room.player.time)).toBeLessThan(SYNC_DEADBAND_SECONDS);
    expect(room.browserPauses).toEqual([]);
  });

  it('R87: the check on showing nudges as after a normal tick, not as slowly as the 30 s gap would', async () => {
    const room = await playingFollower();
    room.sync.tick();
    room.setHidden(true);
    room.elapse(30_000); // a frozen page: no tick at all while hidden
    room.player.time -= 0.08;
    room.setHidden(false);
    // error / 0.4 s, not error / 45 s (1.5 × a 30 s interval).
    expect(room.player.playbackRate).toBeCloseTo(1 + 0.08 / 0.4, 2);
  });

  it('R88: a player the browser paused while hidden is left alone, says so, and one tap resumes it in step', async () => {
    const room = await playingFollower();
    room.setHidden(true);
    run(room, 5000, 1000);
    room.player.isPaused = true; // the browser pauses the background video
    room.event('pause');
    expect(room.browserPauses).toEqual([true]);
    const playCalls = room.player.playCalls;
    expect(run(room, 25_000, 1000)).toBe(0);
    room.setHidden(false);
    expect(run(room, 2000, 250)).toBe(0);
    expect(room.player.playCalls).toBe(playCalls); // no play() behind the viewer's back, hidden or not
    expect(room.reports).toEqual([]);
    room.sync.resumeAfterBrowserPause(); // the tap
    expect(room.player.playCalls).toBe(playCalls + 1);
    expect(room.player.seeks.at(-1)).toBeCloseTo(room.expected(), 3);
    room.event('seeked');
    await flush();
    room.event('playing');
    expect(room.browserPauses).toEqual([true, false]);
    expect(run(room, 10_000, 250)).toBe(0);
    expect(Math.abs(room.expected() - room.player.time)).toBeLessThan(0.1);
  });

  it('R88: the tap lands on the room’s position, not ahead by the lead its slow running seeks taught it', async () => {
    const room = await playingFollower();
    // A busy machine: a seek of the running player stalls it 450 ms, so later running seeks aim 450 ms ahead.
    room.player.time -= 1;
    room.sync.tick();
    room.player.isPaused = true;
    room.elapse(450);
    room.player.isPaused = false;
    room.event('seeked');
    room.setHidden(true);
    room.player.isPaused = true;
    room.event('pause');
    room.elapse(5000);
    room.setHidden(false);
    room.sync.resumeAfterBrowserPause();
    expect(room.player.seeks.at(-1)).toBeCloseTo(room.expected(), 3); // a paused player's seek is quick
    room.event('seeked'); // at once
    await flush();
    room.event('playing');
    expect(run(room, 10_000, 250)).toBe(0);
  });

  it('R88: a check that comes before the browser’s pause event does not restart the player either', async () => {
    const room = await playingFollower();
    room.sync.tick();
    room.setHidden(true);
    room.player.isPaused = true; // paused; its 'pause' event is still queued
    const playCalls = room.player.playCalls;
    room.elapse(250);
    room.sync.tick();
    expect(room.player.playCalls).toBe(playCalls);
    expect(room.browserPauses).toEqual([true]);
    room.event('pause');
    expect(room.browserPauses).toEqual([true]);
  });

  it('R88: a pause of the room meanwhile leaves nothing to resume', async () => {
    const room = await playingFollower();
    room.setHidden(true);
    room.player.isPaused = true;
    room.event('pause');
    room.setReference(6, { playing: false, current_time: 10.5 });
    expect(room.browserPauses).toEqual([true, false]);
    expect(room.player.seeks.at(-1)).toBe(10.5);
  });

  it('R88: only a hidden follower counts a pause as the browser’s; the room’s own pause and the end are not', async () => {
    const shown = await playingFollower();
    shown.player.isPaused = true;
    shown.event('pause');
    expect(shown.browserPauses).toEqual([]);
    const ended = await playingFollower();
    ended.player.length = 10.001;
    ended.setHidden(true);
    ended.player.isPaused = true;
    ended.event('pause');
    expect(ended.browserPauses).toEqual([]);
    const controller = syncRoom({ isController: true });
    controller.event('ready');
    controller.setHidden(true);
    controller.event('pause');
    expect(controller.browserPauses).toEqual([]);
  });

  it('R85: the wall clock set 5 minutes forward then 3 back mid-play moves nothing (monotonic clock, re-estimate)', async () => {
    const local = { t: 0, wallShift: 0 };
    let server = T0;
    const estimator = new ClockOffsetEstimator({ now: () => local.t, wallNow: () => local.t + local.wallShift });
    const pingOnce = (upMs: number, downMs: number) => {
      const sentAt = estimator.localNow();
      estimator.record(sentAt, server + upMs, sentAt + upMs + downMs);
    };
    pingOnce(2, 2);
    estimator.checkJump();
    const room = await playingFollower({ serverNow: () => estimator.serverNow() });
    const seeksBefore = room.player.seeks.length;
    let seeks = 0;
    for (let step = 0; step < 40; step++) {
      local.t += 250;
      server += 250;
      room.elapse(250);
      if (step === 8) local.wallShift = 5 * 60_000;
      if (step === 24) local.wallShift = -3 * 60_000;
      // The page checks the wall clock every second and re-estimates with a few pings when it jumped.
      if (step % 4 === 0 && estimator.checkJump()) for (let i = 0; i < 3; i++) pingOnce(3, 4);
      room.sync.tick();
      seeks = room.player.seeks.length - seeksBefore;
    }
    expect(seeks).toBe(0);
    expect(Math.abs(room.expected() - room.player.time)).toBeLessThan(SYNC_DEADBAND_SECONDS);
  });

  it('R86: ping answers held back 3 s on the way back never move the player', async () => {
    const local = { t: 0 };
    let server = T0;
    const estimator = new ClockOffsetEstimator({ now: () => local.t });
    estimator.record(0, server + 2, 4); // one fast answer at the join
    const room = await playingFollower({ serverNow: () => estimator.serverNow() });
    const seeksBefore = room.player.seeks.length;
    for (let step = 0; step < 40; step++) {
      local.t += 250;
      server += 250;
      room.elapse(250);
      // Every second a ping comes back 3 s late: taken at face value it would put the clock 1.5 s behind.
      if (step % 4 === 0) estimator.record(local.t - 3005, server - 3000, local.t);
      room.sync.tick();
    }
    expect(room.player.seeks.length - seeksBefore).toBe(0);
    expect(Math.abs(room.expected() - room.player.time)).toBeLessThan(SYNC_DEADBAND_SECONDS);
  });

  it('R89: a new player starts even though the one before never finished starting (it never loaded)', async () => {
    const room = syncRoom();
    room.player.play = () => {
      room.player.playCalls += 1;
      return new Promise<void>(() => {}); // no data ever comes: play() never settles
    };
    room.event('ready');
    room.sync.tick();
    expect(room.player.playCalls).toBe(1);
    room.elapse(15_000); // the page says it cannot load (R89); the viewer taps to retry
    const retry = new FakePlayer();
    room.sync.attach(retry); // the viewer's retry mounts a fresh element
    room.sync.handle('ready');
    expect(retry.playCalls).toBe(1);
    expect(room.reports).toEqual([]);
    expect(room.ends).toEqual([]);
  });
});
