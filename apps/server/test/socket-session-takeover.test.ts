import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { DATABASE_KINDS, type TestServer } from './harness.ts';
import { connect, createRoom, signedInUser, type TestClient, youtubeVideo } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

/** What a raw WebSocket to the server got: the HTTP status of a refused upgrade, or the frames it received. */
type Outcome = { refused: number } | { frames: string[] };

/**
 * The attack of issue 13: a second WebSocket naming a connected client's engine.io session id, from another
 * site and without its cookie, probes and "upgrades" that session, then sends a host command on it.
 */
async function hijack(server: TestServer, sid: string, frames: string[], origin: string): Promise<Outcome> {
  const url = `${server.url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket&sid=${encodeURIComponent(sid)}`;
  const ws = new WebSocket(url, { headers: { origin } });
  const received: string[] = [];
  return new Promise((resolve) => {
    ws.on('unexpected-response', (_request, response) => {
      resolve({ refused: response.statusCode ?? 0 });
      response.resume();
      ws.terminate();
    });
    ws.on('error', () => resolve({ frames: received }));
    ws.on('open', () => {
      ws.send('2probe');
    });
    ws.on('message', (data) => {
      const frame = String(data);
      received.push(frame);
      if (frame === '3probe') {
        for (const next of frames) ws.send(next);
      }
      if (frame.startsWith('43')) {
        ws.close();
        resolve({ frames: received });
      }
    });
    ws.on('close', () => resolve({ frames: received }));
  });
}

/** A long-polling request, which the app never makes. */
async function poll(server: TestServer, query: string): Promise<number> {
  const response = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling${query}`, {
    headers: { origin: server.url },
  });
  await response.arrayBuffer();
  return response.status;
}

describe.each(DATABASE_KINDS)('engine.io session ids on %s (R24)', (kind) => {
  const server = suiteServer(kind);
  let host: TestClient;
  let roomId: string;

  beforeAll(async () => {
    const user = await signedInUser(server, 'Chủ phòng');
    roomId = await createRoom(server, user);
    host = await connect(server, { user });
    expect(await host.join(roomId)).toMatchObject({ ok: true, isHost: true });
  });

  afterAll(async () => {
    host?.close();
  });

  it('refuses a WebSocket that names a connected client’s sid, and nothing changes (R24)', async () => {
    const sid = host.socket.io.engine.id;
    expect(sid).toBeTruthy();
    const before = await new RoomRepository(server.app.db).load(roomId);
    const video = youtubeVideo('Hijacked');
    const command = `421${JSON.stringify(['playlist:add', { video }])}`;
    const outcome = await hijack(server, sid, ['5', command], 'https://evil.example');
    expect(outcome).toEqual({ refused: 400 });
    const after = await new RoomRepository(server.app.db).load(roomId);
    expect(after?.version).toBe(before?.version);
    expect(after?.playlist.map((item) => item.id)).not.toContain(video.id);
    // The real client still has its session and its identity.
    expect(host.socket.connected).toBe(true);
    expect(await host.request('playlist:add', { video: youtubeVideo('Mine') })).toMatchObject({ ok: true });
  });

  it('refuses a sid even from our own origin: every connection is a new WebSocket (R24)', async () => {
    const sid = host.socket.io.engine.id;
    expect(await hijack(server, sid, ['5'], server.url)).toEqual({ refused: 400 });
    expect(await hijack(server, 'not-a-session', ['5'], server.url)).toEqual({ refused: 400 });
    expect(host.socket.connected).toBe(true);
  });

  it('refuses a long-polling request that names a connected client’s sid (R24)', async () => {
    expect(await poll(server, `&sid=${encodeURIComponent(host.socket.io.engine.id)}`)).toBe(400);
    expect(host.socket.connected).toBe(true);
  });
});
