import { describe, expect, it } from 'vitest';
import { flush, playingController, playingFollower, syncRoom, VIDEO } from '../../../test/fakeSyncRoom.ts';

describe('PlaybackSync across a change of role (R55)', () => {
  it('takes control in place when made co-host: no rewind of a freshly started video, then drives (R55)', async () => {
    // A follower that joined a video the host started from 0 a moment ago, and follows it.
    const room = syncRoom();
    room.setReference(5, { playing: true, current_time: 0 });
    room.elapse(1200);
    room.event('ready');
    await flush();
    room.event('play');
    room.event('playing');
    room.elapse(1500);
    room.sync.setController(true);
    room.sync.tick();
    room.setReference(6, { playing: true, current_time: 2.7 });
    // Still in step: nothing to report, and above all not its own start as the room's position.
    expect(room.reports).toEqual([]);
    room.player.pause();
    room.event('pause');
    expect(room.reports).toEqual([{ id: VIDEO, playing: false, position: 2.7, rate: 1 }]);
    room.sync.setController(false);
    await room.answerReport(7);
    room.player.play();
    room.event('play');
    expect(room.reports).toHaveLength(1);
  });

  it('R55: a report still out when control is revoked is answered, and what was queued behind it is not sent', async () => {
    const room = await playingController();
    room.player.pause();
    room.event('pause');
    room.player.time = 30; // and a seek while the pause is out
    room.event('seeked');
    room.sync.setController(false);
    await room.answerReport(6);
    expect(room.reports).toHaveLength(1);
  });

  it('R55, R88: a player the browser paused while its viewer followed still waits for the tap once it drives', async () => {
    const room = await playingFollower();
    room.setHidden(true);
    room.player.isPaused = true; // the browser pauses the background video
    room.event('pause');
    room.sync.setController(true);
    const playCalls = room.player.playCalls;
    room.elapse(1000);
    room.sync.tick();
    room.setHidden(false);
    expect(room.player.playCalls).toBe(playCalls);
    expect(room.reports).toEqual([]);
    room.sync.resumeAfterBrowserPause(); // the tap
    expect(room.browserPauses).toEqual([true, false]);
    expect(room.player.playCalls).toBe(playCalls + 1);
    expect(room.player.seeks.at(-1)).toBeCloseTo(room.expected(), 3);
  });

  it('R55, R88: a player the browser pauses just after its viewer lost control is not started behind its back', async () => {
    const room = await playingController();
    room.setHidden(true);
    room.sync.tick(); // its last check as a controller sees it playing
    room.sync.setController(false);
    room.player.isPaused = true; // the browser pauses it; the 'pause' event is still queued
    const playCalls = room.player.playCalls;
    room.elapse(1000);
    room.sync.tick();
    expect(room.player.playCalls).toBe(playCalls);
    expect(room.browserPauses).toEqual([true]);
  });
});
