import { OWN_FILE_BYTES_MAX } from '@xemchung/protocol';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { DATABASE_KINDS } from './harness.ts';
import { itemIdOf, sharedFile } from './own-file-clients.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser, youtubeVideo } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

const invalid = { ok: false, error: { code: 'invalid_payload', message: expect.any(String) } };

// A hostile guest's own files: what the schema refuses, answered with a typed refusal and nothing stored (R117). On
// both databases, as a name PostgreSQL cannot store in a text column must be refused before it gets there.
describe.each(DATABASE_KINDS)('own files from a hostile guest on %s (R117)', (kind) => {
  const server = suiteServer(kind);
  const { track } = server;
  let host: TestUser;
  let roomId: string;
  let guest: TestClient;
  let hostClient: TestClient;

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ phòng');
    roomId = await createRoom(server, host);
    hostClient = track(await connect(server, { user: host }));
    guest = track(await connect(server));
    for (const client of [hostClient, guest]) expect(await client.join(roomId)).toMatchObject({ ok: true });
  });

  // Each test starts from an empty playlist (nothing is ever selected here, so clearing the queue empties it).
  afterEach(async () => {
    expect(await hostClient.request('playlist:clear')).toMatchObject({ ok: true });
  });

  const stored = async () => (await new RoomRepository(server.app.db).load(roomId))?.playlist ?? [];

  const good = sharedFile(1);
  const refused: Array<[string, unknown]> = [
    ['a digest in upper case', { ...good, digest: good.digest.toUpperCase() }],
    ['a digest one character short', { ...good, digest: good.digest.slice(1) }],
    ['a digest that is not hex', { ...good, digest: 'g'.repeat(64) }],
    ['a type that is not media', { ...good, mime: 'text/html' }],
    ['a type in upper case', { ...good, mime: 'video/MP4' }],
    ['a type with parameters', { ...good, mime: 'video/webm; codecs=vp9' }],
    ['a size of 0', { ...good, size: 0 }],
    ['a size of 64 GiB + 1', { ...good, size: OWN_FILE_BYTES_MAX + 1 }],
    ['a size that is not whole', { ...good, size: 1000.5 }],
    ['a size as text', { ...good, size: '1000' }],
    ['a duration of 0', { ...good, duration: 0 }],
    ['a duration of NaN or Infinity, null in JSON', { ...good, duration: null }],
    ['a negative duration', { ...good, duration: -5 }],
    ['a duration over a week', { ...good, duration: 7 * 24 * 3600 + 1 }],
    ['an empty name', { ...good, name: '' }],
    ['a name of spaces', { ...good, name: '   ' }],
    ['a name of invisible characters only', { ...good, name: '\u200B\u200D\u2800\u3164' }],
    ['a name with a bidi override', { ...good, name: 'Phim \u202Egnp.exe' }],
    ['a name with a bidi isolate', { ...good, name: 'Phim \u2067x\u2069.mp4' }],
    ['a name over 200 characters', { ...good, name: 'a'.repeat(201) }],
    ['a name with NUL', { ...good, name: 'Phim\u0000.mp4' }],
    ['a name with a line break', { ...good, name: 'Phim\n.mp4' }],
    ['a name with ESC', { ...good, name: 'Phim \u001b[31m.mp4' }],
    ['a name with a lone surrogate', { ...good, name: 'Phim \uD83D.mp4' }],
    ['a name of stacked marks', { ...good, name: `Z${'\u0301'.repeat(40)}.mp4` }],
    ['no digest', { name: good.name, size: good.size, duration: good.duration, mime: good.mime }],
    ['a file as text', 'Phim.mp4'],
    ['no file', undefined],
  ];

  it.each(refused)('R117: refuses %s as invalid_payload, storing nothing', async (_what, file) => {
    expect(await guest.raw('playlist:addFile', file === undefined ? {} : { file })).toEqual(invalid);
    expect(await stored()).toEqual([]);
  });

  it('R117: takes a file of exactly 64 GiB, and trims the spaces around its name', async () => {
    const largest = { ...sharedFile(2), size: OWN_FILE_BYTES_MAX, name: '  Phim dài 4K.mkv \n' };
    expect(await guest.request('playlist:addFile', { file: largest })).toMatchObject({ ok: true });
    expect((await stored()).map((video) => [video.title, video.file?.name, video.file?.size])).toEqual([
      ['Phim dài 4K.mkv', 'Phim dài 4K.mkv', OWN_FILE_BYTES_MAX],
    ]);
  });

  it("R117: playlist:add refuses a 'file' item, and drops a file smuggled onto a link", async () => {
    const file = { ...sharedFile(3), sharer: 'u:someone' };
    const asItem = { id: itemIdOf(file), title: file.name, thumbnail: '', source: 'file', mediaUrl: null, file };
    expect(await guest.raw('playlist:add', { video: asItem })).toEqual(invalid);
    expect(await guest.raw('playlist:add', { video: { ...asItem, mediaUrl: 'https://media.example/a.mp4' } })).toEqual(
      invalid,
    );
    const link = youtubeVideo('Có tệp giấu');
    expect(await guest.raw('playlist:add', { video: { ...link, file } })).toMatchObject({ ok: true });
    const items = await stored();
    expect(items.map((video) => [video.id, video.source, 'file' in video])).toEqual([[link.id, 'youtube', false]]);
  });
});
