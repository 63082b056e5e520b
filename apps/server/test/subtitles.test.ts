import { readFileSync } from 'node:fs';
import { SUBTITLE_FILE_BYTES_MAX, SUBTITLE_TRACKS_MAX } from '@xemchung/protocol';
import { mediaVideoId } from '@xemchung/protocol/media-video-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCleanup } from '../src/retention/cleanup.ts';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { SUBTITLE_UNATTACHED_MS } from '../src/rooms/subtitle-files.ts';
import { DATABASE_KINDS, startServer, type TestServer } from './harness.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser, waitFor } from './room-clients.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../packages/protocol/fixtures/subtitles/${name}`, import.meta.url));

const FILM = 'https://media.example/films/mua-thu.mp4';
const film = { id: mediaVideoId(FILM), title: 'Mùa thu', thumbnail: '', source: 'media' as const, mediaUrl: FILM };

describe.each(DATABASE_KINDS)('subtitles on %s (R109–R112)', (kind) => {
  let server: TestServer;
  let host: TestUser;
  const clients: TestClient[] = [];
  let address = 0;

  /** Each test uploads from an address of its own, so the per-address rate of one does not reach another. */
  const upload = (roomId: string, body: Uint8Array | string, from = `198.51.100.${++address}`) =>
    fetch(`${server.url}/api/rooms/${roomId}/subtitles`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/octet-stream', 'x-forwarded-for': from },
      body,
    });
  const stored = async (roomId: string) => (await new RoomRepository(server.app.db).load(roomId))?.playlist ?? [];
  const files = async () => (await server.app.db.selectFrom('subtitle_files').select('id').execute()).map((f) => f.id);

  async function roomWithFilm(): Promise<{ roomId: string; hostClient: TestClient }> {
    const roomId = await createRoom(server, host);
    const hostClient = await connect(server, { user: host });
    clients.push(hostClient);
    await hostClient.join(roomId);
    expect(await hostClient.request('playlist:add', { video: film })).toMatchObject({ ok: true });
    return { roomId, hostClient };
  }

  beforeAll(async () => {
    server = await startServer(kind, { env: { TRUST_PROXY: 'true' } });
    host = await signedInUser(server, 'Chủ phòng');
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  it('R109 R110 R111: a Windows-1258 SRT is read, stored as WebVTT, attached, and reaches a late joiner', async () => {
    const { roomId, hostClient } = await roomWithFilm();
    const response = await upload(roomId, fixture('vi-windows-1258.srt'));
    expect(response.status).toBe(201);
    const file = (await response.json()) as { id: string };
    expect(file).toEqual({ id: expect.any(String), cues: 6, skipped: 0, format: 'srt', encoding: 'windows-1258' });
    expect(
      await hostClient.request('subtitle:add', { id: film.id, fileId: file.id, label: 'Tiếng Việt' }),
    ).toMatchObject({
      ok: true,
    });

    const late = await connect(server);
    clients.push(late);
    const joined = await late.join(roomId);
    const tracks = joined.ok ? joined.room?.playlist[0]?.subtitles : undefined;
    expect(tracks).toEqual([{ id: file.id, label: 'Tiếng Việt', cues: 6, by: expect.any(String) }]);
    expect((await stored(roomId))[0]?.subtitles).toEqual(tracks);

    const vtt = await fetch(`${server.url}/api/rooms/${roomId}/subtitles/${file.id}`);
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    const text = await vtt.text();
    expect(text.startsWith('WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nPhụ đề tiếng Việt\n')).toBe(true);
  });

  it('R110 R111: a binary file, a 50 MB "subtitle", an unknown encoding or no cues are refused and nothing is stored', async () => {
    const { roomId } = await roomWithFilm();
    const before = await files();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    const refusals = [
      [await upload(roomId, png), 422, 'subtitle_binary'],
      [await upload(roomId, new Uint8Array(SUBTITLE_FILE_BYTES_MAX + 1).fill(0x41)), 413, 'payload_too_large'],
      [await upload(roomId, new Uint8Array([0x41, 0x81, 0x8d, 0x8f, 0x90, 0x9d])), 422, 'subtitle_encoding'],
      [await upload(roomId, 'just some words\n\nand more'), 422, 'not_subtitles'],
      [await upload(roomId, '1\n00:00:05,000 --> 00:00:04,000\nbackwards\n'), 422, 'subtitle_empty'],
      [await upload('no-such-room', fixture('broken.srt')), 404, 'room_not_found'],
    ] as const;
    for (const [response, status, code] of refusals) {
      expect({ status: response.status, body: await response.json() }).toEqual({
        status,
        body: { error: { code, message: expect.any(String) } },
      });
    }
    expect(await files()).toEqual(before);
  });

  it('R110: script and HTML in cues never reach a viewer; broken cues are counted', async () => {
    const { roomId } = await roomWithFilm();
    const hostile = '1\n00:00:01,000 --> 00:00:02,000\n<script>alert(1)</script><b onclick="x()">đậm</b>\n\nrác\n';
    const file = (await (await upload(roomId, hostile)).json()) as { id: string };
    expect(file).toMatchObject({ cues: 1, skipped: 1 });
    const text = await (await fetch(`${server.url}/api/rooms/${roomId}/subtitles/${file.id}`)).text();
    expect(text).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nalert(1)đậm\n');
  });

  it('R111: uploads are rate-limited per address', async () => {
    const { roomId } = await roomWithFilm();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await upload(roomId, fixture('styled.vtt'), '203.0.113.7')).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('R111: the add policy, a guest removing another’s track, the track limit, items that take no subtitles', async () => {
    const { roomId, hostClient } = await roomWithFilm();
    const guest = await connect(server);
    clients.push(guest);
    await guest.join(roomId);
    const fileOf = async () => ((await (await upload(roomId, fixture('styled.vtt'))).json()) as { id: string }).id;

    await hostClient.request('room:settings', { settings: { addPolicy: 'controllers' } });
    expect(await guest.request('subtitle:add', { id: film.id, fileId: await fileOf(), label: 'Khách' })).toMatchObject({
      ok: false,
      error: { code: 'adding_restricted' },
    });
    await hostClient.request('room:settings', { settings: { addPolicy: 'everyone' } });
    const guestFile = await fileOf();
    expect(await guest.request('subtitle:add', { id: film.id, fileId: guestFile, label: 'Khách' })).toMatchObject({
      ok: true,
    });
    const hostFile = await fileOf();
    await hostClient.request('subtitle:add', { id: film.id, fileId: hostFile, label: 'Chủ' });
    expect(await guest.request('subtitle:remove', { id: film.id, fileId: hostFile })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await guest.request('subtitle:remove', { id: film.id, fileId: guestFile })).toMatchObject({ ok: true });
    expect((await stored(roomId))[0]?.subtitles?.map((track) => track.label)).toEqual(['Chủ']);

    // A file of another room, or an id never uploaded, is not found; a label of nothing visible is invalid.
    const other = await roomWithFilm();
    const elsewhere = ((await (await upload(other.roomId, fixture('styled.vtt'))).json()) as { id: string }).id;
    expect(await hostClient.request('subtitle:add', { id: film.id, fileId: elsewhere, label: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'subtitle_not_found' },
    });
    expect(
      await hostClient.raw('subtitle:add', { id: film.id, fileId: await fileOf(), label: ' \u200b ' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload' },
    });

    for (let i = 1; i < SUBTITLE_TRACKS_MAX; i++) {
      await hostClient.request('subtitle:add', { id: film.id, fileId: await fileOf(), label: `Bản ${i}` });
    }
    expect(
      await hostClient.request('subtitle:add', { id: film.id, fileId: await fileOf(), label: 'Thừa' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'subtitles_full' },
    });
    const youtube = { id: 'dQw4w9WgXcQ', title: 'YouTube', thumbnail: '', source: 'youtube' as const, mediaUrl: null };
    await hostClient.request('playlist:add', { video: youtube });
    expect(
      await hostClient.request('subtitle:add', { id: youtube.id, fileId: await fileOf(), label: 'x' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'subtitles_unsupported' },
    });
  });

  it('R112: controllers shift the timing for everyone in 0.1 s steps; a guest may not', async () => {
    const { roomId, hostClient } = await roomWithFilm();
    const viewer = await connect(server);
    clients.push(viewer);
    await viewer.join(roomId);
    expect(await hostClient.request('subtitle:shift', { id: film.id, shiftMs: -300 })).toMatchObject({ ok: true });
    await waitFor(() => (viewer.latest?.playlist[0]?.subtitleShiftMs === -300 ? true : undefined));
    expect((await stored(roomId))[0]?.subtitleShiftMs).toBe(-300);
    expect(await viewer.request('subtitle:shift', { id: film.id, shiftMs: 0 })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await hostClient.raw('subtitle:shift', { id: film.id, shiftMs: 150 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload' },
    });
    expect(await hostClient.request('subtitle:shift', { id: film.id, shiftMs: 0 })).toMatchObject({ ok: true });
    expect((await stored(roomId))[0]?.subtitleShiftMs).toBeUndefined();
  });

  it('R111: an hour after upload, files no item names are deleted, attached ones kept', async () => {
    const { roomId, hostClient } = await roomWithFilm();
    const attached = ((await (await upload(roomId, fixture('styled.vtt'))).json()) as { id: string }).id;
    const loose = ((await (await upload(roomId, fixture('styled.vtt'))).json()) as { id: string }).id;
    await hostClient.request('subtitle:add', { id: film.id, fileId: attached, label: 'Giữ' });
    const later = Date.now() + SUBTITLE_UNATTACHED_MS + 1000;
    await runCleanup(server.app.db, { kind, analyticsRetentionMs: 1e12, now: () => later });
    const left = await files();
    expect(left).toContain(attached);
    expect(left).not.toContain(loose);
    // Removing the item leaves its file unnamed: the next cleanup takes it.
    await hostClient.request('playlist:remove', { id: film.id });
    await runCleanup(server.app.db, { kind, analyticsRetentionMs: 1e12, now: () => later });
    expect(await files()).not.toContain(attached);
  });
});
