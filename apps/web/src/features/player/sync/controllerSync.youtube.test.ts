import { YOUTUBE_CONTROLLER_RECHECK_MS } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { flush, playingController, syncRoom, VIDEO } from '../../../test/fakeSyncRoom.ts';

describe('PlaybackSync as a YouTube controller (R81, R83, R92)', () => {
  it('never nudges as a YouTube controller: its player is the reference (R81)', async () => {
    const room = syncRoom({ isController: true, kind: 'youtube' });
    room.player.time = 10;
    room.player.isPaused = false;
    room.event('ready');
    await flush();
    room.player.time -= 0.05;
    room.sync.tick();
    expect(room.player.rateCalls).toEqual([]);
    expect(room.reports).toEqual([]);
  });

  it('as a YouTube controller, re-anchors the room beyond the dead band once its player has played a moment (R83)', async () => {
    const room = await playingController('youtube');
    // A seek in YouTube's own controls landed 60 ms short of where the room thinks: under the report threshold.
    room.player.time -= 0.06;
    room.event('playing');
    expect(room.reports).toEqual([]);
    room.elapse(YOUTUBE_CONTROLLER_RECHECK_MS - 1);
    expect(room.reports).toEqual([]);
    room.elapse(1);
    expect(room.reports).toHaveLength(1);
    expect(room.reports[0]?.position).toBeCloseTo(10 - 0.06 + YOUTUBE_CONTROLLER_RECHECK_MS / 1000, 9);
    // In step (inside the dead band), the re-check sends nothing.
    await room.answerReport(6);
    room.setReference(6, { playing: true, current_time: room.player.time });
    room.event('playing');
    room.elapse(YOUTUBE_CONTROLLER_RECHECK_MS);
    expect(room.reports).toHaveLength(1);
  });

  it("as a YouTube controller, re-anchors the room once its player runs at the user's new rate (R92)", async () => {
    const room = await playingController('youtube');
    room.player.playbackRate = 1.5; // the user's choice in YouTube's menu
    room.event('ratechange');
    expect(room.reports).toEqual([{ id: VIDEO, playing: true, position: 10, rate: 1.5 }]);
    await room.answerReport(6);
    room.setReference(6, { playing: true, current_time: 10, rate: 1.5 });
    // Its media clock ran at the old rate for a moment: 65 ms behind the anchor it just sent, under R31's threshold.
    room.player.time -= 0.065;
    room.elapse(YOUTUBE_CONTROLLER_RECHECK_MS - 1);
    expect(room.reports).toHaveLength(1);
    room.elapse(1);
    expect(room.reports).toHaveLength(2);
    expect(room.reports[1]?.position).toBeCloseTo(room.player.time, 9);
    expect(room.reports[1]?.position).toBeLessThan(room.expected() - 0.05);
  });

  it('does not re-check after a rate change it made to follow the room (R92)', async () => {
    const room = await playingController('youtube');
    room.setReference(6, { playing: true, current_time: 10, rate: 1.5 }); // another controller's change
    expect(room.player.rateCalls).toEqual([1.5]);
    room.event('ratechange');
    room.player.time -= 0.065;
    room.elapse(YOUTUBE_CONTROLLER_RECHECK_MS);
    expect(room.reports).toEqual([]);
  });

  it('as an HTML5 controller, keeps the report threshold after it starts playing (R31)', async () => {
    const room = await playingController();
    room.player.time -= 0.06;
    room.event('playing');
    room.elapse(YOUTUBE_CONTROLLER_RECHECK_MS);
    expect(room.reports).toEqual([]);
  });

  it('R106: an embedded player’s late play while the pause it was asked for has not landed is not reported', async () => {
    const room = await playingController('youtube');
    let pauseAsked = 0;
    room.player.pause = () => {
      pauseAsked += 1; // YouTube's pause lands later, by postMessage
    };
    room.event('waiting');
    room.setReference(6, { playing: false, current_time: 10 }); // the other tab pauses
    expect(pauseAsked).toBe(1);
    room.event('play'); // the buffering it was in ends first
    room.event('playing');
    room.elapse(YOUTUBE_CONTROLLER_RECHECK_MS); // R83's re-check finds it "playing" against the paused room
    room.sync.tick();
    expect(room.reports).toEqual([]);
    room.player.isPaused = true;
    room.event('pause'); // the pause lands
    expect(room.reports).toEqual([]);
    expect(room.player.paused()).toBe(true);
  });
});
