import { describe, expect, it } from 'vitest';
import { flush, playingController, playingFollower, syncRoom, VIDEO } from '../../../test/fakeSyncRoom.ts';

describe('a start that waits (R122)', () => {
  it('a follower holds its player where the room will start, says ready once, and starts when the clock does', async () => {
    const room = await playingFollower();
    // The host seeks to 40 s: the room's clock starts 3 s from now, at 40 s.
    const startsAt = room.serverNow() + 3000;
    room.setReference(6, { playing: true, current_time: 40, updated_at: startsAt });
    expect(room.player.isPaused).toBe(true);
    expect(room.player.seeks.at(-1)).toBeCloseTo(40, 1);
    expect(room.readies).toEqual([]);
    room.event('seeked');
    expect(room.readies).toEqual([`${VIDEO}@${startsAt}`]);
    room.elapse(1000);
    room.event('canplay');
    // Still held, said once.
    expect(room.player.isPaused).toBe(true);
    expect(room.readies).toHaveLength(1);
    // The check set for the start plays it on time, not at the next tick.
    room.elapse(2000);
    await flush();
    expect(room.player.isPaused).toBe(false);
    expect(room.player.time).toBeCloseTo(40, 1);
  });

  it('a start brought forward is followed at its new time; a media player without data is not ready', async () => {
    const room = await playingFollower();
    let ready = false;
    room.player.canPlay = () => ready;
    const startsAt = room.serverNow() + 3000;
    room.setReference(6, { playing: true, current_time: 0, updated_at: startsAt });
    room.event('seeked');
    expect(room.readies).toEqual([]);
    ready = true;
    room.event('canplay');
    expect(room.readies).toEqual([`${VIDEO}@${startsAt}`]);
    // Everyone was ready: the start comes 200 ms from now.
    const sooner = room.serverNow() + 200;
    room.setReference(7, { playing: true, current_time: 0, updated_at: sooner });
    room.elapse(199);
    expect(room.player.isPaused).toBe(true);
    room.elapse(1);
    await flush();
    expect(room.player.isPaused).toBe(false);
  });

  it('a controller holds its player too and reports nothing while the start waits', async () => {
    const room = syncRoom({ isController: true });
    room.setReference(5, { playing: false, current_time: 20 });
    room.player.time = 20;
    room.event('ready');
    await flush();
    const startsAt = room.serverNow() + 3000;
    room.setReference(6, { playing: true, current_time: 20, updated_at: startsAt });
    room.elapse(1000);
    expect(room.player.isPaused).toBe(true);
    expect(room.reports).toEqual([]);
    expect(room.readies).toEqual([`${VIDEO}@${startsAt}`]);
    room.elapse(2000);
    await flush();
    expect(room.player.isPaused).toBe(false);
  });

  it('a fresh item whose start the room held starts on the room’s clock: the controller reports no start of its own', async () => {
    // Before the gate, a controller played a fresh item from 0 and the room followed its report. A held start is
    // the room's: reported late (a busy host page), "playing at 0" would take everyone back, and from more than
    // 1 s behind the clock it would even hold the whole room again (R122's gate on a far re-anchor).
    for (const heardLateMs of [0, 1200]) {
      const room = syncRoom({ isController: true });
      const startsAt = room.serverNow() + 3000;
      room.setReference(5, { playing: true, current_time: 0, updated_at: startsAt });
      room.player.time = 0;
      room.event('ready');
      await flush();
      expect(room.readies).toEqual([`${VIDEO}@${startsAt}`]);
      // Everyone was ready: the start comes 250 ms after that commit; a busy page hears of it late.
      room.elapse(heardLateMs);
      room.setReference(6, { playing: true, current_time: 0, updated_at: room.serverNow() + 250 - heardLateMs });
      room.elapse(Math.max(0, 250 - heardLateMs));
      await flush();
      expect(room.player.isPaused).toBe(false);
      if (heardLateMs > 0) {
        expect(room.player.seeks.at(-1)).toBeCloseTo(heardLateMs / 1000 - 0.25, 1);
        room.event('seeked');
      }
      room.event('play');
      room.event('playing');
      expect(room.reports).toEqual([]);
    }
  });

  it('a busy controller page whose tick comes before the start’s own check starts where the room’s clock is', async () => {
    const room = syncRoom({ isController: true });
    const startsAt = room.serverNow() + 250;
    room.setReference(5, { playing: true, current_time: 0, updated_at: startsAt });
    room.player.time = 0;
    room.event('ready');
    await flush();
    room.busy(1500); // the start came while the page was busy; its tick runs first
    room.sync.tick();
    await flush();
    expect(room.player.isPaused).toBe(false);
    expect(room.player.seeks.at(-1)).toBeCloseTo(1.25, 1);
    room.event('seeked');
    room.event('play');
    room.event('playing');
    room.elapse(1000);
    room.sync.tick();
    expect(room.reports).toEqual([]);
  });

  it('a seek by the controller’s user while its player stands held moves the start; it does not pause the room', async () => {
    const room = await playingController();
    room.setReference(6, { playing: true, current_time: 20, updated_at: room.serverNow() + 3000 });
    room.event('pause');
    room.event('seeked');
    expect(room.player.isPaused).toBe(true);
    expect(room.reports).toEqual([]);
    // The user drags the timeline during 'Đang chờ…': the player is paused by the hold, not by the user.
    room.player.time = 40;
    room.event('seeked');
    expect(room.reports).toEqual([{ id: VIDEO, playing: true, position: 40, rate: 1 }]);
    await room.answerReport(7);
    // The start came (its time passed before this page started its player): still the hold's pause, not the user's.
    room.setReference(7, { playing: true, current_time: 40, updated_at: room.serverNow() + 3000 });
    room.player.pause = () => {};
    room.player.play = () => new Promise(() => {}); // a start under way
    room.elapse(3000);
    room.player.time = 55;
    room.event('seeked');
    expect(room.reports.at(-1)).toMatchObject({ playing: true, position: 55 });
  });

  it('an ordinary commit that reads a few ms ahead of this clock does not pause a playing follower', async () => {
    const room = await playingFollower();
    room.elapse(1000);
    expect(room.player.isPaused).toBe(false);
    room.setReference(6, { playing: true, current_time: room.expected(), updated_at: room.serverNow() + 40 });
    expect(room.player.isPaused).toBe(false);
    expect(room.readies).toEqual([]);
  });

  it('a controller slow to hear its hold does not report the hold as the user pausing once the start has come', async () => {
    const room = await playingController();
    // Its user played: the room's start waits 3 s at 8 s; the player, playing at 10, is held there (pause, seek).
    room.setReference(6, { playing: true, current_time: 8, updated_at: room.serverNow() + 3000 });
    expect(room.player.isPaused).toBe(true);
    expect(room.player.seeks.at(-1)).toBeCloseTo(8, 1);
    // Everyone was ready: the start came before the hold's own events did.
    room.setReference(7, { playing: true, current_time: 8, updated_at: room.serverNow() - 10 });
    room.event('pause');
    room.event('seeked');
    await flush();
    expect(room.reports).toEqual([]);
    room.sync.tick();
    await flush();
    expect(room.player.isPaused).toBe(false);
  });
});
