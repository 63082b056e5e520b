import type { IceServer } from '@xemchung/protocol';
import { z } from 'zod';

/** More servers than this is a mistake: a browser tries every one for every connection it sets up. */
export const ICE_SERVERS_MAX = 8;

/**
 * A STUN or TURN URL as browsers take them (RFC 7064, RFC 7065): a host or a bracketed IPv6 address, an optional
 * port, and for TURN an optional transport. Nothing else, so a typo fails at boot rather than in every browser.
 */
const ICE_URL = /^(?:stun:|turns?:)(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?(?:\?transport=(?:udp|tcp))?$/;
const isTurn = (url: string) => url.startsWith('turn');

const iceUrlSchema = z
  .string()
  .regex(ICE_URL, 'must be a stun:, turn: or turns: URL (host[:port], for TURN optionally ?transport=udp|tcp)')
  .refine((url) => isTurn(url) || !url.includes('?'), 'a stun: URL takes no ?transport');

const iceServerSchema = z
  .strictObject({
    urls: z.union([iceUrlSchema, z.array(iceUrlSchema).min(1).max(ICE_SERVERS_MAX)]),
    username: z.string().min(1).max(256).optional(),
    credential: z.string().min(1).max(256).optional(),
  })
  .superRefine((server, ctx) => {
    const urls = typeof server.urls === 'string' ? [server.urls] : server.urls;
    if (!urls.some(isTurn)) return;
    for (const key of ['username', 'credential'] as const) {
      if (server[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'is required for TURN' });
    }
  }) satisfies z.ZodType<IceServer>;

const iceServerListSchema = z.array(iceServerSchema).max(ICE_SERVERS_MAX);

/**
 * ICE_SERVERS (R114): a JSON array of RTCIceServer objects the browsers use to reach each other for own files,
 * passed to the web as they are. Unset, none: browsers on one network connect directly by their host candidates.
 */
export const iceServersSchema = z
  .string()
  .default('[]')
  .transform((text, ctx): IceServer[] => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `must be a JSON array of ICE servers: ${(error as Error).message}` });
      return z.NEVER;
    }
    const parsed = iceServerListSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });
