import { CONTROLLER_REPORT_THRESHOLD_SECONDS } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { flush, playingController, syncRoom, T0, VIDEO } from '../../../test/fakeSyncRoom.ts';

describe('PlaybackSync as a controller (R31, R32)', () => {
  it('reports a pause by the user, and does not apply states older than its report', async () => {
    const room = await playingController();
    room.elapse(1000);
    room.player.pause();
    room.event('pause');
    expect(room.reports).toEqual([{ id: VIDEO, playing: false, position: 11, rate: 1 }]);
    // A heartbeat state from before the pause arrives meanwhile: it must not restart the player.
    room.setReference(6, { playing: true, current_time: 10.9 });
    expect(room.player.paused()).toBe(true);
    await room.answerReport(7);
    room.sync.tick();
    expect(room.player.paused()).toBe(true);
    room.setReference(7, { playing: false, current_time: 11 });
    expect(room.player.paused()).toBe(true);
    expect(room.reports).toHaveLength(1);
  });

  it('goes back to the room when the room refuses its report', async () => {
    const room = await playingController();
    room.player.pause();
    room.event('pause');
    await room.answerReport('refused');
    expect(room.player.paused()).toBe(false);
  });

  it('keeps a pause made while the room could not hear it, and reports it once the room hears again (R27)', async () => {
    const room = await playingController();
    room.elapse(1000);
    room.player.pause();
    room.event('pause');
    await room.answerReport('unheard');
    expect(room.player.paused()).toBe(true);
    // Ticks while the connection is down: each tries again, none undoes the pause.
    room.sync.tick();
    await room.answerReport('unheard');
    room.sync.tick();
    await room.answerReport('unheard');
    expect(room.player.paused()).toBe(true);
    expect(room.reports).toHaveLength(3);
    expect(room.reports.at(-1)).toMatchObject({ playing: false, position: 11 });
    // Back: the re-join's snapshot (still playing) does not restart it; it is reported again and heard.
    room.setReference(5, { playing: true, current_time: 10, updated_at: T0 });
    expect(room.player.paused()).toBe(true);
    expect(room.reports).toHaveLength(4);
    await room.answerReport(8);
    room.setReference(8, { playing: false, current_time: 11 });
    room.sync.tick();
    expect(room.player.paused()).toBe(true);
    expect(room.reports).toHaveLength(4);
  });

  it('reports a seek and a rate change by the user, but not its own nudges', async () => {
    const room = await playingController();
    room.player.time = 40;
    room.event('seeked');
    expect(room.reports.at(-1)).toMatchObject({ playing: true, position: 40 });
    await room.answerReport(6);
    room.setReference(6, { current_time: 40 });
    room.player.time = 40 - 0.06; // a small drift: nudged, not reported
    room.sync.tick();
    expect(room.player.playbackRate).toBeGreaterThan(1);
    room.event('ratechange');
    expect(room.reports).toHaveLength(1);
    room.player.playbackRate = 1.5; // the user's choice
    room.event('ratechange');
    expect(room.reports.at(-1)).toMatchObject({ rate: 1.5 });
  });

  it('sends at most one report at a time and then the latest state', async () => {
    const room = await playingController();
    room.player.time = 20;
    room.event('seeked');
    room.player.time = 30;
    room.event('seeked');
    room.player.time = 35;
    room.event('seeked');
    expect(room.reports).toHaveLength(1);
    await room.answerReport(6);
    expect(room.reports).toHaveLength(2);
    expect(room.reports[1]).toMatchObject({ position: 35 });
  });

  it('reports when its own player drifts away (a stall), beyond the report threshold', async () => {
    const room = await playingController();
    room.elapse(1000);
    room.player.time -= CONTROLLER_REPORT_THRESHOLD_SECONDS + 0.2; // stood still for a while
    room.sync.tick();
    expect(room.reports).toHaveLength(1);
  });

  it('re-anchors the room on its player every heartbeat while playing', async () => {
    const room = await playingController();
    room.elapse(5000);
    room.sync.heartbeat();
    // R93: made against the room's version 5, so the room refuses it if it moved on meanwhile.
    expect(room.reports).toEqual([{ id: VIDEO, playing: true, position: 15, rate: 1, version: 5 }]);
  });

  it("names no version on a user's change, and a heartbeat adds nothing while a report is out (R93)", async () => {
    const room = await playingController();
    room.player.pause();
    room.event('pause');
    room.sync.heartbeat();
    expect(room.reports).toEqual([{ id: VIDEO, playing: false, position: 10, rate: 1 }]);
    await room.answerReport(6);
    expect(room.reports).toHaveLength(1);
  });

  it('goes back to the room when its stale re-anchor is refused (another tab paused meanwhile, R93)', async () => {
    const room = await playingController();
    room.elapse(5000);
    room.sync.heartbeat();
    expect(room.reports[0]).toMatchObject({ playing: true, version: 5 });
    // The other tab's pause committed first (version 6); the room refuses the heartbeat made against 5.
    room.setReference(6, { playing: false, current_time: 15 });
    await room.answerReport('refused');
    expect(room.player.paused()).toBe(true);
    expect(room.reports).toHaveLength(1);
  });

  it('learns how late the server stamps its reports and reports where its player will be by then', async () => {
    const room = await playingController();
    const sentAt = T0;
    room.sync.heartbeat();
    expect(room.reports[0]?.position).toBe(10);
    await room.answerReport(6);
    room.setReference(6, { playing: true, current_time: 10, updated_at: sentAt + 40 });
    room.elapse(5000);
    room.sync.heartbeat();
    expect(room.reports[1]?.position).toBeCloseTo(15 + 0.04, 6);
  });

  it('starts a freshly selected video from 0 and lets the room follow it', async () => {
    const room = syncRoom({ isController: true });
    room.setReference(5, { playing: true, current_time: 0 });
    room.elapse(900); // loading took 0.9 s
    room.event('ready');
    expect(room.player.seeks).toEqual([]);
    await flush();
    room.event('play');
    room.event('playing');
    expect(room.reports).toEqual([{ id: VIDEO, playing: true, position: 0, rate: 1 }]);
  });

  it('a tab of the host opened seconds after the item began joins where the room is, not at the start', async () => {
    const room = syncRoom({ isController: true });
    // The item began 3 s before this tab's player was attached (the fake attaches it at T0).
    room.setReference(5, { playing: true, current_time: 0, updated_at: T0 - 3000 });
    room.event('ready');
    await flush();
    expect(room.player.seeks.at(-1)).toBeCloseTo(3, 0);
  });

  it('a tab of the host opened a moment after the item began joins where the room is, not at the start (R106)', async () => {
    // Its page joined 0.5 s after the item began and its player attached at once (the fake attaches it at T0): on a
    // busy machine that once took the room back to 0 and held it for a ready gate, swallowing the user's next pause.
    const room = syncRoom({ isController: true, joinedAt: T0 - 300 });
    room.setReference(5, { playing: true, current_time: 0, updated_at: T0 - 800 });
    room.event('ready');
    await flush();
    room.event('play');
    room.event('playing');
    expect(room.reports).toEqual([]);
  });

  it('follows a change made elsewhere (its other tab) without reporting it back', async () => {
    const room = await playingController();
    room.setReference(6, { playing: true, current_time: 80 });
    expect(room.player.time).toBe(80);
    room.event('seeked');
    expect(room.reports).toEqual([]);
    room.setReference(7, { playing: false, current_time: 81 });
    room.event('pause');
    room.event('seeked');
    expect(room.player.paused()).toBe(true);
    expect(room.reports).toEqual([]);
  });

  it('does not report where its own seek to a change made elsewhere landed as the user’s seek (R31)', async () => {
    const room = await playingController('youtube');
    room.setReference(6, { playing: true, current_time: 80 });
    expect(room.player.seeks).toEqual([80]);
    room.player.time = 80.3; // an embedded player's seek lands on a coarse boundary
    room.event('seeked');
    expect(room.reports).toEqual([]);
  });

  it('does not report the pause it made to follow the room, when the room plays again before it lands (R91)', async () => {
    const room = await playingController();
    // An embedded player's pause lands a while after it is asked for (YouTube's postMessage, a busy page).
    let pauseAsked = 0;
    room.player.pause = () => {
      pauseAsked += 1;
    };
    room.elapse(1000);
    room.setReference(6, { playing: false, current_time: 11 }); // a co-host pauses
    expect(pauseAsked).toBe(1);
    room.elapse(200);
    room.setReference(7, { playing: true, current_time: 11 }); // and plays again
    room.elapse(300);
    room.player.isPaused = true; // the pause lands now
    room.event('pause');
    expect(room.reports).toEqual([]);
    expect(room.player.paused()).toBe(false); // back with the room, which plays
    // A pause by the user afterwards is the user's, and reported.
    room.elapse(1000);
    room.player.isPaused = true;
    room.event('pause');
    expect(room.reports).toHaveLength(1);
    expect(room.reports[0]?.playing).toBe(false);
  });

  it('reports the user’s pause when the pause it made for the room never produced an event (R91)', async () => {
    const room = await playingController();
    room.player.pause = () => {}; // asked, but the player never pauses nor says so
    room.setReference(6, { playing: false, current_time: 10 });
    room.setReference(7, { playing: true, current_time: 10 });
    room.elapse(3000);
    room.player.isPaused = true; // the user pauses, long after
    room.event('pause');
    expect(room.reports.map((report) => report.playing)).toEqual([false]);
  });

  it('plays its item again from 0 when the room loops it after the end it sent (R63, R32)', async () => {
    // A controller that started the freshly selected item itself, in step with the room.
    const room = syncRoom({ isController: true });
    room.player.length = 12;
    room.setReference(5, { playing: true, current_time: 0 });
    room.event('ready');
    await flush();
    room.event('play');
    room.event('playing');
    expect(room.reports).toEqual([]);
    room.elapse(12_000);
    room.player.time = 12;
    room.player.isPaused = true;
    room.event('pause');
    room.event('ended');
    expect(room.ends).toEqual([VIDEO]);
    await flush();
    const plays = room.player.playCalls;
    room.setReference(6, { playing: true, current_time: 0 }); // the server's select of the same item (loop 'one')
    expect(room.player.seeks.at(-1)).toBeCloseTo(0, 1);
    expect(room.player.playCalls).toBe(plays + 1);
    await flush();
    room.event('seeked');
    room.event('play');
    room.event('playing');
    expect(room.player.paused()).toBe(false);
    // Its own start of the room's state is not a change to report, and the end is not sent twice.
    expect(room.reports).toEqual([]);
    expect(room.ends).toEqual([VIDEO]);
    // The next end of the same item moves the room on again.
    room.player.time = 12;
    room.player.isPaused = true;
    room.event('ended');
    expect(room.ends).toEqual([VIDEO, VIDEO]);
  });

  it('moves the room on when its video ends or cannot play, once', async () => {
    const room = await playingController();
    room.event('ended');
    room.event('ended');
    expect(room.ends).toEqual([VIDEO]);

    const lost = await playingController();
    lost.endHeard(false);
    lost.player.time = 120;
    lost.player.isPaused = true;
    lost.event('ended');
    await flush();
    lost.endHeard(true);
    lost.sync.tick();
    expect(lost.ends).toEqual([VIDEO, VIDEO]); // told again once the room could hear it
    await flush();
    lost.sync.tick();
    expect(lost.ends).toHaveLength(2);

    const broken = syncRoom({ isController: true });
    broken.sync.detach(); // the YouTube API never loaded: no player at all
    broken.endHeard(false);
    broken.event('error');
    await flush();
    expect(broken.ends).toEqual([VIDEO]);
    broken.sync.tick(); // not heard: told again on the next tick, without a player or a duration
    await flush();
    expect(broken.ends).toEqual([VIDEO, VIDEO]);
    broken.endHeard(true);
    broken.sync.tick();
    await flush();
    broken.sync.tick();
    await flush();
    expect(broken.ends).toEqual([VIDEO, VIDEO, VIDEO]);
  });
});
