import { COMMAND_TYPES, isRoomCommand } from '@xemchung/protocol/schemas';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Server } from 'socket.io';
import type { RealtimeObserver } from '../realtime/socket-server.ts';
import { isSubjectRoom } from '../realtime/viewer-exits.ts';

/** Seconds from a command's receipt to its acknowledgement; commits are a few ms, a busy room waits longer. */
const COMMIT_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Sockets one broadcast reaches on this node: a room is a handful of people, a big watch party hundreds. */
const FANOUT_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 250, 500, 1000];

export interface RealtimeMetrics extends RealtimeObserver {
  /** Reads the connection and room gauges from this Socket.IO server at every scrape. */
  watch(io: Server): void;
}

/** Rooms with at least one socket of this node in them (every socket also sits in a room named by its id). */
function activeRooms(io: Server): number {
  const { rooms, sids } = io.of('/').adapter;
  let count = 0;
  for (const room of rooms.keys()) if (!sids.has(room) && !isSubjectRoom(room)) count++;
  return count;
}

/** `make(key)` once per key, then the same value each time. */
function cachedBy<V>(make: (key: string) => V): (key: string) => V {
  const made = new Map<string, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}

/**
 * The room engine's metrics (docs/decisions/010-security-and-metrics.md). Every value is this node's own:
 * behind a load balancer, Prometheus scrapes each node and sums.
 */
export function createRealtimeMetrics(registry: Registry): RealtimeMetrics {
  let io: Server | null = null;
  new Gauge({
    name: 'xemchung_socket_connections',
    help: 'Socket.IO connections open on this node',
    registers: [registry],
    collect() {
      this.set(io ? io.of('/').sockets.size : 0);
    },
  });
  new Gauge({
    name: 'xemchung_rooms_active',
    help: 'Rooms with at least one connection on this node',
    registers: [registry],
    collect() {
      this.set(io ? activeRooms(io) : 0);
    },
  });
  const commands = new Counter({
    name: 'xemchung_commands_total',
    help: 'Socket commands answered, by type (unknown for an event that is not a command) and result (ok or the error code)',
    labelNames: ['type', 'result'] as const,
    registers: [registry],
  });
  const commit = new Histogram({
    name: 'xemchung_command_commit_seconds',
    help: 'Receipt to acknowledgement of accepted room commands: queue wait, transaction and retries',
    labelNames: ['type'] as const,
    buckets: COMMIT_BUCKETS,
    registers: [registry],
  });
  const fanout = new Histogram({
    name: 'xemchung_broadcast_recipients',
    help: 'Connections on this node that one room:state or room:delta broadcast was delivered to, committed on this node or another (summed over nodes: every delivery once)',
    buckets: FANOUT_BUCKETS,
    registers: [registry],
  });
  // Every command type shows up from the first scrape, so rate() has a zero to start from.
  for (const type of COMMAND_TYPES) commands.inc({ type, result: 'ok' }, 0);
  // One child per label value, kept: a node answers thousands of commands and reports a second (R53), and
  // prom-client would otherwise hash a label object on every one.
  const countOf = cachedBy((type) => cachedBy((result) => commands.labels({ type, result })));
  const commitTimeOf = cachedBy((type) => commit.labels({ type }));

  return {
    watch(server) {
      io = server;
    },
    commandAnswered({ type, command, result, seconds }) {
      countOf(type ?? 'unknown')(result.ok ? 'ok' : result.error.code).inc();
      if (result.ok && command && isRoomCommand(command)) commitTimeOf(command.type).observe(seconds);
    },
    roomBroadcast(recipients) {
      fanout.observe(recipients);
    },
  };
}
