import { describe, expect, it } from 'vitest';
import { SessionStore } from '../src/auth/sessions.ts';
import { DATABASE_KINDS } from './harness.ts';
import { signedInUser } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

describe.each(DATABASE_KINDS)('SessionStore.resolve on %s', (kind) => {
  const server = suiteServer(kind);

  it('answers many lookups made at once — a reconnect storm of handshakes — each with its own user', async () => {
    const store = new SessionStore(server.app.db);
    const users = await Promise.all(Array.from({ length: 3 }, (_, index) => signedInUser(server, `Người ${index}`)));
    const sessions = await Promise.all(users.map(async (user) => ({ user, ...(await store.create(user.uid)) })));
    const expired = await new SessionStore(server.app.db, () => Date.now() - 40 * 24 * 3600 * 1000).create(
      users[0]?.uid ?? '',
    );
    // 250 lookups in one tick: more than one batch, with known, unknown, expired and repeated tokens mixed.
    const asked = Array.from({ length: 250 }, (_, index) => {
      if (index % 5 === 3) return { token: `unknown-${index}`, uid: null };
      if (index % 5 === 4) return { token: expired.token, uid: null };
      const session = sessions[index % sessions.length];
      return { token: session?.token, uid: session?.user.uid ?? null };
    });
    const answers = await Promise.all(asked.map(({ token }) => store.resolve(token)));
    expect(answers.map((user) => user?.uid ?? null)).toEqual(asked.map(({ uid }) => uid));
    const first = users[0];
    expect(answers[0]).toEqual({
      uid: first?.uid,
      email: `${first?.uid}@example.test`,
      photoURL: null,
      displayName: first?.displayName,
    });
  });

  it('answers null for no token or an over-long one without asking the database', async () => {
    const store = new SessionStore(server.app.db);
    expect(await store.resolve(undefined)).toBeNull();
    expect(await store.resolve('x'.repeat(129))).toBeNull();
  });
});
