import { userKey } from '@xemchung/protocol';
import { afterAll, expect, it } from 'vitest';
import { type Backend, onEveryBackend, roomAcross } from './backends.ts';
import type { TestServer } from './harness.ts';
import { idOf, OFFER, signalsTo } from './p2p-clients.ts';
import { connect, type TestClient, waitFor, youtubeVideo } from './room-clients.ts';

function shareCases(setup: () => Backend) {
  const sockets: TestClient[] = [];
  afterAll(() => {
    for (const client of sockets.splice(0)) client.close();
  });

  /** A room playing a video: its host, a co-host and a guest, each on `nodes[i % nodes.length]`. */
  async function playingRoom() {
    const { roomId, hostUser, lanUser: cohostUser, join } = await roomAcross(setup().nodes, sockets);
    const host = await join(0, hostUser);
    expect(await host.request('cohost:grant', { uid: cohostUser.uid })).toMatchObject({ ok: true });
    const cohost = await join(1, cohostUser);
    const guest = await join(2);
    const video = youtubeVideo('Phim');
    expect(await host.request('playlist:add', { video })).toMatchObject({ ok: true });
    expect(await host.request('playlist:select', { id: video.id })).toMatchObject({ ok: true });
    return { roomId, host, cohost, guest, cohostUser, videoId: video.id };
  }

  /** The share `client` last heard of, once it is `expected` (by peer; null: no share). */
  const heardShare = (client: TestClient, peer: string | null) =>
    waitFor(
      () => {
        const share = client.latest?.share ?? client.joined?.share ?? null;
        return (share?.peer ?? null) === peer ? { share } : undefined;
      },
      10_000,
      `share of ${peer}`,
    );

  it('R126: a co-host shares; the room pauses, everyone learns who shares and which tab; a guest may not', async () => {
    const { load } = setup();
    const { roomId, host, cohost, guest, cohostUser } = await playingRoom();
    expect(await guest.request('share:start')).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    expect(await cohost.request('share:start')).toMatchObject({ ok: true });
    const room = await load(roomId);
    expect(room.share).toMatchObject({ peer: idOf(cohost), by: { key: userKey(cohostUser.uid), name: 'Lan' } });
    expect(room.share?.id).toMatch(/^sh-[0-9a-f-]{36}$/);
    expect(room.current_video.playing).toBe(false);
    for (const client of [host, guest]) await heardShare(client, idOf(cohost));

    // One share at a time: the host is told someone shares; the co-host's second tab takes the share over.
    expect(await host.request('share:start')).toMatchObject({ ok: false, error: { code: 'share_taken' } });
    const secondTab = await connect(setup().nodes[0] as TestServer, { user: cohostUser });
    sockets.push(secondTab);
    expect(await secondTab.join(roomId)).toMatchObject({ ok: true });
    expect(await secondTab.request('share:start')).toMatchObject({ ok: true });
    await heardShare(guest, idOf(secondTab));

    // The signalling of the share is R113's, with the share's id: an offer reaches the sharing tab alone.
    const share = (await load(roomId)).share;
    if (!share) throw new Error('no share');
    expect(await guest.request('p2p:signal', { to: share.peer, itemId: share.id, description: OFFER })).toEqual({
      ok: true,
    });
    await waitFor(() => (signalsTo(secondTab).length > 0 ? true : undefined), 10_000, 'the offer');
    expect(signalsTo(secondTab)).toEqual([{ roomId, from: idOf(guest), itemId: share.id, description: OFFER }]);
    expect(signalsTo(cohost)).toEqual([]);
    // An offer about the share passes only to or from its sharing tab, for the room's share now (R126).
    expect(await guest.request('p2p:signal', { to: idOf(host), itemId: share.id, description: OFFER })).toMatchObject({
      ok: false,
      error: { code: 'not_sharing' },
    });
    const ended = 'sh-00000000-0000-4000-8000-000000000000';
    expect(await guest.request('p2p:signal', { to: share.peer, itemId: ended, description: OFFER })).toMatchObject({
      ok: false,
      error: { code: 'not_sharing' },
    });
    expect(signalsTo(host)).toEqual([]);
  });

  it('R126: the sharer or a controller stops a share; a guest may not, and a stale stop changes nothing', async () => {
    const { load } = setup();
    const { roomId, host, cohost, guest } = await playingRoom();
    expect(await cohost.request('share:start')).toMatchObject({ ok: true });
    const id = (await load(roomId)).share?.id ?? '';
    const version = (await load(roomId)).version;
    expect(await guest.request('share:stop', { id })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await host.request('share:stop', { id: 'sh-other' })).toEqual({ ok: true, version });
    expect(await host.request('share:stop', { id })).toMatchObject({ ok: true, version: version + 1 });
    expect((await load(roomId)).share).toBeNull();
    await heardShare(guest, null);

    expect(await cohost.request('share:start')).toMatchObject({ ok: true });
    const next = (await load(roomId)).share?.id ?? '';
    expect(await cohost.request('share:stop', { id: next })).toMatchObject({ ok: true });
    expect((await load(roomId)).share).toBeNull();
    expect(await cohost.raw('share:stop', { id: '<script>' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload' },
    });
  });

  it('R126: a share ends when its tab leaves, when its sharer loses control, and when the room plays again', async () => {
    const { load } = setup();
    const { roomId, host, cohost, guest, cohostUser, videoId } = await playingRoom();
    expect(await cohost.request('share:start')).toMatchObject({ ok: true });
    await heardShare(guest, idOf(cohost));
    cohost.close();
    await heardShare(guest, null);
    expect((await load(roomId)).share).toBeNull();

    const back = await connect(setup().nodes[1 % setup().nodes.length] as TestServer, { user: cohostUser });
    sockets.push(back);
    expect(await back.join(roomId)).toMatchObject({ ok: true });
    expect(await back.request('share:start')).toMatchObject({ ok: true });
    expect(await host.request('cohost:revoke', { uid: cohostUser.uid })).toMatchObject({ ok: true });
    expect((await load(roomId)).share).toBeNull();

    expect(await host.request('share:start')).toMatchObject({ ok: true });
    expect(await host.request('playback:update', { id: videoId, playing: true, position: 12, rate: 1 })).toMatchObject({
      ok: true,
    });
    const playing = await load(roomId);
    expect(playing.share).toBeNull();
    expect(playing.current_video.playing).toBe(true);
    await heardShare(guest, null);
  });

  it('R126: a kick ends the kicked sharer’s share at once', async () => {
    const { load } = setup();
    const { roomId, host, cohost, guest, cohostUser } = await playingRoom();
    expect(await cohost.request('share:start')).toMatchObject({ ok: true });
    await heardShare(guest, idOf(cohost));
    expect(await host.request('moderation:kick', { key: userKey(cohostUser.uid) })).toMatchObject({ ok: true });
    await heardShare(guest, null);
    expect((await load(roomId)).share).toBeNull();
  });
}

onEveryBackend('the screen share (R126)', shareCases);
