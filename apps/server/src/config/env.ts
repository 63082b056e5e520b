import { isIP } from 'node:net';
import { z } from 'zod';
import { iceServersSchema } from './ice-servers.ts';

/** More proxies than this in front of one app is a typo, not a topology. */
const MAX_PROXY_HOPS = 10;
/** Address ranges proxy-addr (Fastify's trustProxy) knows by name. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP, an IP/prefix, or a range name: what proxy-addr accepts in a trusted-proxy list. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: which proxies' X-Forwarded-For entries to believe, hence which address the rate limits key on.
 * `false` (none), a hop count, or the proxies' addresses. `true` means one hop, not "believe every entry": the
 * leftmost entries are whatever the client wrote (docs/decisions/010-security-and-metrics.md, "Client address").
 */
const trustProxySchema = z
  .string()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    const text = value.trim().toLowerCase();
    if (text === 'false' || text === '0') return false;
    if (text === 'true') return 1;
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops <= MAX_PROXY_HOPS) return hops;
      ctx.addIssue({ code: 'custom', message: `must be at most ${MAX_PROXY_HOPS} proxies` });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `must be false, a number of proxies (1–${MAX_PROXY_HOPS}) or a comma-separated list of proxy IPs/CIDRs; not an address: ${bad.map((entry) => JSON.stringify(entry)).join(', ')}`,
    });
    return z.NEVER;
  });

/**
 * Every environment variable the server reads, with its default. The README's table mirrors this schema;
 * a bad value stops the server at boot with a message naming the variable.
 */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    // The PostgreSQL user when DATABASE_URL names none, as for psql; unset, the OS user.
    PGUSER: z.string().min(1).optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w.:-]{1,64}$/, 'must be 1–64 letters, digits or . _ : -')
      .default('xemchung'),
    COMMAND_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(5000),
    DATA_DIR: z.string().min(1).default('./data'),
    OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Unset: pretty on a terminal, JSON otherwise (docs/decisions/030-start-up-output.md).
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    WEB_DIST_DIR: z.string().min(1).optional(),
    TRUST_PROXY: trustProxySchema,
    // R99: sockets one client address may hold and open at once; raise it for a load test from one machine.
    SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(6),
    SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(30),
    YOUTUBE_API_KEY: z.string().min(1).optional(),
    YOUTUBE_API_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://www.googleapis.com/youtube/v3'),
    YOUTUBE_OEMBED_URL: z.url({ protocol: /^https?$/ }).default('https://www.youtube.com/oembed'),
    // The oEmbed endpoints of the other embedded sources (R77); tests point them at local fakes.
    VIMEO_OEMBED_URL: z.url({ protocol: /^https?$/ }).default('https://vimeo.com/api/oembed.json'),
    DAILYMOTION_OEMBED_URL: z.url({ protocol: /^https?$/ }).default('https://www.dailymotion.com/services/oembed'),
    SOUNDCLOUD_OEMBED_URL: z.url({ protocol: /^https?$/ }).default('https://soundcloud.com/oembed'),
    YOUTUBE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    // Unset: data-api with a YOUTUBE_API_KEY, else innertube (docs/decisions/021-search-without-a-key.md).
    SEARCH_PROVIDER: z.enum(['innertube', 'data-api', 'none']).optional(),
    INNERTUBE_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://www.youtube.com'),
    POSTHOG_KEY: z.string().min(1).optional(),
    POSTHOG_HOST: z.url({ protocol: /^https?$/ }).default('https://us.i.posthog.com'),
    SENTRY_DSN: z.url({ protocol: /^https?$/ }).optional(),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    CLEANUP_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
    ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(180),
    // Today's addresses are only the defaults: each operator names their own (shown by the web app).
    SUPPORT_URL: z.url({ protocol: /^https?$/ }).default('https://www.facebook.com/xemchung'),
    CONTACT_EMAIL: z.email().default('banquyen@xemchung.app'),
    ICE_SERVERS: iceServersSchema,
    // R129: screen shares through an SFU. `janus` starts Debian's Janus beside the server (JANUS_PATH, on SFU_PORT),
    // unless SFU_URL names one already running (its HTTP API, with SFU_SECRET as its api_secret).
    SFU: z.enum(['off', 'janus']).default('off'),
    SFU_URL: z.url({ protocol: /^https?$/ }).optional(),
    SFU_SECRET: z.string().min(1).optional(),
    SFU_PORT: z.coerce.number().int().min(1).max(65_535).default(7088),
    JANUS_PATH: z.string().min(1).default('/usr/bin/janus'),
  })
  .superRefine((env, ctx) => {
    if (env.OIDC_ISSUER) {
      for (const key of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when OIDC_ISSUER is set' });
      }
    }
    // Every node must send a share's viewers to the SFU its sharer published to: one SFU for all (R129).
    if (env.SFU === 'janus' && env.REDIS_URL && !env.SFU_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SFU_URL'],
        message: 'with several nodes (REDIS_URL), name the one Janus they share; a Janus per node splits each share',
      });
    }
    if (env.SEARCH_PROVIDER === 'data-api' && !env.YOUTUBE_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['SEARCH_PROVIDER'],
        message: 'data-api needs YOUTUBE_API_KEY; set the key, or choose innertube (no key) or none (search off)',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError whose message names every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
}
