import type { SeededRoom } from '../lib/seed.ts';

/** What the orchestrator (run.ts) tells the client process (clients.ts). */
export type ToClients =
  | { type: 'plan'; url: string; rooms: SeededRoom[]; clientsPerRoom: number; connectConcurrency: number }
  /** Hosts start reporting playback, one command per room per second, staggered. */
  | { type: 'commands' }
  /** The server was just killed: stop commanding and report the acknowledged versions. */
  | { type: 'killed'; at: number }
  /** The versions the database holds after the restart: every client must end up holding its room's. */
  | { type: 'expect'; versions: number[]; deadlineMs: number }
  | { type: 'close' };

export interface ClientsReady {
  type: 'ready';
  connectSeconds: number;
}

export interface Acknowledged {
  type: 'acked';
  /** Per room, the highest version a command ack reported (committed for sure); 0 when none. */
  versions: number[];
  commandsAcked: number;
}

export interface Resynced {
  type: 'resynced';
  /** Clients holding their room's expected version, re-joined, at the end. */
  synced: number;
  clients: number;
  /** Seconds from the kill until each synced client held the expected version, sorted. */
  syncSeconds: number[];
  connectErrors: number;
  /** connect_error messages and how often each came. */
  connectErrorKinds: Record<string, number>;
  joinFailures: string[];
  /** CPU the client process spent from the kill to the end, in seconds. */
  cpuSeconds: number;
}

export type FromClients = ClientsReady | Acknowledged | Resynced;
