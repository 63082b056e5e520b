import { YOUTUBE_RATE_SETTLE_MS, YOUTUBE_SEEK_SETTLE_MS } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { flush, syncRoom, youtubeFollower } from '../../../test/fakeSyncRoom.ts';

describe('PlaybackSync as a YouTube follower (R80–R82, R92)', () => {
  it('holds a fixed YouTube rate for as long as the gap takes, through ticks, then the room rate (R80, R81)', async () => {
    const room = await youtubeFollower();
    const expected = room.player.time;
    room.player.time -= 0.1;
    room.sync.tick();
    expect(room.player.playbackRate).toBe(1.25);
    // Held for the gap plus the two changes' stalls: (0.1 + 0.021) / 0.25 = 0.484 s.
    room.elapse(250);
    room.sync.tick(); // a tick does not cut the nudge short
    expect(room.player.playbackRate).toBe(1.25);
    room.elapse(233);
    expect(room.player.playbackRate).toBe(1.25);
    room.elapse(1);
    expect(room.player.playbackRate).toBe(1);
    expect(room.player.time).toBeCloseTo(expected + 0.484, 9);
    expect(room.player.seeks).toHaveLength(1);
    // Past its threshold it seeks.
    room.player.time -= 0.6;
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(2);
  });

  it('sends the end of a nudge even while YouTube still reports the rate it leaves (R81)', async () => {
    const room = await youtubeFollower();
    room.player.time += 0.1;
    room.sync.tick();
    expect(room.player.rateCalls).toEqual([0.75]);
    // getPlaybackRate() is the player's last report: the change has not come back yet.
    room.player.playbackRate = 1;
    room.elapse(400);
    expect(room.player.rateCalls).toEqual([0.75, 1]);
  });

  it('ends a YouTube nudge early when the room changes under it (R81)', async () => {
    const room = await youtubeFollower();
    room.player.time -= 0.3;
    room.sync.tick();
    expect(room.player.playbackRate).toBe(1.5);
    room.setReference(6, { playing: false, current_time: room.player.time });
    expect(room.player.playbackRate).toBe(1);
    expect(room.player.isPaused).toBe(true);
    expect(room.pendingTimers()).toBe(0);
  });

  it("times a YouTube seek to the player's next state, aims the next one ahead by it, judges at once (R81)", async () => {
    const room = await youtubeFollower();
    room.elapse(10_000); // out of the storm window of the join's seek
    room.player.time -= 1;
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(2);
    const target = room.player.seeks[1] as number;
    room.elapse(400);
    room.player.time = target + 0.25; // stood still for 0.15 s of the 0.4, landed on a coarse boundary
    room.event('seeked'); // the adapter's stand-in: the first PLAYING after its seek
    // Judged at once: 0.15 s behind is nudged, not left for the next tick.
    expect(room.player.playbackRate).toBe(1.25);
    room.elapse(10_000);
    room.player.time -= 2;
    const expected = room.player.time + 2;
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(3);
    expect(room.player.seeks[2]).toBeCloseTo(expected + 0.4, 9);
  });

  it('makes at most two corrective YouTube seeks in 10 s, but follows the room at once (R82)', async () => {
    const room = await youtubeFollower(); // the join's seek is the first
    room.player.time -= 1;
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(2);
    room.elapse(YOUTUBE_SEEK_SETTLE_MS);
    room.player.time -= 1;
    room.sync.tick();
    room.elapse(250);
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(2);
    room.setReference(6, { playing: true, current_time: 60 });
    expect(room.player.seeks).toEqual([10, expect.any(Number), 60]);
    room.elapse(10_000 - YOUTUBE_SEEK_SETTLE_MS);
    room.player.time -= 1;
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(4);
  });

  it('leaves a paused YouTube player within 250 ms where it is (R80)', async () => {
    const room = await youtubeFollower();
    room.setReference(6, { playing: false, current_time: 20 });
    expect(room.player.isPaused).toBe(true);
    expect(room.player.seeks).toHaveLength(2);
    room.player.time = 20.2;
    room.elapse(10_000); // settled, and out of the storm window (R82)
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(2);
    room.player.time = 20.3;
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(3);
  });

  it("waits for the controller's re-anchor after the room's rate changes, but still seeks far off (R92)", async () => {
    const room = await youtubeFollower();
    room.setReference(6, { playing: true, current_time: room.player.time, rate: 1.5 });
    expect(room.player.rateCalls).toEqual([1.5]);
    // Its media clock ran at the old rate a moment, as the controller's did: 65 ms behind the anchor, with the controller.
    room.player.time -= 0.065;
    room.elapse(250);
    room.sync.tick();
    room.elapse(250);
    room.sync.tick();
    expect(room.player.rateCalls).toEqual([1.5]);
    // The controller's re-anchor: the follower was in step with it all along.
    room.setReference(7, { playing: true, current_time: room.player.time, rate: 1.5 });
    room.elapse(YOUTUBE_RATE_SETTLE_MS);
    room.sync.tick();
    expect(room.player.rateCalls).toEqual([1.5]);
    // A gap with no re-anchor is nudged once the new rate has settled.
    room.player.time -= 0.065;
    room.sync.tick();
    expect(room.player.rateCalls).toEqual([1.5, 1.75]);
  });

  it('seeks while the new rate settles when it is far off (R92)', async () => {
    const room = await youtubeFollower();
    room.elapse(10_000); // out of the storm window of the join's seek (R82)
    room.setReference(6, { playing: true, current_time: room.player.time, rate: 1.5 });
    room.player.time -= 0.6;
    room.elapse(250);
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(2);
  });

  it('mutes and starts again on the next check when the browser blocks a start with sound (R33)', async () => {
    const room = syncRoom({ kind: 'youtube' });
    room.event('ready');
    await flush();
    expect(room.player.playCalls).toBe(1);
    // The YouTube player accepts playVideo() and tells afterwards that the browser blocked it.
    room.player.isPaused = true;
    room.event('blocked');
    expect(room.refused()).toBe(1);
    room.elapse(YOUTUBE_SEEK_SETTLE_MS); // the IFrame player settles after the seek it joined with
    room.sync.tick();
    expect(room.player.playCalls).toBe(2);
  });

  it('starts the looped item once a YouTube seek from the end lands, though it still reads the end meanwhile (R63, R81)', async () => {
    const room = syncRoom({ kind: 'youtube' });
    room.player.length = 12;
    room.event('ready');
    await flush();
    room.event('seeked');
    room.elapse(2000);
    room.player.time = 12;
    room.player.isPaused = true;
    room.event('ended');
    room.elapse(YOUTUBE_SEEK_SETTLE_MS);
    // seekTo is asynchronous: getCurrentTime() reads the end until the player's next state.
    const targets: number[] = [];
    room.player.seek = (seconds) => targets.push(seconds);
    room.setReference(6, { playing: true, current_time: 0 });
    expect(targets).toEqual([0]);
    room.elapse(300);
    room.player.time = 0;
    room.event('seeked'); // PAUSED at 0, where the seek landed
    await flush();
    expect(room.player.paused()).toBe(false);
    room.elapse(1000);
    room.sync.tick();
    // Started as the seek landed, 0.3 s behind the room: a nudge's worth, no second seek.
    expect(room.expected() - room.player.time).toBeLessThan(0.5);
    expect(targets).toEqual([0]);
  });
});
