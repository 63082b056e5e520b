import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startServer, type TestServer } from './harness.ts';
import { connect, createRoom, signedInUser, type TestClient, waitFor, youtubeVideo } from './room-clients.ts';

describe.each(DATABASE_KINDS)('server restart on %s (R27)', (kind) => {
  let server: TestServer | undefined;
  const clients: TestClient[] = [];

  afterEach(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  it('keeps every acknowledged change, and clients reconnect, re-join and resync', async () => {
    server = await startServer(kind);
    const host = await signedInUser(server, 'Chủ phòng');
    const roomId = await createRoom(server, host);
    const hostClient = await connect(server, { user: host, reconnection: true });
    const follower = await connect(server, { reconnection: true });
    clients.push(hostClient, follower);
    // Like the web room client: join again after every reconnection and keep the snapshot.
    const rejoined = new Map<TestClient, Awaited<ReturnType<TestClient['join']>>>();
    for (const client of [hostClient, follower]) {
      client.ackTimeoutMs = 2000;
      client.socket.io.on('reconnect', () => {
        void client.join(roomId).then((ack) => rejoined.set(client, ack));
      });
      expect(await client.join(roomId)).toMatchObject({ ok: true });
    }

    const first = youtubeVideo('Đầu tiên');
    await hostClient.request('playlist:add', { video: first });
    await hostClient.request('playlist:select', { id: first.id });
    const paused = await hostClient.request('playback:update', {
      id: first.id,
      playing: false,
      position: 61.5,
      rate: 1.5,
    });
    expect(paused.ok).toBe(true);

    // A burst of adds, with the server stopped while it is being processed.
    const acknowledged: string[] = [];
    const burst = Array.from({ length: 30 }, () => youtubeVideo('Loạt'));
    const sent = burst.map((video) =>
      hostClient.request('playlist:add', { video }).then(
        (ack) => ack.ok && acknowledged.push(video.id),
        () => undefined, // lost with the connection: never acknowledged, so never promised
      ),
    );
    await waitFor(() => (acknowledged.length >= 1 ? true : undefined));
    const port = Number(new URL(server.url).port);
    await server.stop();
    await Promise.all(sent);
    const acknowledgedBeforeStop = [...acknowledged];
    expect(acknowledgedBeforeStop.length).toBeGreaterThanOrEqual(1);

    server = await startServer(kind, { reuse: { dataDir: server.dataDir, pgSchema: server.pgSchema }, port });

    const hostAck = await waitFor(() => rejoined.get(hostClient), 10_000, 'host re-join');
    const followerAck = await waitFor(() => rejoined.get(follower), 10_000, 'follower re-join');
    if (!hostAck.ok || !followerAck.ok) throw new Error('re-join refused');
    expect(hostAck.isHost).toBe(true); // the session survived the restart too
    expect(followerAck.room).toEqual(hostAck.room);
    const ids = hostAck.room.playlist.map((video) => video.id);
    for (const id of [first.id, ...acknowledgedBeforeStop]) expect(ids).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(hostAck.room.current_video).toMatchObject({ id: first.id, playing: false, current_time: 61.5, rate: 1.5 });
    expect(hostAck.room.version).toBe(4 + ids.length - 1);

    // The room carries on: a new change reaches the follower over its new connection.
    const next = await hostClient.request('playlist:select', { id: ids.at(-1) as string });
    expect(next.ok).toBe(true);
    if (next.ok) await follower.waitForVersion(next.version);
  });
});
