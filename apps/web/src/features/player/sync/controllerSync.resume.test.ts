import { describe, expect, it } from 'vitest';
import { playingController, VIDEO } from '../../../test/fakeSyncRoom.ts';

/** Chromium's currentTime at play() after a pause without a seek: up to 83 ms ahead (bench/sync/resume-jump.ts). */
const JUMP = 0.07;

/** A controller whose user paused at 11 s, the room paused there (version 6), two seconds ago. */
async function pausedController() {
  const room = await playingController();
  room.elapse(1000);
  room.player.pause();
  room.event('pause');
  await room.answerReport(6);
  room.setReference(6, { playing: false, current_time: 11 });
  room.elapse(2000);
  return room;
}

/** The user presses play: Chromium's currentTime jumps ahead of the frame the player starts from. */
function userPlays(room: Awaited<ReturnType<typeof pausedController>>, jump = JUMP) {
  room.player.time += jump;
  room.player.isPaused = false;
  room.event('play');
  room.event('playing');
}

describe('A controller’s start from a pause (R116)', () => {
  it('R116: reports the start at the position the room paused at, not where currentTime jumped', async () => {
    const room = await pausedController();
    userPlays(room);
    expect(room.reports.at(-1)).toEqual({ id: VIDEO, playing: true, position: 11, rate: 1 });
  });

  it('R116: leaves its player alone while the jump plays out, and corrects it once it has', async () => {
    const room = await pausedController();
    userPlays(room);
    await room.answerReport(7);
    room.setReference(7, { playing: true, current_time: 11 });
    room.sync.tick();
    // 70 ms ahead of the room by currentTime, which stands still until the media catches up: no nudge back.
    expect(room.player.rateCalls).toEqual([]);
    room.sync.heartbeat(); // nor a re-anchor of the room on the jump
    expect(room.reports).toHaveLength(2);
    // The jump has played out (the player stood still 70 ms, then ran): on time, nothing to do.
    room.elapse(100);
    room.player.time = 11.1;
    room.sync.tick();
    expect(room.player.rateCalls).toEqual([]);
    // A real drift afterwards is the controller's to correct, as ever (R31).
    room.elapse(250);
    room.player.time += 0.06;
    room.sync.tick();
    expect(room.player.playbackRate).toBeLessThan(1);
  });

  it('R116: follows a room that moved elsewhere while the jump played out', async () => {
    const room = await pausedController();
    userPlays(room);
    await room.answerReport(7);
    room.setReference(8, { playing: true, current_time: 80 }); // another controller's seek, 0 ms later
    expect(room.player.seeks).toEqual([80]);
  });

  it('R116: a seek while paused still reports its new position, and the start from there', async () => {
    const room = await pausedController();
    room.player.time = 40;
    room.event('seeked');
    userPlays(room, 0); // before the room has heard of the seek
    expect(room.reports.at(-1)).toEqual({ id: VIDEO, playing: false, position: 40, rate: 1 });
    await room.answerReport(7);
    // Queued behind it, the start is judged against the seek's commit and reported from 40, not the room's 11.
    expect(room.reports.at(-1)).toEqual({ id: VIDEO, playing: true, position: 40, rate: 1 });
  });

  it('R116: a start far from where the room paused (its seek unheard) reports where the player is', async () => {
    const room = await pausedController();
    room.player.time = 11.5; // moved while paused, reported by nothing the room has
    userPlays(room, 0);
    expect(room.reports.at(-1)).toMatchObject({ playing: true, position: 11.5 });
  });
});
