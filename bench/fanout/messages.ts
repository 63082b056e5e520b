import type { SeededRoom } from '../lib/seed.ts';

/** Which server the load runs against. */
/**
 * Which server the load runs against: a bare `ws` relay, a bare Socket.IO relay, the Socket.IO relay committing
 * each host event to PostgreSQL before it acks and broadcasts, or XemChung.
 */
export type Target = 'ws' | 'socketio' | 'committed' | 'xemchung';

/** The load of a run, as chosen on the command line: the same for every target and repeat. */
export interface LoadShape {
  rooms: SeededRoom[];
  followers: number;
  /** Followers per room that parse and timestamp what they receive; the others only count frames. */
  sampled: number;
  warmupSeconds: number;
  measureSeconds: number;
  /** How long to keep listening after the last event before counting losses. */
  drainMs: number;
  connectConcurrency: number;
  /** XemChung only: every client (followers and host) also sends `presence:report` every 2 s (R53). */
  reports: boolean;
  /** XemChung only: the rooms seeded with chatters (every 10th) chat at 1 message/s, from two signed-in followers. */
  chat: boolean;
}

/** What the orchestrator (run.ts) tells the load generator (load.ts). */
export interface LoadPlan extends LoadShape {
  type: 'plan';
  target: Target;
  /** One base URL per server node; room r's host is on node r % nodes, its follower f on node (r + f) % nodes. */
  urls: string[];
  /** The Origin header XemChung expects (its PUBLIC_URL). */
  origin: string;
}

export interface LoadReady {
  type: 'ready';
  connections: number;
  connectSeconds: number;
}

/** Sent when the measured window opens and closes, so the orchestrator can read the servers' CPU time. */
export interface WindowMark {
  type: 'window-start' | 'window-end';
}

export interface LoadResult {
  type: 'result';
  /** Host event → follower latency (ms, from the event's scheduled time), followers on the host's node. */
  latencyLocal: number[];
  /** The same for followers on another node (two-node mode only). */
  latencyCross: number[];
  /**
   * Two-node mode: for each event that reached both parsing followers of its room, the cross-node follower's
   * latency minus the same-node follower's (ms): the delay the hop itself added to that event.
   */
  hopExtra: number[];
  /** Events in the measured window (each one reaches followers + 1 sockets). */
  measuredEvents: number;
  sentEvents: number;
  /** Host commands answered with an error or not answered at all. */
  failedCommands: number;
  errorSamples: string[];
  expectedDeliveries: number;
  receivedDeliveries: number;
  /** Versions skipped or going backwards, seen by the parsing followers. */
  gaps: number;
  reorders: number;
  /** How late the generator sent events behind schedule (ms, p99): large means the generator is the limit. */
  sendLagP99: number;
  /** The generator's CPU use during the measured window, % of one core. */
  generatorCpuPercent: number;
  /** With `reports`: reports sent in the measured window; `room:presence` frames received (the whole run). */
  reportsSent: number;
  presenceFrames: number;
  /** With `chat`: messages sent in the measured window, refused or unanswered (whole run), `chat:message` frames received by followers (whole run). */
  chatsSent: number;
  chatsFailed: number;
  chatFrames: number;
  /** `presence:probe` frames answered in the window (a reporter unheard for 2.5 s, R52). */
  probes: number;
  /** Frames of no kind above: should stay 0. */
  otherFrames: number;
}

export type LoadMessage = LoadReady | WindowMark | LoadResult;
