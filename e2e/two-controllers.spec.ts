import { type ChildProcess, spawn } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import { CLIPS } from './support/media';
import { hostControls, joinRoom, mediaState, openRoomAsHost, pasteLink } from './support/room';
import { test } from './support/test';

// Issue #27 item 0, R106: with two controllers a pause (or a play) is never lost. One of the host's two tabs runs
// 4× slowed (CDP, as bench:sync's `phone`) on a CPU kept busy, so that a tick or a state often runs between the
// user's pause and its 'pause' event: before R106 that check started the player again and the pause was never
// reported (3 and 8 rounds in two runs of 200 here). 200 rounds: 5–8 minutes on 2 cores at load ~14.
const ROUNDS = Number(process.env.TWO_CONTROLLERS_ROUNDS ?? 200);
/**
 * Every player has the new state within this of the click, or the pause (or play) counts as lost. Issue #27's goal is
 * 2 s (GOAL_MS): a timing goal, so rounds slower than it are counted and printed, not failed (bench:sync measures
 * it); on this machine, with one tab 4× slowed on a busy core, 5–16 % of rounds took longer on 2026-11-28.
 */
const REACH_MS = 10_000;
const GOAL_MS = 2000;
/** …and still has it this much later. */
const HOLD_MS = 300;
const POLL_MS = 25;

const paused = async (page: Page) => (await mediaState(page))?.paused;

/** A process that keeps one core busy until it is stopped (the machine load of the failure). */
function busyCore(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

test('R106: 200 alternating pauses and plays from two host tabs, one slowed 4× on a busy CPU, each reach every player and stay', async ({
  browser,
}) => {
  // The run's time budget, not its goal (each round must still reach every player within REACH_MS): a round is a
  // click, polling until every player has it (2–3 s on this machine) and 300 ms of holding.
  test.setTimeout(60_000 + ROUNDS * 4_000);
  const host = await openRoomAsHost(browser);
  const follower = await joinRoom(browser, host.url(), { signedIn: false });
  await pasteLink(host, CLIPS.a.url);
  await host.getByRole('button', { name: `Phát ${CLIPS.a.title}` }).click();
  await expect.poll(() => paused(follower), { timeout: 20_000 }).toBe(false);
  const second = await host.context().newPage();
  await second.goto(host.url());
  await expect(second.getByText('Bạn là chủ phòng')).toBeVisible();
  const cdp = await host.context().newCDPSession(host);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  const players = { slowed: host, other: second, follower };
  // The rounds begin on a room that plays: no start waiting for a player (R122; the second tab's join may make one),
  // whose hold would read as a pause that has already reached everyone.
  await expect(host.getByRole('status').filter({ hasText: 'Đang chờ' })).toHaveCount(0, { timeout: 10_000 });
  await expect
    .poll(async () => (await Promise.all(Object.values(players).map(paused))).every((p) => p === false), {
      timeout: 10_000,
    })
    .toBe(true);
  const busy = busyCore();
  const lost: string[] = [];
  const slow: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // Each tab both pauses and plays: slowed pauses, other plays, other pauses, slowed plays, …
      const actor = round % 4 === 0 || round % 4 === 3 ? 'slowed' : 'other';
      const pause = round % 2 === 0;
      if (!pause && ((await mediaState(players[actor]))?.currentTime ?? 0) > CLIPS.a.duration - 20) {
        // Away from the end of the 60 s clip, whose end pauses everyone: the user seeks back while paused.
        await hostControls(players[actor]).seek(2);
        await expect
          .poll(async () =>
            (await Promise.all(Object.values(players).map(mediaState))).every((m) => m && m.currentTime < 5),
          )
          .toBe(true);
      }
      const clicked = Date.now();
      await (pause ? hostControls(players[actor]).pause() : hostControls(players[actor]).play());
      const all = async () => (await Promise.all(Object.values(players).map(paused))).every((p) => p === pause);
      let reached = await all();
      while (!reached && Date.now() - clicked < REACH_MS) {
        await host.waitForTimeout(POLL_MS);
        reached = await all();
      }
      if (reached && Date.now() - clicked > GOAL_MS) slow.push(round);
      await host.waitForTimeout(HOLD_MS);
      const states = await Promise.all(Object.entries(players).map(async ([name, page]) => [name, await paused(page)]));
      if (reached && states.every(([, p]) => p === pause)) continue;
      lost.push(
        `round ${round}: ${actor} ${pause ? 'paused' : 'played'}, ${reached ? 'reached all' : `not all within ${REACH_MS} ms`}; then ${states.map(([name, p]) => `${name} ${p ? 'paused' : 'playing'}`).join(', ')}`,
      );
      // Put the room back on what was asked, so the next round starts from it.
      await (pause ? hostControls(players[actor]).pause() : hostControls(players[actor]).play());
      const restored = await expect
        .poll(all, { timeout: 10_000 })
        .toBe(true)
        .then(() => true)
        .catch(() => false);
      if (!restored) {
        lost.push(`round ${round}: asked again, still not on every player 10 s later; stopped`);
        break;
      }
    }
  } finally {
    busy.kill();
  }
  console.log(`two-controllers: ${slow.length} of ${ROUNDS} rounds reached every player after ${GOAL_MS} ms: ${slow}`);
  expect(lost).toEqual([]);
});
