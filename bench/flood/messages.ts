/** What the orchestrator (run.ts) tells the control room's clients (control.ts). */
export type ToControl =
  | { type: 'plan'; url: string; roomId: string; videoId: string; hostCookie: string; ratePerSecond: number }
  /** Measure one phase: the host sends `commands` playback reports on a fixed schedule, 1/ratePerSecond apart. */
  | { type: 'phase'; commands: number }
  | { type: 'close' };

export interface ControlReady {
  type: 'ready';
}

export interface PhaseResult {
  type: 'phase-result';
  /** Host send (scheduled) → follower's room:state, ms, per command that arrived, in sending order. */
  latencies: number[];
  /** Commands whose room:state never reached the follower within the phase (failed ones included). */
  lost: number;
  /** Commands answered with an error, by code. */
  failures: Record<string, number>;
  /** p99 of how late the host sent after each command's scheduled time, ms: a starved generator shows here. */
  sendLateP99Ms: number;
}

/** What the orchestrator tells the flooder (flooder.ts). */
export type ToFlooder =
  | { type: 'plan'; url: string; roomId: string; sockets: number; messagesPerSocket: number; localAddress: string }
  /** `reconnect`: each connection sends clock pings until it is cut off; `join`: it sends room:join. */
  | { type: 'start'; scenario: FloodScenario }
  | { type: 'stop' };

export type FloodScenario = 'reconnect' | 'join';

export interface FloodStats {
  type: 'flood-stats';
  /** Connection attempts made. */
  attempts: number;
  /** Handshakes the server accepted (the namespace connected). */
  accepted: number;
  /** Refused at the HTTP upgrade (an HTTP error status instead of 101), by status. */
  refusedHttp: Record<string, number>;
  /** Refused by Socket.IO's handshake (connect_error), by error code. */
  refusedTyped: Record<string, number>;
  /** Connections the server closed after accepting them (cut off, R22). */
  closedByServer: number;
  /** Messages sent over accepted connections. */
  messages: number;
  /** Socket errors other than a refusal (reset, timeout). */
  errors: number;
}
