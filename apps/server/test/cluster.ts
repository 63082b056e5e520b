import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { RoomDelta, RoomSnapshot } from '@xemchung/protocol';
import { createClient } from 'redis';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { DATABASE_KINDS, startServer, TEST_DATABASE_URL, type TestServer } from './harness.ts';
import { type TestClient, youtubeVideo } from './room-clients.ts';
import { RoomReplica } from './room-replica.ts';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const client = createClient({ url: TEST_REDIS_URL, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    if (client.isOpen) client.destroy();
  }
}

/**
 * Whether the multi-node suites can run: they need PostgreSQL (the shared state) and Redis (the fan-out). Under
 * CI=true both are required, so a missing service fails the run instead of hiding (as in harness.ts).
 */
async function clusterServicesAnswer(): Promise<boolean> {
  const redis = await redisAnswers();
  if (!redis && process.env.CI === 'true') throw new Error(`CI=true but Redis does not answer at ${TEST_REDIS_URL}`);
  if (!redis) console.warn(`[notice] Redis not reachable at ${TEST_REDIS_URL}: multi-node suites skipped`);
  return redis && DATABASE_KINDS.includes('postgres');
}

export const CLUSTER_SERVICES = await clusterServicesAnswer();

export interface NodeServices {
  /** Where this node finds Redis (a TcpProxy's URL to cut it off); TEST_REDIS_URL by default. */
  redisUrl?: string;
  /** Where this node finds PostgreSQL; TEST_DATABASE_URL by default. */
  databaseUrl?: string;
}

/**
 * N real server nodes on one PostgreSQL schema and one Redis, each on its own port, as docs/deploy.md runs them.
 * Each cluster has its own Redis channel prefix and PostgreSQL application_name, so test files running side by
 * side neither hear each other's broadcasts nor drop each other's connections.
 */
export class Cluster {
  readonly nodes: TestServer[];
  readonly applicationName: string;
  private readonly envs: Array<Record<string, string>>;

  private constructor(nodes: TestServer[], envs: Array<Record<string, string>>, applicationName: string) {
    this.nodes = nodes;
    this.envs = envs;
    this.applicationName = applicationName;
  }

  static async start(services: NodeServices[], env: Record<string, string> = {}): Promise<Cluster> {
    const id = randomBytes(4).toString('hex');
    const applicationName = `xc-cluster-${id}`;
    const envs = services.map((service) => {
      const database = new URL(service.databaseUrl ?? TEST_DATABASE_URL);
      database.searchParams.set('application_name', applicationName);
      return {
        DATABASE_URL: database.toString(),
        REDIS_URL: service.redisUrl ?? TEST_REDIS_URL,
        REDIS_PREFIX: `xc-test-${id}`,
        ...env,
      };
    });
    const nodes: TestServer[] = [];
    for (const nodeEnv of envs) {
      const first = nodes[0];
      const reuse = first ? { reuse: { dataDir: first.dataDir, pgSchema: first.pgSchema } } : {};
      nodes.push(await startServer('postgres', { env: nodeEnv, ...reuse }));
    }
    const cluster = new Cluster(nodes, envs, applicationName);
    await Promise.all(nodes.map((node) => waitForReadiness(node, true)));
    return cluster;
  }

  node(index: number): TestServer {
    const node = this.nodes[index];
    if (!node) throw new Error(`no node ${index}`);
    return node;
  }

  /** Stops node `index`, waiting for its commands in flight, as a rolling deploy would. */
  async stop(index: number): Promise<void> {
    await this.node(index).stop();
  }

  /** Starts node `index` again on its port and waits until it is ready. */
  async start(index: number): Promise<void> {
    const old = this.node(index);
    const env = this.envs[index] ?? {};
    const port = Number(new URL(old.url).port);
    this.nodes[index] = await startServer('postgres', {
      env,
      port,
      reuse: { dataDir: old.dataDir, pgSchema: old.pgSchema },
    });
    await waitForReadiness(this.node(index), true);
  }

  /** The room as committed in the shared database. */
  async committed(roomId: string): Promise<RoomSnapshot> {
    const room = await new RoomRepository(this.node(0).app.db).load(roomId);
    if (!room) throw new Error(`room ${roomId} not in the database`);
    return room;
  }

  async close(): Promise<void> {
    for (const node of this.nodes.slice(1)) await node.stop();
    await this.nodes[0]?.close();
  }
}

export interface Readiness {
  status: number;
  body: { status: string; database: boolean; redis?: boolean };
}

export async function readiness(node: TestServer): Promise<Readiness> {
  const response = await fetch(`${node.url}/readyz`);
  return { status: response.status, body: (await response.json()) as Readiness['body'] };
}

/** Polls `probe` (which may be async) until it returns a value other than undefined. */
export async function until<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function waitForReadiness(node: TestServer, ready: boolean, timeoutMs = 10_000): Promise<Readiness> {
  return until(
    async () => {
      const answer = await readiness(node);
      return (answer.status === 200) === ready ? answer : undefined;
    },
    timeoutMs,
    `${node.url}/readyz to be ${ready ? 'ready' : 'not ready'}`,
  );
}

/**
 * What one client holds of a room, as the web client keeps it (R18): the highest version among broadcasts and
 * join acks. With `rejoin`, it joins again after every reconnection (retrying while the node is not ready).
 */
export class RoomView {
  readonly client: TestClient;
  readonly roomId: string;
  /** Every `room:state` and `room:delta` version, in arrival order. */
  readonly received: number[] = [];
  private readonly replica = new RoomReplica();
  /** In the room over the current connection. */
  joined = false;

  constructor(client: TestClient, roomId: string, options: { rejoin?: boolean } = {}) {
    this.client = client;
    this.roomId = roomId;
    client.socket.on('room:state', (room: RoomSnapshot) => {
      this.received.push(room.version);
      this.replica.keep(room);
    });
    client.socket.on('room:delta', (delta: RoomDelta) => {
      this.received.push(delta.version);
      // A version missed on the way (R108): the whole room again, as the web client asks for it.
      if (this.replica.delta(delta) && this.joined) void this.join().catch(() => {});
    });
    client.socket.on('disconnect', () => {
      this.joined = false;
    });
    // 'connect' fires again after each reconnection, once the handshake is through.
    if (options.rejoin) client.socket.on('connect', () => void this.rejoin());
  }

  async join(): Promise<RoomSnapshot> {
    const ack = await this.client.join(this.roomId);
    if (!ack.ok) throw new Error(`join refused: ${ack.error.code}`);
    this.replica.keep(ack.room);
    this.joined = true;
    return ack.room;
  }

  /** The room as this client holds it. */
  get current(): RoomSnapshot | undefined {
    return this.replica.current;
  }

  /** Resolves when this client holds `room` exactly. */
  converged(room: RoomSnapshot, timeoutMs = 10_000): Promise<true> {
    return until(
      () => (isDeepStrictEqual(this.current, room) ? true : undefined),
      timeoutMs,
      `a client to hold version ${room.version}`,
    );
  }

  private async rejoin(): Promise<void> {
    if (this.current === undefined) return; // the first join is the test's
    while (this.client.socket.connected) {
      try {
        await this.join();
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A client adding videos one after another, paced under the rate limit (R22), whenever it is in the room,
 * until stopped: the "commands flowing" of the fault tests. Records what was acknowledged and what refused.
 */
export class AddFlow {
  readonly acknowledged: string[] = [];
  readonly refusals: string[] = [];
  /** Requests that got no answer (the connection dropped under them): never promised, so never checked. */
  unanswered = 0;
  private stopped = false;
  private readonly running: Promise<void>;

  constructor(view: RoomView, intervalMs = 60) {
    this.running = this.run(view, intervalMs);
  }

  /** Resolves once `count` more adds have been acknowledged. */
  more(count: number, timeoutMs = 10_000): Promise<true> {
    const target = this.acknowledged.length + count;
    return until(() => (this.acknowledged.length >= target ? true : undefined), timeoutMs, `${count} more acks`);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async run(view: RoomView, intervalMs: number): Promise<void> {
    while (!this.stopped) {
      await pause(intervalMs);
      if (!view.joined) continue;
      const video = youtubeVideo('Dòng lệnh');
      try {
        const ack = await view.client.request('playlist:add', { video });
        if (ack.ok) this.acknowledged.push(video.id);
        else this.refusals.push(ack.error.code);
      } catch {
        this.unanswered++;
      }
    }
  }
}
