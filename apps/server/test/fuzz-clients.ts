import {
  type AckResult,
  type CommandPayload,
  type CommandType,
  PROTOCOL_VERSION,
  type RoomSnapshot,
} from '@xemchung/protocol';
import { ackFailureSchema } from '@xemchung/protocol/schemas';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import type { TestServer } from './harness.ts';
import { type TestClient, waitFor, youtubeVideo } from './room-clients.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a fuzzed message may be answered with: a typed refusal (never `internal`), or ok for a harmless command. */
export function expectTypedAnswer(ack: unknown, okAllowed: boolean): void {
  const failure = ackFailureSchema.safeParse(ack);
  if (failure.success) {
    expect(failure.data.error.code).not.toBe('internal');
    return;
  }
  expect(okAllowed, `unexpected answer ${JSON.stringify(ack)?.slice(0, 200)}`).toBe(true);
  expect(ack).toMatchObject({ ok: true });
}

/** A room without its identity and server timestamps: what two rooms given the same commands must share. */
export function comparable(room: RoomSnapshot | null) {
  if (!room) throw new Error('room is gone');
  const { id: _id, current_video, ...rest } = room;
  return { ...rest, current_video: { ...current_video, updated_at: 0 } };
}

export async function loadRoom(server: TestServer, roomId: string): Promise<RoomSnapshot | null> {
  return new RoomRepository(server.app.db).load(roomId);
}

type Step = { [T in CommandType]: [T, CommandPayload<T>] }[CommandType];

/** A host's legitimate session: adds, selects, playback reports, an autoplay, a removal, a clean-up. */
export function legitimateSteps(): Step[] {
  const v = Array.from({ length: 5 }, (_, i) => youtubeVideo(`Video ${i}`));
  const [v0, v1, v2, v3, v4] = v as [(typeof v)[0], (typeof v)[0], (typeof v)[0], (typeof v)[0], (typeof v)[0]];
  return [
    ['playlist:add', { video: v0 }],
    ['playlist:add', { video: v1 }],
    ['playlist:add', { video: v2 }],
    ['playlist:select', { id: v1.id }],
    ['playback:update', { id: v1.id, playing: false, position: 42.5, rate: 1.25 }],
    ['playlist:add', { video: v3 }],
    ['playback:ended', { id: v1.id }],
    ['playlist:remove', { id: v0.id }],
    ['playlist:clearWatched', {}],
    ['playlist:add', { video: v4 }],
    ['playlist:select', { id: v4.id }],
    ['playback:update', { id: v4.id, playing: true, position: 3, rate: 1 }],
  ];
}

/**
 * Runs the same legitimate steps in the fuzzed room and in a control room no fuzz reaches, a little apart so
 * they interleave with the fuzz. Both rooms must answer alike and commit the same versions.
 */
export async function runLegitimately(fuzzed: TestClient, control: TestClient, steps: Step[]): Promise<void> {
  for (const [type, payload] of steps) {
    const a = (await fuzzed.request(type, payload as never)) as AckResult<{ version?: number }>;
    const b = (await control.request(type, payload as never)) as AckResult<{ version?: number }>;
    expect(a, type).toEqual(b);
    expect(a.ok, `${type}: ${JSON.stringify(a)}`).toBe(true);
    await sleep(40);
  }
}

export interface RawSocket {
  ws: WebSocket;
  frames: string[];
  closed: Promise<void>;
}

/** A Socket.IO connection spoken by hand over `ws`, joined to the main namespace, for frames no client would send. */
export async function rawSocket(server: TestServer): Promise<RawSocket> {
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, {
    headers: { origin: server.url },
  });
  const frames: string[] = [];
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  ws.on('message', (data, isBinary) => frames.push(isBinary ? '<binary>' : String(data)));
  ws.on('error', () => {});
  await waitFor(() => frames.find((frame) => frame.startsWith('0')), 5000, 'engine.io open');
  ws.send(`40${JSON.stringify({ protocol: PROTOCOL_VERSION })}`);
  await waitFor(() => frames.find((frame) => frame.startsWith('40')), 5000, 'namespace connect');
  return { ws, frames, closed };
}

/** Sends a stream of commands without waiting, and resolves when the server closes the connection. */
export function flood(client: TestClient, count: number): Promise<{ answers: Map<string, number>; reason: string }> {
  const answers = new Map<string, number>();
  const count1 = (key: string) => answers.set(key, (answers.get(key) ?? 0) + 1);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the flooding socket was never cut off')), 15_000);
    client.socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve({ answers, reason });
    });
    for (let i = 0; i < count; i++) {
      const [event, payload] = i % 2 ? ['clock:ping', {}] : ['playlist:add', { video: i }];
      client.socket.emit(event, payload, (ack: AckResult) => count1(ack.ok ? 'ok' : ack.error.code));
    }
  });
}
