import { z } from 'zod';
import { BANS_LIST_MAX, KICKS_LIST_MAX } from '../limits.ts';
import { REMOVAL_REASONS } from '../moderation.ts';
import { personSchema } from './people.ts';
import { roomSettingsSchema } from './room.ts';

/** A session uid as the server issues them: URL-safe characters, at most 64. */
export const uidSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a user id');

/** A person key (people.ts): `u:<uid>` for a signed-in viewer, `g:<guest id>` (Crockford base32) for a guest. */
export const personKeySchema = z
  .string()
  .max(80)
  .regex(/^(u:[A-Za-z0-9_-]{1,64}|g:[0-9A-HJKMNP-TV-Z]{10})$/, 'must be a person key');

/** `room:settings`: the settings to change; the others keep their value (two host tabs never undo each other). */
export const settingsChangeSchema = roomSettingsSchema
  .partial()
  .refine((change) => Object.keys(change).length > 0, 'name at least one setting');
export type SettingsChange = z.infer<typeof settingsChangeSchema>;

/** `room:removed`: sent to every tab of a kicked or banned viewer just before the server disconnects it (R58, R59). */
export const removedEventSchema = z.object({ roomId: z.string(), reason: z.enum(REMOVAL_REASONS) });
export type RemovedEvent = z.infer<typeof removedEventSchema>;

/** A banned user as the host sees them in the list of bans. */
export const banEntrySchema = z.object({
  uid: z.string(),
  name: z.string(),
  photoURL: z.string().nullable(),
  /** Server epoch ms of the ban. */
  bannedAt: z.number(),
});
export type BanEntry = z.infer<typeof banEntrySchema>;

/**
 * A person kicked from the room, as the host sees them in the list of kicks (R107): who, as the room names people
 * (a signed-in user by their name, a guest by its tag), and until when.
 */
export const kickEntrySchema = personSchema.extend({
  /** Server epoch ms when the kick, and the hold on the addresses it bound, ends. */
  until: z.number(),
});
export type KickEntry = z.infer<typeof kickEntrySchema>;

/** `moderation:kick`: until when (server epoch ms) the viewer cannot join again. */
export const kickResultSchema = z.object({ until: z.number() });
/** `moderation:ban`, `moderation:unban`: the user now banned or unbanned. */
export const uidResultSchema = z.object({ uid: z.string() });
/** `moderation:bans`: the room's bans, newest first, at most BANS_LIST_MAX. */
export const bansResultSchema = z.object({ bans: z.array(banEntrySchema).max(BANS_LIST_MAX) });
/** `moderation:kicks`: the kicks still running, newest first, at most KICKS_LIST_MAX. */
export const kicksResultSchema = z.object({ kicks: z.array(kickEntrySchema).max(KICKS_LIST_MAX) });
/** `moderation:unkick`: the person whose kick was lifted. */
export const keyResultSchema = z.object({ key: z.string() });
