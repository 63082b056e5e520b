import { z } from 'zod';

/** GET /api/me: the account (docs/product.md#data); whether it hosts a room comes with the room. */
export const meSchema = z.object({
  uid: z.string(),
  email: z.string(),
  photoURL: z.string().nullable(),
  displayName: z.string(),
});
export type Me = z.infer<typeof meSchema>;
/** GET /api/me answers 200 with the account, or with `null` when signed out (not a 401: see me-routes.ts). */
export type MeResponse = Me | null;

/** Body of every HTTP error. */
export const httpErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
export type HttpError = z.infer<typeof httpErrorSchema>;
