import { ClockOffsetEstimator, DEFAULT_CURRENT_VIDEO } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { ScriptedSocket, scriptedClient, scriptedRoom } from '../../test/scriptedSocket.ts';
import { createRoomClient } from './roomClient.ts';

type Client = ReturnType<typeof createRoomClient>;

const video = { id: 'abcdefghijk', title: 'Bài hát', thumbnail: '', source: 'youtube' as const, mediaUrl: null };

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('roomClient', () => {
  it('joins, holds the snapshot and tells subscribers', async () => {
    const { socket, client } = scriptedClient();
    const seen: number[] = [];
    client.onState((state) => seen.push(state.version));
    const ack = await client.join('room1234room1234');
    expect(ack).toMatchObject({ ok: true, isHost: true });
    expect(socket.sent[0]).toEqual({ event: 'room:join', payload: { roomId: 'room1234room1234' }, timeout: 500 });
    expect(client.state?.version).toBe(3);
    expect(seen).toEqual([3]);
  });

  it('knows its person key from the join answer, and votes to skip the item it names (R65)', async () => {
    const { socket, client } = scriptedClient();
    expect(client.personKey).toBeNull();
    await client.join('room1234room1234');
    expect(client.personKey).toBe('u:host');
    await client.voteSkip('abcdefghijk', true);
    await client.voteSkip('abcdefghijk', false);
    expect(socket.sent.filter((sent) => sent.event === 'vote:skip').map((sent) => sent.payload)).toEqual([
      { id: 'abcdefghijk', skip: true },
      { id: 'abcdefghijk', skip: false },
    ]);
  });

  it('drops states older than or equal to the one it holds, and states of other rooms (R18)', async () => {
    const { socket, client } = scriptedClient(5);
    const seen: number[] = [];
    client.onState((state) => seen.push(state.version));
    await client.join('room1234room1234');
    socket.fire('room:state', scriptedRoom(4));
    socket.fire('room:state', scriptedRoom(5));
    socket.fire('room:state', scriptedRoom(7));
    socket.fire('room:state', scriptedRoom(6));
    socket.fire('room:state', scriptedRoom(9, 'another0another0'));
    expect(seen).toEqual([5, 7]);
    expect(client.state?.version).toBe(7);
  });

  it('R108: applies a delta to the version before it, drops an old one, and joins again across a gap', async () => {
    const { socket, client } = scriptedClient(5);
    const seen: Array<[number, string[], number]> = [];
    client.onState((state) => seen.push([state.version, state.skipVotes, state.playlist.length]));
    await client.join('room1234room1234');
    socket.fire('room:delta', { roomId: 'room1234room1234', version: 6, set: { skipVotes: ['g:A'] } });
    socket.fire('room:delta', { roomId: 'room1234room1234', version: 6, set: { skipVotes: ['g:B'] } }); // a repeat
    socket.fire('room:delta', { roomId: 'another0another0', version: 7, set: { skipVotes: ['g:C'] } });
    socket.fire('room:delta', {
      roomId: 'room1234room1234',
      version: 7,
      playlist: { inserted: [{ index: 0, video: { ...video, visited: false } }] },
    });
    expect(seen).toEqual([
      [5, [], 0],
      [6, ['g:A'], 0],
      [7, ['g:A'], 1],
    ]);
    // Version 8 was missed: 9 cannot be applied to 7, so the whole room is asked for again.
    const joins = () => socket.sent.filter((sent) => sent.event === 'room:join').length;
    socket.answer = () => ({
      ok: true,
      room: { ...scriptedRoom(8), skipVotes: ['u:x'] },
      serverTime: 0,
      isHost: true,
      me: null,
      personKey: 'u:host',
    });
    socket.fire('room:delta', { roomId: 'room1234room1234', version: 9, set: { loop: 'all' } });
    await flush();
    expect(joins()).toBe(2);
    // The room of the answer (8), then the delta that waited for it (9).
    expect(client.state).toMatchObject({ version: 9, skipVotes: ['u:x'], loop: 'all' });
  });

  it('knows when it last joined the room, a join again after a reconnection too, and forgets it when it leaves (R106)', async () => {
    const socket = new ScriptedSocket();
    const client = createRoomClient(socket.asSocket());
    let serverTime = 1000;
    socket.answer = () => ({ ok: true, room: scriptedRoom(7), serverTime, isHost: false, me: null, personKey: 'g:A' });
    expect(client.joinedAt).toBeNull();
    await client.join('room1234room1234');
    expect(client.joinedAt).toBe(1000);
    serverTime = 5000;
    await client.join('room1234room1234');
    expect(client.joinedAt).toBe(5000);
    socket.answer = () => ({ ok: true, closed: true });
    void client.leave();
    expect(client.joinedAt).toBeNull();
  });

  it('R108: keeps a delta that comes before the join answer and applies it to the room the answer brings', async () => {
    const socket = new ScriptedSocket();
    const client = createRoomClient(socket.asSocket());
    socket.answer = () => {
      socket.fire('room:delta', { roomId: 'room1234room1234', version: 8, set: { loop: 'one' } });
      return { ok: true, room: scriptedRoom(7), serverTime: 0, isHost: false, me: null, personKey: 'g:A' };
    };
    await client.join('room1234room1234');
    expect(client.state).toMatchObject({ version: 8, loop: 'one' });
  });

  it('keeps a broadcast that overtook the join ack (R18)', async () => {
    const socket = new ScriptedSocket();
    const client = createRoomClient(socket.asSocket());
    socket.answer = () => {
      socket.fire('room:state', scriptedRoom(8)); // committed between the server's join and its ack
      return { ok: true, room: scriptedRoom(7), serverTime: 0, isHost: false, me: null };
    };
    await client.join('room1234room1234');
    expect(client.state?.version).toBe(8);
  });

  it.each([
    ['addVideo', 'playlist:add', (c: Client) => c.addVideo(video), { video }],
    ['select', 'playlist:select', (c: Client) => c.select('abcdefghijk'), { id: 'abcdefghijk' }],
    ['remove', 'playlist:remove', (c: Client) => c.remove('abcdefghijk'), { id: 'abcdefghijk' }],
    ['clearWatched', 'playlist:clearWatched', (c: Client) => c.clearWatched(), {}],
    ['ended', 'playback:ended', (c: Client) => c.ended('abcdefghijk'), { id: 'abcdefghijk' }],
    ['clearQueue', 'playlist:clear', (c: Client) => c.clearQueue(), {}],
    ['grant', 'cohost:grant', (c: Client) => c.grant('uid-1'), { uid: 'uid-1' }],
    ['revoke', 'cohost:revoke', (c: Client) => c.revoke('uid-1'), { uid: 'uid-1' }],
    [
      'changeSettings',
      'room:settings',
      (c: Client) => c.changeSettings({ guestChat: true }),
      { settings: { guestChat: true } },
    ],
    ['kick', 'moderation:kick', (c: Client) => c.kick('g:ABCDEFGHJK'), { key: 'g:ABCDEFGHJK' }],
    ['ban', 'moderation:ban', (c: Client) => c.ban('uid-1'), { uid: 'uid-1' }],
    ['unban', 'moderation:unban', (c: Client) => c.unban('uid-1'), { uid: 'uid-1' }],
    ['bans', 'moderation:bans', (c: Client) => c.bans(), {}],
    ['kicks', 'moderation:kicks', (c: Client) => c.kicks(), {}],
    ['unkick', 'moderation:unkick', (c: Client) => c.unkick('g:ABCDEFGHJK'), { key: 'g:ABCDEFGHJK' }],
    [
      'updatePlayback',
      'playback:update',
      (c: Client) => c.updatePlayback({ id: 'abcdefghijk', playing: false, position: 12.5, rate: 1.25 }),
      { id: 'abcdefghijk', playing: false, position: 12.5, rate: 1.25 },
    ],
  ])('%s sends %s with its payload and returns the ack', async (_name, event, call, payload) => {
    const { socket, client } = scriptedClient();
    socket.answer = (name) => (name === event ? { ok: true, version: 12 } : { ok: false });
    expect(await call(client)).toEqual({ ok: true, version: 12 });
    expect(socket.sent.at(-1)).toEqual({ event, payload, timeout: 500 });
  });

  it('reports playback for the current video when no id is given, and refuses when nothing plays', async () => {
    const { socket, client } = scriptedClient();
    expect(await client.updatePlayback({ playing: true, position: 1, rate: 1 })).toMatchObject({
      ok: false,
      error: { code: 'version_conflict' },
    });
    await client.join('room1234room1234');
    socket.fire('room:state', {
      ...scriptedRoom(4),
      current_video: { ...DEFAULT_CURRENT_VIDEO, id: 'abcdefghijk', index: 0 },
    });
    await client.updatePlayback({ playing: true, position: 3, rate: 1 });
    expect(socket.sent.at(-1)).toMatchObject({ event: 'playback:update', payload: { id: 'abcdefghijk' } });
  });

  it('turns a missing ack into an unavailable failure', async () => {
    const { socket, client } = scriptedClient();
    socket.answer = () => new Error('operation has timed out');
    expect(await client.select('abcdefghijk')).toEqual({
      ok: false,
      error: { code: 'unavailable', message: 'No answer from the server' },
    });
  });

  it('feeds ping round trips to the clock estimator (R20)', async () => {
    let local = 10_000;
    const clock = new ClockOffsetEstimator({ now: () => local });
    const socket = new ScriptedSocket();
    socket.answer = () => {
      local += 100; // 100 ms round trip; the server, 5 s ahead, answered half-way
      return { ok: true, serverTime: local - 50 + 5000 };
    };
    const client = createRoomClient(socket.asSocket(), { clock });
    await client.syncClock(3);
    expect(socket.sent.map((sent) => sent.event)).toEqual(['clock:ping', 'clock:ping', 'clock:ping']);
    expect(clock.sampleCount).toBe(3);
    expect(clock.offset).toBe(5000);
  });

  it('computes the expected position on the server clock', async () => {
    let local = 0;
    const clock = new ClockOffsetEstimator({ now: () => local });
    const socket = new ScriptedSocket();
    const playing = { id: 'abcdefghijk', index: 0, playing: true, current_time: 20, updated_at: 50_000, rate: 2 };
    socket.answer = () => ({
      ok: true,
      room: { ...scriptedRoom(2), current_video: playing },
      serverTime: 50_000,
      isHost: false,
      me: null,
    });
    const client = createRoomClient(socket.asSocket(), { clock });
    expect(client.expectedPosition()).toBeNull();
    await client.join('room1234room1234'); // offset: server 50 000 − local 0
    local = 3000;
    expect(client.expectedPosition()).toBe(26);
    expect(client.expectedPosition(25)).toBe(25);
  });

  it('stops listening after dispose', async () => {
    const { socket, client } = scriptedClient();
    const seen: number[] = [];
    client.onState((state) => seen.push(state.version));
    await client.join('room1234room1234');
    client.dispose();
    socket.fire('room:state', scriptedRoom(10));
    expect(seen).toEqual([3]);
    expect([...socket.listeners.values()].every((set) => set.size === 0)).toBe(true);
  });
});
