import { userKey } from '@xemchung/protocol';
import { afterAll, expect, it } from 'vitest';
import { type Backend, onEveryBackend } from './backends.ts';
import type { TestServer } from './harness.ts';
import { idOf } from './p2p-clients.ts';
import { connect, createRoom, signedInUser, type TestClient, waitFor } from './room-clients.ts';

function callCases(setup: () => Backend) {
  const sockets: TestClient[] = [];
  afterAll(() => {
    for (const client of sockets.splice(0)) client.close();
  });

  /** A room with its host, a signed-in member and a guest, each on `nodes[i % nodes.length]`. */
  async function room() {
    const { nodes } = setup();
    const node = (index: number) => nodes[index % nodes.length] ?? (nodes[0] as TestServer);
    const hostUser = await signedInUser(node(0), 'Chủ phòng');
    const memberUser = await signedInUser(node(0), 'Lan');
    const roomId = await createRoom(node(0), hostUser);
    const join = async (index: number, user?: typeof hostUser) => {
      const client = await connect(node(index), user ? { user } : {});
      sockets.push(client);
      expect(await client.join(roomId)).toMatchObject({ ok: true });
      return client;
    };
    return {
      roomId,
      host: await join(0, hostUser),
      member: await join(1, memberUser),
      guest: await join(2),
      memberUser,
    };
  }

  /** The call `client` last heard of, once its tabs are `peers`. */
  const heardCall = (client: TestClient, peers: string[]) =>
    waitFor(
      () => {
        const call = client.latest?.call ?? client.joined?.call ?? [];
        return JSON.stringify(call.map((member) => member.peer)) === JSON.stringify(peers) ? call : undefined;
      },
      10_000,
      `call of ${peers.join(',')}`,
    );

  it('R127: signed-in viewers join and everyone sees them; a guest is refused by default; a mute of the host by a co-host is refused', async () => {
    const { load } = setup();
    const { roomId, host, member, guest, memberUser } = await room();
    expect(await guest.request('call:join', { audio: true, video: false })).toMatchObject({
      ok: false,
      error: { code: 'call_restricted' },
    });
    expect(await host.request('call:join', { audio: true, video: true })).toMatchObject({ ok: true });
    expect(await member.request('call:join', { audio: true, video: false })).toMatchObject({ ok: true });
    await heardCall(guest, [idOf(host), idOf(member)]);
    expect((await load(roomId)).call).toMatchObject([
      { peer: idOf(host), audio: true, video: true },
      { peer: idOf(member), by: { name: 'Lan' }, audio: true, video: false },
    ]);
    expect(await member.request('call:update', { video: true })).toMatchObject({ ok: true });
    expect(await host.request('call:mute', { peer: idOf(member) })).toMatchObject({ ok: true });
    expect((await load(roomId)).call[1]).toMatchObject({ audio: false, video: true });
    expect(await member.request('call:mute', { peer: idOf(host) })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    // A co-host mutes anyone but the host.
    expect(await host.request('cohost:grant', { uid: memberUser.uid })).toMatchObject({ ok: true });
    expect(await member.request('call:mute', { peer: idOf(host) })).toMatchObject({
      ok: false,
      error: { code: 'invalid_target' },
    });
    expect((await load(roomId)).call[0]).toMatchObject({ audio: true });
    expect(await host.raw('call:join', { audio: 'yes', video: false })).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload' },
    });
  });

  it('R127: a tab leaves the call when it leaves the room: closed, or kicked', async () => {
    const { load } = setup();
    const { roomId, host, member, guest, memberUser } = await room();
    expect(await host.request('call:join', { audio: true, video: false })).toMatchObject({ ok: true });
    expect(await member.request('call:join', { audio: true, video: false })).toMatchObject({ ok: true });
    await heardCall(guest, [idOf(host), idOf(member)]);
    expect(await host.request('moderation:kick', { key: userKey(memberUser.uid) })).toMatchObject({ ok: true });
    await heardCall(guest, [idOf(host)]);
    host.close();
    await heardCall(guest, []);
    expect((await load(roomId)).call).toEqual([]);
  });
}

onEveryBackend('the call (R127)', callCases);
