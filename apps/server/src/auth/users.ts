import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';

/** What an identity provider tells us about the person signing in. */
export interface ExternalIdentity {
  issuer: string;
  subject: string;
  email: string;
  displayName: string;
  photoUrl: string | null;
}

/** Our own user ids: random, unrelated to the provider's subject, so a provider switch keeps ids opaque. */
export const newUid = () => randomBytes(16).toString('base64url');

/**
 * Creates the user on first sign-in and refreshes email, name and photo on every later one, keyed by
 * (issuer, subject). One statement, so two simultaneous first sign-ins of one person still make one user.
 */
export async function upsertUser(db: Db, identity: ExternalIdentity, now = Date.now()): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      uid: newUid(),
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
      display_name: identity.displayName,
      photo_url: identity.photoUrl,
      created_at: now,
    })
    .onConflict((conflict) =>
      conflict.columns(['issuer', 'subject']).doUpdateSet((eb) => ({
        email: eb.ref('excluded.email'),
        display_name: eb.ref('excluded.display_name'),
        photo_url: eb.ref('excluded.photo_url'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}
