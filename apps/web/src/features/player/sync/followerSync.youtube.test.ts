import {
  SYNC_TICK_MS,
  YOUTUBE_CONTROLLER_RECHECK_MS,
  YOUTUBE_RATE_SETTLE_MS,
  YOUTUBE_SEEK_SETTLE_MS,
} from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { flush, syncRoom, youtubeFollower } from '../../../test/fakeSyncRoom.ts';

/** A YouTube follower in step whose one running seek so far stood still 0.4 s: its seeks aim that far ahead (R30). */
async function timedYouTubeFollower() {
  const room = await youtubeFollower();
  room.elapse(10_000); // out of the storm window of the join's seek (R82)
  room.player.time -= 1;
  room.sync.tick();
  const target = room.player.seeks[1] as number;
  room.elapse(400);
  room.player.time = target; // stood still for the 0.4 s
  room.event('seeked');
  room.elapse(10_000);
  room.player.time = room.expected();
  room.player.rateCalls = [];
  return room;
}

describe('PlaybackSync as a YouTube follower (R80–R82, R92, R125)', () => {
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

  it("R125: follows a controller's seek at the room's position, not ahead by its own seek's stall", async () => {
    const room = await timedYouTubeFollower(); // its running seeks stand still 0.4 s
    // The host seeked in YouTube's controls: it reports its target while its player buffers there.
    room.setReference(6, { playing: true, current_time: 60 });
    expect(room.player.seeks).toHaveLength(3);
    expect(room.player.seeks[2]).toBeCloseTo(60, 9);
  });

  it('R125: leaves where its seek landed alone until the controller re-anchors, then follows that anchor', async () => {
    const room = await timedYouTubeFollower();
    room.setReference(6, { playing: true, current_time: 60 });
    // Landed 0.3 s later on a coarse boundary, while the controller still buffers at 60: the room's clock has run on.
    room.elapse(300);
    room.player.time = 59.9;
    room.event('seeked');
    room.elapse(250);
    room.sync.tick(); // 0.65 s behind the room's clock: it would seek again
    // The controller, still buffering, re-anchors the room at its target once more: it still stands there.
    room.setReference(7, { playing: true, current_time: 60.005 });
    room.elapse(250);
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(3);
    expect(room.player.rateCalls).toEqual([]);
    // The controller plays and re-anchors the room, 0.25 s ahead of this player: followed at once, by a nudge.
    room.setReference(8, { playing: true, current_time: room.player.time + 0.25 });
    expect(room.player.seeks).toHaveLength(3);
    expect(room.player.rateCalls).toEqual([1.5]);
  });

  it('R125: corrects again on its own once a seek has had time to settle without a re-anchor', async () => {
    const room = await timedYouTubeFollower();
    room.setReference(6, { playing: true, current_time: 60 });
    room.elapse(300);
    room.player.time = 59.5;
    room.event('seeked');
    room.elapse(YOUTUBE_SEEK_SETTLE_MS - 300 - 1);
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(3);
    room.elapse(1);
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(4);
  });

  it('R125: after a start the room held (R122) begins, leaves where it landed alone until the controller re-anchors', async () => {
    const room = await youtubeFollower();
    room.setReference(6, { playing: true, current_time: 60, updated_at: room.serverNow() + 2000 });
    expect(room.player.isPaused).toBe(true);
    expect(room.player.seeks).toEqual([10, 60]);
    room.elapse(300);
    room.player.time = 59.6; // landed on a coarse boundary, as the controller's seek did
    room.event('seeked');
    room.elapse(1700); // the start: the player plays with the controller's
    expect(room.player.isPaused).toBe(false);
    room.player.rateCalls = [];
    room.elapse(250);
    room.sync.tick(); // 0.4 s behind the room's clock, in step with the controller
    expect(room.player.rateCalls).toEqual([]);
    // The controller re-checks its player (R83) and re-anchors the room where it plays: followed at once.
    room.setReference(7, { playing: true, current_time: room.player.time + 0.1 });
    expect(room.player.rateCalls).toEqual([1.25]);
    expect(room.player.seeks).toHaveLength(2);
  });

  it('R125: a held start it did not seek for (a play from the pause where it stands) is followed at once', async () => {
    const room = await youtubeFollower();
    room.setReference(6, { playing: false, current_time: room.player.time });
    room.elapse(10_000);
    room.player.time = room.expected() - 0.2; // paused 0.2 s off: R80 leaves it there
    room.sync.tick();
    const seeks = room.player.seeks.length;
    room.setReference(7, { playing: true, current_time: room.expected(), updated_at: room.serverNow() + 2000 });
    room.elapse(2000); // the start
    expect(room.player.isPaused).toBe(false);
    room.player.rateCalls = [];
    room.elapse(250);
    room.sync.tick();
    expect(room.player.rateCalls).toEqual([1.5]);
    expect(room.player.seeks).toHaveLength(seeks);
  });

  it('R125: after a held start begins, corrects on its own when no re-anchor comes in time', async () => {
    const room = await youtubeFollower();
    room.setReference(6, { playing: true, current_time: 60, updated_at: room.serverNow() + 2000 });
    room.elapse(300);
    room.player.time = 59.6;
    room.event('seeked');
    room.elapse(1700);
    room.player.rateCalls = [];
    room.elapse(YOUTUBE_CONTROLLER_RECHECK_MS + SYNC_TICK_MS - 1);
    room.sync.tick();
    expect(room.player.rateCalls).toEqual([]);
    room.elapse(1);
    room.sync.tick();
    expect(room.player.rateCalls).toEqual([1.5]);
  });

  it('R125: a re-anchor under a second off is no seek of the controller: the seek still aims ahead', async () => {
    const room = await timedYouTubeFollower();
    // The host stood still 0.7 s (a stall) and re-anchors the room where it plays.
    const expected = room.expected() - 0.7;
    room.setReference(6, { playing: true, current_time: expected });
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
