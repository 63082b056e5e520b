import { P2P_SDP_MAX } from '@xemchung/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { P2P_RATES } from '../src/p2p/p2p-handlers.ts';
import { COMMAND_RATE } from '../src/realtime/socket-server.ts';
import { announceArrives, announcesTo, CANDIDATE, drained, ITEM_ID, idOf, OFFER, signalsTo } from './p2p-clients.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser, waitFor } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

/** How many of `acks` were answered with each code ('ok' for a success). */
function tally(acks: Array<{ ok: boolean; error?: { code: string } }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const ack of acks) {
    const key = ack.ok ? 'ok' : (ack.error?.code ?? '?');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

// The relay reads and writes no database, so one kind is enough.
describe('own files signalling on one node (R113)', () => {
  const server = suiteServer('sqlite');
  let host: TestUser;
  let roomId: string;
  let otherRoomId: string;

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ phòng');
    roomId = await createRoom(server, host);
    otherRoomId = await createRoom(server, host, 'Phòng khác');
  });

  /** A guest (or `user`) connected and in `room`. */
  async function inRoom(room: string, user?: TestUser): Promise<TestClient> {
    const client = server.track(await connect(server, user ? { user } : {}));
    expect(await client.join(room)).toMatchObject({ ok: true });
    return client;
  }

  it('R113: an announce reaches everyone else in the room, guests included, and not the sender nor another room', async () => {
    const [sharer, viewer, guest] = [await inRoom(roomId, host), await inRoom(roomId), await inRoom(roomId)];
    const elsewhere = await inRoom(otherRoomId);

    expect(await guest.request('p2p:announce', { itemId: ITEM_ID, has: false })).toEqual({ ok: true });
    expect(await sharer.request('p2p:announce', { itemId: ITEM_ID, has: true })).toEqual({ ok: true });

    const expected = { roomId, from: idOf(sharer), itemId: ITEM_ID, has: true };
    expect(await announceArrives(viewer, sharer, ITEM_ID)).toEqual(expected);
    expect(await announceArrives(guest, sharer, ITEM_ID)).toEqual(expected);
    expect(await announceArrives(sharer, guest, ITEM_ID)).toEqual({ ...expected, from: idOf(guest), has: false });
    await drained(sharer, viewer);
    expect(announcesTo(sharer).filter((event) => event.from === idOf(sharer))).toEqual([]);
    await drained(elsewhere, await inRoom(otherRoomId));
    expect(announcesTo(elsewhere).filter((event) => event.itemId === ITEM_ID)).toEqual([]);
  });

  it('R113: a signal reaches its target alone, with who sent it', async () => {
    const [offerer, target, bystander] = [await inRoom(roomId), await inRoom(roomId), await inRoom(roomId)];

    const offer = { to: idOf(target), itemId: ITEM_ID, description: OFFER };
    expect(await offerer.request('p2p:signal', offer)).toEqual({ ok: true });
    const end = { candidate: '', sdpMid: null, sdpMLineIndex: null };
    for (const candidate of [CANDIDATE, end]) {
      expect(await offerer.request('p2p:signal', { to: idOf(target), itemId: ITEM_ID, candidate })).toEqual({
        ok: true,
      });
    }
    const answer = { type: 'answer', sdp: OFFER.sdp } as const;
    expect(await target.request('p2p:signal', { to: idOf(offerer), itemId: ITEM_ID, description: answer })).toEqual({
      ok: true,
    });

    const from = { roomId, from: idOf(offerer), itemId: ITEM_ID };
    await waitFor(() => (signalsTo(target).length === 3 ? true : undefined), 10_000, 'three signals');
    expect(signalsTo(target)).toEqual([
      { ...from, description: OFFER },
      { ...from, candidate: CANDIDATE },
      { ...from, candidate: end },
    ]);
    await waitFor(() => (signalsTo(offerer).length === 1 ? true : undefined), 10_000, 'the answer');
    expect(signalsTo(offerer)).toEqual([{ roomId, from: idOf(target), itemId: ITEM_ID, description: answer }]);
    await drained(bystander, offerer);
    expect(signalsTo(bystander)).toEqual([]);
  });

  it('R113: a signal to a socket in another room, or in none, reaches nobody and is still answered ok', async () => {
    const sender = await inRoom(roomId);
    const elsewhere = await inRoom(otherRoomId);
    const roomless = server.track(await connect(server));

    for (const target of [elsewhere, roomless]) {
      const signal = { to: idOf(target), itemId: ITEM_ID, candidate: CANDIDATE };
      expect(await sender.request('p2p:signal', signal)).toEqual({ ok: true });
    }
    await drained(elsewhere, await inRoom(otherRoomId));
    expect(signalsTo(elsewhere)).toEqual([]);
    // The roomless socket joins now: a marker in the room reaches it after anything sent to it before.
    expect(await roomless.join(roomId)).toMatchObject({ ok: true });
    await drained(roomless, sender);
    expect(signalsTo(roomless)).toEqual([]);
  });

  it('R113: a socket that left the room neither sends nor receives the signalling', async () => {
    const [stayer, leaver] = [await inRoom(roomId), await inRoom(roomId)];
    const outsider = server.track(await connect(server));
    const joinFirst = { ok: false, error: { code: 'not_joined', message: 'Join the room first' } };

    expect(await outsider.request('p2p:announce', { itemId: ITEM_ID, has: true })).toEqual(joinFirst);
    expect(await outsider.request('p2p:signal', { to: idOf(stayer), itemId: ITEM_ID, candidate: CANDIDATE })).toEqual(
      joinFirst,
    );
    expect(await leaver.request('room:leave', {})).toMatchObject({ ok: true });
    expect(await leaver.request('p2p:announce', { itemId: ITEM_ID, has: true })).toEqual(joinFirst);
    expect(await stayer.request('p2p:signal', { to: idOf(leaver), itemId: ITEM_ID, candidate: CANDIDATE })).toEqual({
      ok: true,
    });
    expect(await stayer.request('p2p:announce', { itemId: ITEM_ID, has: true })).toEqual({ ok: true });
    // Back in the room, it gets what is sent from now on, and nothing of what was sent while it was out.
    expect(await leaver.join(roomId)).toMatchObject({ ok: true });
    await drained(leaver, stayer);
    expect(signalsTo(leaver)).toEqual([]);
    expect(announcesTo(leaver).filter((event) => event.itemId === ITEM_ID)).toEqual([]);
  });

  it.each([
    ['to itself', (self: string) => ({ to: self, itemId: ITEM_ID, candidate: CANDIDATE }), /^to: /],
    [
      'both a description and a candidate',
      (self: string) => ({ to: `${self}x`, itemId: ITEM_ID, description: OFFER, candidate: CANDIDATE }),
      /exactly one/,
    ],
    ['neither a description nor a candidate', (self: string) => ({ to: `${self}x`, itemId: ITEM_ID }), /exactly one/],
    [
      'an SDP over the limit',
      (self: string) => ({
        to: `${self}x`,
        itemId: ITEM_ID,
        description: { type: 'offer', sdp: 'x'.repeat(P2P_SDP_MAX + 1) },
      }),
      /^description\.sdp: /,
    ],
  ])('R113: refuses a signal %s as invalid_payload', async (_label, payload, message) => {
    const sender = await inRoom(roomId);
    const ack = await sender.raw('p2p:signal', payload(idOf(sender)));
    expect(ack).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload', message: expect.stringMatching(message) },
    });
    expect(sender.socket.connected).toBe(true);
  });

  it('R113: signals and announces past their own budgets answer rate_limited, leaving the socket and its command budget', async () => {
    const [sender, target] = [await inRoom(roomId), await inRoom(roomId)];
    const signal = { to: idOf(target), itemId: ITEM_ID, candidate: CANDIDATE };
    const signalBudget = P2P_RATES['p2p:signal']?.capacity ?? 0;
    const announceBudget = P2P_RATES['p2p:announce']?.capacity ?? 0;

    // All emitted in one go; then as many pings as the command budget has left after the join, which a budget
    // shared with the signalling would refuse.
    const signals = Array.from({ length: signalBudget * 2 }, () => sender.request('p2p:signal', signal));
    const announces = Array.from({ length: announceBudget * 3 }, () =>
      sender.request('p2p:announce', { itemId: ITEM_ID, has: true }),
    );
    const pings = Array.from({ length: COMMAND_RATE.capacity - 1 }, () => sender.request('clock:ping', {}));

    const signalAcks = tally(await Promise.all(signals));
    expect(signalAcks.get('ok')).toBeGreaterThanOrEqual(signalBudget);
    expect(signalAcks.get('rate_limited')).toBeGreaterThan(0);
    expect(signalAcks.size).toBe(2);
    const announceAcks = tally(await Promise.all(announces));
    expect(announceAcks.get('ok')).toBeGreaterThanOrEqual(announceBudget);
    expect(announceAcks.get('rate_limited')).toBeGreaterThan(0);
    expect(announceAcks.size).toBe(2);
    expect(tally(await Promise.all(pings))).toEqual(new Map([['ok', COMMAND_RATE.capacity - 1]]));
    expect(sender.socket.connected).toBe(true);
    // Only what was let through was relayed.
    await drained(target, await inRoom(roomId));
    expect(signalsTo(target)).toHaveLength(signalAcks.get('ok') ?? 0);
  });
});
