import type { SeededRoom } from '../lib/seed.ts';

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
  /** Every client (followers and host) also sends `presence:report` every 2 s, the most R53 allows. */
  reports: boolean;
  /** The rooms seeded with chatters (every 10th) chat at 1 message/s, from two signed-in followers. */
  chat: boolean;
  /**
   * The realistic mix (issue #25 item 3): the host's event is its heartbeat, every `eventPeriodMs`; every client
   * reports as the web client does (client-traffic.ts); one vote toggle per room a minute but in the quiet rooms;
   * chat as `chat`. The rooms are seeded with 50-item playlists.
   */
  mix: boolean;
  /** One host event per room every this many ms: 1000, or the heartbeat (CONTROLLER_HEARTBEAT_MS) in the mix. */
  eventPeriodMs: number;
}

/**
 * In the mix, the rooms where nobody votes (and, not being every 10th, nobody chats): a playing room where
 * nothing happens, where the bytes the server sends one viewer are measured (bytes_per_viewer_min).
 */
export const isQuietRoom = (room: number) => room % 100 === 1;

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
  /** In the mix: votes sent in the window, refused or unanswered (whole run), and the state frames they caused. */
  votesSent: number;
  votesFailed: number;
  voteFrames: number;
  /**
   * In the mix, per quiet room: the bytes one viewer's TCP socket read in the window (WebSocket frames with their
   * headers, Engine.IO and Socket.IO framing, pings), per minute.
   */
  bytesPerViewerMin: number[];
  /** Frames of no kind above: should stay 0. */
  otherFrames: number;
}

export type LoadMessage = LoadReady | WindowMark | LoadResult;
