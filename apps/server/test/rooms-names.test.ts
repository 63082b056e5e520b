import { ROOM_NAME_MAX } from '@xemchung/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './harness.ts';
import { signedInUser, type TestUser } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

describe.each(DATABASE_KINDS)('room names over HTTP on %s (R41)', (kind) => {
  const server = suiteServer(kind);
  let host: TestUser;

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ phòng');
  });

  const create = (name: unknown) =>
    fetch(`${server.url}/api/rooms`, {
      method: 'POST',
      headers: { cookie: host.cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });

  const listed = async () => {
    const response = await fetch(`${server.url}/api/rooms?host=me`, { headers: { cookie: host.cookie } });
    return ((await response.json()) as { name: string }[]).map((room) => room.name);
  };

  it.each([
    ['zero-width spaces', '\u200b\u200b\u200b'],
    ['joiners and a word joiner', '\u200c \u200d \u2060'],
    ['a BOM and a Hangul filler', '\ufeff\u3164'],
    ['a blank Braille pattern', '\u2800\u2800'],
    ['NUL', 'Phòng\u0000của An'],
    ['BEL', 'Phòng của An\u0007'],
    ['ESC', '\u001b[2JPhòng'],
    ['a C1 control', 'Phòng\u0085'],
    ['a newline', 'Phòng\ncủa An'],
    ['a right-to-left override', 'Phòng \u202e4pm.exe'],
    ['a left-to-right embedding', '\u202aPhòng'],
    ['an isolate', 'Phòng \u2066x\u2069'],
    ['a lone surrogate', 'Phòng \ud83d'],
    [`${ROOM_NAME_MAX + 1} emoji`, '😀'.repeat(ROOM_NAME_MAX + 1)],
    [`${ROOM_NAME_MAX + 1} flags`, '🇻🇳'.repeat(ROOM_NAME_MAX + 1)],
    ['a letter under 20 stacked accents', `a${'\u0301'.repeat(20)}`],
    ['spaces only', '   '],
    ['a number', 42],
  ])('answers %s with 400 invalid_room_name and creates nothing', async (_label, name) => {
    const before = await listed();
    const response = await create(name);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'invalid_room_name', message: expect.any(String) } });
    expect(await listed()).toEqual(before);
  });

  it.each([
    [`${ROOM_NAME_MAX} emoji`, '😀'.repeat(ROOM_NAME_MAX)],
    [`${ROOM_NAME_MAX} flags`, '🇻🇳'.repeat(ROOM_NAME_MAX)],
    [`${ROOM_NAME_MAX} families`, '👨‍👩‍👧'.repeat(ROOM_NAME_MAX)],
    ['Vietnamese typed with combining accents', 'Phòng của An'.normalize('NFD')],
    ['a zero-width space between words', 'Phim\u200bhay'],
  ])('creates a room named with %s, stored as sent', async (_label, name) => {
    const response = await create(name);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ name });
    expect(await listed()).toContain(name);
  });
});
