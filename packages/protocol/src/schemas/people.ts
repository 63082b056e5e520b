import { z } from 'zod';

/**
 * A person in a room as the others see them (docs/room-rules.md R51). One person with several tabs is one
 * person: `key` is `u:<uid>` when signed in, and `g:<id>` for a guest, where the id is derived from the guest's
 * browser session (a cookie) and never reveals it.
 */
export const personSchema = z.object({
  key: z.string().max(80),
  /** The session uid; null for a guest. */
  uid: z.string().nullable(),
  /** The display name; null for a guest (shown as 'Khách' and the tag). */
  name: z.string().nullable(),
  photoURL: z.string().nullable(),
  /** A short stable tag that tells guests apart; null when signed in. */
  guestTag: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;
