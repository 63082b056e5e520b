// What the load generator's clients send besides the host's events (load.ts): sync reports, chat and skip votes,
// to XemChung and, the same, to the Socket.IO baselines (which read and drop a report, relay a chat message and a
// vote). Counted in the measured window only.
import { performance } from 'node:perf_hooks';
import type { SyncReport } from '../../packages/protocol/src/schemas/presence.ts';
import { badgeChanged } from '../../packages/protocol/src/sync-badge.ts';
import { SYNC_KEEPALIVE_MS, SYNC_REPORT_GAP_MS } from '../../packages/protocol/src/sync-report.ts';
import type { WireClient } from '../lib/sio-wire.ts';

export const counts = {
  inWindow: false,
  reportsSent: 0,
  chatsSent: 0,
  chatsFailed: 0,
  votesSent: 0,
  votesFailed: 0,
};
const errorSamples: string[] = [];
export const noteError = (what: string) => {
  if (errorSamples.length < 10) errorSamples.push(what);
};
export const errors = (): string[] => errorSamples;
const closers: Array<() => void> = [];
export const stopTraffic = () => {
  for (const close of closers) close();
};

/** A client that reports its sync, and whether it has its list of viewers open (one follower per room does). */
export interface Reporter {
  client: WireClient;
  watching: boolean;
}

/** A steady player's error (ms): a different value each time, always well inside the green band (±50 ms). */
const steadyError = (index: number, count: number) => ((index * 7 + count * 13) % 41) - 20;

/** `--reports` (issue #11): every client reports every 2 s, the most R53 lets it, staggered over the interval. */
export function reportEveryGap(reporters: Reporter[]): void {
  reporters.forEach(({ client, watching }, index) => {
    let count = 0;
    const report = () => {
      if (counts.inWindow) counts.reportsSent++;
      client.emit('presence:report', { state: 'playing', errorMs: steadyError(index, count++), rttMs: 30, watching });
    };
    const timer = setTimeout(
      () => {
        report();
        closers.push(clearInterval.bind(null, setInterval(report, SYNC_REPORT_GAP_MS)));
      },
      (index / reporters.length) * SYNC_REPORT_GAP_MS,
    );
    closers.push(() => clearTimeout(timer));
  });
}

/** The web client's read period (apps/web/src/features/player/useSyncReport.ts, SYNC_READ_EVERY_MS). */
const READ_EVERY_MS = 500;
const GAP_READS = SYNC_REPORT_GAP_MS / READ_EVERY_MS;
const KEEPALIVE_READS = SYNC_KEEPALIVE_MS / READ_EVERY_MS;
/** Reporters are read in this many groups, one group every READ_EVERY_MS / SLOTS ms, so reads never come in bursts. */
const SLOTS = 20;

/**
 * `--mix`: each client reports as useSyncReport.ts does: its player is read every 500 ms, and it reports when the
 * badge would change (`badgeChanged`, the client's own function) or after SYNC_KEEPALIVE_MS, never within
 * SYNC_REPORT_GAP_MS of its last report. Every client is taken to have reported on joining (before the window), at
 * a time spread over one keepalive interval, as joins are in a real room. Its player is steady (playing, error
 * within ±20 ms), as in a playing room where nothing happens: so it sends a keepalive every 10 s, which is what a
 * real tab sends then.
 */
export function reportAsClient(reporters: Reporter[]): void {
  const cadences = reporters.map(({ client, watching }, index) => {
    let count = 0;
    const read = (): SyncReport => ({ state: 'playing', errorMs: steadyError(index, count++), rttMs: 30 });
    let last: SyncReport | null = read();
    let readsSince = index % KEEPALIVE_READS;
    return () => {
      readsSince++;
      if (readsSince < GAP_READS) return;
      const report = read();
      if (readsSince < KEEPALIVE_READS && !badgeChanged(last, report)) return;
      if (counts.inWindow) counts.reportsSent++;
      client.emit('presence:report', { ...report, watching });
      last = report;
      readsSince = 0;
    };
  });
  // Driven by the clock, not by the timer's count: a late timer (a busy generator) catches up on the reads due,
  // so the reports' rate does not fall with the generator's load.
  let slot = 0;
  let due = performance.now();
  const timer = setInterval(() => {
    for (const now = performance.now(); due <= now; due += READ_EVERY_MS / SLOTS) {
      for (let index = slot; index < cadences.length; index += SLOTS) cadences[index]?.();
      slot = (slot + 1) % SLOTS;
    }
  }, READ_EVERY_MS / SLOTS);
  closers.push(() => clearInterval(timer));
}

/** Sends `event` with an ack, counting a refusal or a missing answer as a failure. */
function requestCounted(client: WireClient, event: string, payload: object, failed: () => void): void {
  client.request(event, payload).then(
    (ack) => {
      const result = ack as { ok: boolean; error?: { code: string } };
      if (!result.ok) {
        failed();
        noteError(`${event}: ${result.error?.code}`);
      }
    },
    (error: Error) => {
      failed();
      noteError(`${event}: ${error.message}`);
    },
  );
}

/** Runs `action` every `periodMs`, the i-th of `count` first at i/count of the period, so the load is even. */
function staggered(index: number, count: number, periodMs: number, action: () => void): void {
  const timer = setTimeout(
    () => {
      action();
      closers.push(clearInterval.bind(null, setInterval(action, periodMs)));
    },
    (index / count) * periodMs,
  );
  closers.push(() => clearTimeout(timer));
}

/**
 * The rooms seeded with chatters (two signed-in followers each) chat at 1 message/s: each chatter sends one every
 * 2 s (the per-person limit), the two half an interval apart, all staggered over the interval; with an ack, as
 * the web client sends it.
 */
const CHAT_INTERVAL_MS = 2000;
export function chat(chatters: WireClient[]): void {
  chatters.forEach((client, index) => {
    let count = 0;
    staggered(index, chatters.length, CHAT_INTERVAL_MS, () => {
      if (counts.inWindow) counts.chatsSent++;
      requestCounted(client, 'chat:send', { text: `Tin nhắn ${index}.${count++}` }, () => counts.chatsFailed++);
    });
  });
}

/** A voter and the item its room plays. */
export interface Voter {
  client: WireClient;
  videoId: string;
}

/**
 * `--mix`: one viewer per voting room toggles its skip vote once a minute (votes, then takes it back a minute
 * later, R65), the rooms staggered over the minute. One vote of eleven people never skips (R66: more than half).
 */
export const VOTE_INTERVAL_MS = 60_000;
export function vote(voters: Voter[]): void {
  voters.forEach(({ client, videoId }, index) => {
    let skip = true;
    staggered(index, voters.length, VOTE_INTERVAL_MS, () => {
      if (counts.inWindow) counts.votesSent++;
      requestCounted(client, 'vote:skip', { id: videoId, skip }, () => counts.votesFailed++);
      skip = !skip;
    });
  });
}
