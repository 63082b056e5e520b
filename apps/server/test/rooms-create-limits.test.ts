import { ROOMS_PER_ACCOUNT_MAX } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { ROOM_CREATE_ACCOUNT_RATE, ROOM_CREATE_ADDRESS_RATE } from '../src/rooms/room-routes.ts';
import { DATABASE_KINDS } from './harness.ts';
import { signedInUser, type TestUser } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

/** R103: room creation is rate-limited per account and per address, and an account has at most 20 rooms. */
describe.each(DATABASE_KINDS)('room creation limits on %s (R103)', (kind) => {
  const server = suiteServer(kind, { env: { TRUST_PROXY: '1' } });

  const create = (user: TestUser, address: string, name = 'Phòng') =>
    fetch(`${server.url}/api/rooms`, {
      method: 'POST',
      headers: {
        cookie: user.cookie,
        origin: server.url,
        'content-type': 'application/json',
        'x-forwarded-for': address,
      },
      body: JSON.stringify({ name }),
    });
  const roomsOf = async (user: TestUser) =>
    (await server.app.db.selectFrom('rooms').select('id').where('host_uid', '=', user.uid).execute()).length;

  it('R103: one account creating as fast as it can gets its burst, then 429 rate_limited, and nothing more is stored', async () => {
    const user = await signedInUser(server, 'Người tạo phòng');
    const statuses = [];
    for (let i = 0; i < ROOM_CREATE_ACCOUNT_RATE.capacity + 5; i++)
      statuses.push((await create(user, '198.51.100.1')).status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(ROOM_CREATE_ACCOUNT_RATE.capacity);
    expect(statuses.slice(ROOM_CREATE_ACCOUNT_RATE.capacity)).toEqual(Array(5).fill(429));
    const refused = await create(user, '198.51.100.1');
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(await roomsOf(user)).toBe(ROOM_CREATE_ACCOUNT_RATE.capacity);
  });

  it(`R103: an account with ${ROOMS_PER_ACCOUNT_MAX} rooms is answered 409 room_limit and gets no more`, async () => {
    const user = await signedInUser(server, 'Nhiều phòng');
    const rooms = new RoomRepository(server.app.db);
    for (let i = 0; i < ROOMS_PER_ACCOUNT_MAX; i++) await rooms.create(user.uid, `Phòng ${i}`);
    const response = await create(user, '198.51.100.2');
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: { code: 'room_limit' } });
    expect(await roomsOf(user)).toBe(ROOMS_PER_ACCOUNT_MAX);
  });

  it('R103: many accounts behind one address share its rate; an account elsewhere is not held back', async () => {
    const users = await Promise.all(
      Array.from({ length: ROOM_CREATE_ADDRESS_RATE.capacity + 3 }, (_, i) => signedInUser(server, `Tài khoản ${i}`)),
    );
    const statuses = [];
    for (const user of users) statuses.push((await create(user, '203.0.113.50')).status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(ROOM_CREATE_ADDRESS_RATE.capacity);
    expect(statuses.slice(ROOM_CREATE_ADDRESS_RATE.capacity)).toEqual([429, 429, 429]);
    const elsewhere = await signedInUser(server, 'Ở nơi khác');
    expect((await create(elsewhere, '192.0.2.77')).status).toBe(201);
  });
});
