import { SYNC_DEADBAND_SECONDS, YOUTUBE_SEEK_SETTLE_MS } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { flush, rates, syncRoom } from '../../../test/fakeSyncRoom.ts';

describe('PlaybackSync as a follower (R30)', () => {
  it('lands where the room is when it joins late, and plays', async () => {
    const room = syncRoom();
    room.elapse(7000); // the room has been playing for 7 s since its reference
    room.event('ready');
    expect(room.player.seeks).toEqual([17]);
    expect(room.player.playCalls).toBe(1);
    await flush();
    expect(room.player.paused()).toBe(false);
  });

  it('does nothing inside the dead band and restores the room rate', async () => {
    const room = syncRoom();
    room.event('ready');
    await flush();
    room.event('seeked');
    room.player.time = 10 + SYNC_DEADBAND_SECONDS / 2;
    room.player.playbackRate = 1.1;
    room.sync.tick();
    expect(room.player.playbackRate).toBe(1);
    expect(room.player.seeks).toEqual([10]);
  });

  it('nudges its rate for a small error, then returns to the room rate once caught up', async () => {
    const room = syncRoom();
    room.event('ready');
    await flush();
    room.event('seeked');
    room.player.time -= 0.08; // 80 ms behind
    room.sync.tick();
    expect(room.player.playbackRate).toBeGreaterThan(1);
    expect(room.player.seeks).toHaveLength(1);
    for (let tick = 0; tick < 6; tick++) {
      room.elapse(250);
      room.sync.tick();
    }
    const error = 10 + 1.5 - room.player.time;
    expect(Math.abs(error)).toBeLessThan(SYNC_DEADBAND_SECONDS);
    expect(room.player.playbackRate).toBe(1);
  });

  it('R94: ends a nudge on a timer once what is left closes before the next tick; hidden, per tick', async () => {
    const room = syncRoom();
    room.event('ready');
    await flush();
    room.event('seeked');
    room.player.time += 0.03; // 30 ms ahead: the stretch's start does most of it, a short timed hold the rest
    room.sync.tick();
    expect(rates(room)).toEqual([0.925]);
    expect(room.pendingTimers()).toBe(1);
    room.elapse(100);
    expect(rates(room)).toEqual([0.925]);
    room.elapse(10);
    expect(rates(room)).toEqual([0.925, 1]);

    const hidden = syncRoom();
    hidden.event('ready');
    await flush();
    hidden.event('seeked');
    hidden.setHidden(true);
    hidden.player.time += 0.03;
    hidden.sync.tick();
    expect(rates(hidden)).toEqual([0.925]);
    expect(hidden.pendingTimers()).toBe(0); // a hidden page's timers are throttled: the next tick decides
  });

  it('R94: carries a nudge under way into the dead band at the rate it has, and ends it on a timer', async () => {
    const room = syncRoom();
    room.event('ready');
    await flush();
    room.event('seeked');
    room.player.time -= 0.06; // 60 ms behind: R29's rate, 1.15, held past the next tick
    room.sync.tick();
    expect(rates(room)).toEqual([1.15]);
    expect(room.pendingTimers()).toBe(0);
    room.elapse(250);
    room.sync.tick(); // 22.5 ms behind: the same rate, no change to pay for, ended on a timer
    expect(rates(room)).toEqual([1.15]);
    expect(room.pendingTimers()).toBe(1);
    room.elapse(250);
    expect(rates(room)).toEqual([1.15, 1]);
  });

  it('seeks for a large error, aiming ahead by the seek time it measured on a running player', async () => {
    const room = syncRoom();
    room.event('ready');
    await flush();
    room.elapse(400); // the seek before the start took long: it includes the start, so it is not timed
    room.event('seeked');
    room.player.time = 30; // far off, while playing
    room.sync.tick();
    expect(room.player.seeks.at(-1)).toBeCloseTo(10.4, 5);
    room.player.isPaused = true; // a seek stalls the player for 120 ms
    room.elapse(120);
    room.player.isPaused = false;
    room.event('seeked');
    room.player.time = 50;
    room.sync.tick();
    expect(room.player.seeks.at(-1)).toBeCloseTo(10.52 + 0.12, 5);
  });

  it('R132: aims a seek into media it has buffered by what such seeks took, not by a seek that waited for the network', async () => {
    const room = syncRoom();
    let buffered = false;
    room.player.buffersAt = () => buffered;
    room.event('ready');
    await flush();
    room.elapse(400);
    room.event('seeked');
    // A far seek into media not buffered waits 400 ms for the network.
    room.player.time = 30;
    room.sync.tick();
    room.player.isPaused = true;
    room.elapse(400);
    room.player.isPaused = false;
    room.event('seeked');
    // Back into what it has: no lead learnt for such seeks yet, so it aims at the room's position.
    buffered = true;
    room.player.time = 50;
    room.sync.tick();
    expect(room.player.seeks.at(-1)).toBeCloseTo(room.expected(), 5);
    room.player.isPaused = true;
    room.elapse(40);
    room.player.isPaused = false;
    room.event('seeked');
    room.player.time = 60;
    room.sync.tick();
    expect(room.player.seeks.at(-1)).toBeCloseTo(room.expected() + 0.04, 5);
    // Out of what it has again: the network's lead.
    buffered = false;
    room.event('seeked');
    room.player.time = 70;
    room.sync.tick();
    expect(room.player.seeks.at(-1)).toBeCloseTo(room.expected() + 0.4, 5);
  });

  it('waits for a seek to finish before judging again', async () => {
    const room = syncRoom();
    room.event('ready');
    await flush();
    room.player.time = 50;
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(1); // the first seek is still in flight
    room.event('seeked');
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(2);
  });

  it('pauses with the room and stands exactly on its position', async () => {
    const room = syncRoom();
    room.event('ready');
    await flush();
    room.event('seeked');
    room.elapse(2000);
    room.setReference(6, { playing: false, current_time: 11.95 });
    expect(room.player.paused()).toBe(true);
    expect(room.player.seeks.at(-1)).toBe(11.95);
  });

  it('follows a rate change of the room', async () => {
    const room = syncRoom();
    room.event('ready');
    await flush();
    room.event('seeked');
    room.setReference(6, { current_time: 10, rate: 1.5 });
    expect(room.player.playbackRate).toBe(1.5);
  });

  it('asks to be muted when the browser refuses to start with sound, and retries on the next tick', async () => {
    const room = syncRoom();
    room.player.refusePlay = true;
    room.event('ready');
    await flush();
    expect(room.refused()).toBe(1);
    room.player.refusePlay = false;
    room.event('seeked');
    room.sync.tick();
    await flush();
    expect(room.player.paused()).toBe(false);
  });

  it('does not restart a video it has finished while the room is at its end too', async () => {
    const room = syncRoom();
    room.player.length = 12;
    room.event('ready');
    await flush();
    room.event('seeked');
    room.elapse(2000);
    room.player.isPaused = true; // ended
    room.sync.tick();
    expect(room.player.playCalls).toBe(1);
  });

  it.each(['media', 'youtube'] as const)(
    'starts over from 0 when the room loops the %s item it has finished: same id, a newer updated_at (R63, R10)',
    async (kind) => {
      const room = syncRoom({ kind });
      room.player.length = 12;
      room.event('ready');
      await flush();
      room.event('seeked');
      room.elapse(2000); // plays to the end, where the player stops by itself
      room.player.time = 12;
      room.player.isPaused = true;
      room.event('pause');
      room.event('ended');
      room.elapse(YOUTUBE_SEEK_SETTLE_MS);
      room.sync.tick();
      const plays = room.player.playCalls;
      // The controller's player ended too; with the loop on 'one' the server selects the same item again.
      room.setReference(6, { playing: true, current_time: 0 });
      expect(room.player.seeks.at(-1)).toBeCloseTo(0, 1);
      expect(room.player.playCalls).toBe(plays + 1);
      await flush();
      expect(room.player.paused()).toBe(false);
      room.event('seeked');
      room.event('playing');
      room.elapse(1000);
      room.sync.tick();
      expect(room.player.time).toBeCloseTo(room.expected(), 1);
      expect(room.expected()).toBeCloseTo(1, 1);
      expect(room.reports).toEqual([]);
    },
  );

  it('sends nothing to the room, whatever its player does', async () => {
    const room = syncRoom();
    room.event('ready');
    await flush();
    room.player.isPaused = true;
    room.event('pause');
    room.event('ended');
    room.event('error');
    room.sync.heartbeat();
    expect(room.reports).toEqual([]);
    expect(room.ends).toEqual([]);
  });
});
