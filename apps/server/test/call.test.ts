import { CALL_SIGNAL_TOPIC, userKey } from '@xemchung/protocol';
import { afterAll, expect, it } from 'vitest';
import { type Backend, onEveryBackend, roomAcross } from './backends.ts';
import { idOf, OFFER, signalsTo } from './p2p-clients.ts';
import { type TestClient, waitFor } from './room-clients.ts';

function callCases(setup: () => Backend) {
  const sockets: TestClient[] = [];
  afterAll(() => {
    for (const client of sockets.splice(0)) client.close();
  });

  /** A room with its host, a signed-in member and a guest, each on `nodes[i % nodes.length]`. */
  async function room() {
    const { roomId, hostUser, lanUser: memberUser, join } = await roomAcross(setup().nodes, sockets);
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

  it('R127: offers and answers of the call pass only between two tabs of the call; others are refused, unrelayed', async () => {
    const { host, member, guest } = await room();
    expect(await host.request('call:join', { audio: true, video: false })).toMatchObject({ ok: true });
    const call = (to: TestClient, type: 'offer' | 'answer' = 'offer') => ({
      to: idOf(to),
      itemId: CALL_SIGNAL_TOPIC,
      description: { ...OFFER, type },
    });
    // Someone outside the call offering to a tab in it, and a tab of the call offering to one outside it.
    expect(await guest.request('p2p:signal', call(host))).toMatchObject({ ok: false, error: { code: 'not_in_call' } });
    expect(await host.request('p2p:signal', call(member, 'answer'))).toMatchObject({
      ok: false,
      error: { code: 'not_in_call' },
    });
    // Once both are in the call, the offer reaches the other tab alone.
    expect(await member.request('call:join', { audio: true, video: false })).toMatchObject({ ok: true });
    expect(await member.request('p2p:signal', call(host))).toEqual({ ok: true });
    await waitFor(() => (signalsTo(host).length > 0 ? true : undefined), 10_000, 'the offer');
    expect(signalsTo(host)).toEqual([
      expect.objectContaining({ from: idOf(member), itemId: CALL_SIGNAL_TOPIC, description: { ...OFFER } }),
    ]);
    expect(signalsTo(guest)).toEqual([]);
    // A candidate sent right after an offer reaches the other tab after it, though the offer is checked on the room
    // first: ahead of it, the other page would add it with no description and lose it.
    const candidate = {
      candidate: 'candidate:1 1 udp 2122260223 192.0.2.7 54321 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    const sent = await Promise.all([
      member.request('p2p:signal', call(host)),
      member.request('p2p:signal', { to: idOf(host), itemId: CALL_SIGNAL_TOPIC, candidate }),
    ]);
    expect(sent).toEqual([{ ok: true }, { ok: true }]);
    await waitFor(() => (signalsTo(host).length >= 3 ? true : undefined), 10_000, 'the offer and its candidate');
    expect(signalsTo(host).slice(1)).toEqual([
      expect.objectContaining({ description: { ...OFFER } }),
      expect.objectContaining({ candidate }),
    ]);
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
