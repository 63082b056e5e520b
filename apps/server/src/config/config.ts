import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EmbedSource } from '@xemchung/protocol';
import { type Env, parseEnv } from './env.ts';

/** The resolved configuration the rest of the server receives; nothing else reads process.env. */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** Fan-out between nodes through the Socket.IO Redis adapter; in-process when unset. */
  redis: { url: string; prefix: string } | undefined;
  /**
   * Longest a room command may take, its turn in the room's queue included, before it is answered `unavailable`;
   * database statements are bounded below it (docs/decisions/009-scale-out.md).
   */
  commandTimeoutMs: number;
  dataDir: string;
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
  sessionSecret: string;
  logLevel: Env['LOG_LEVEL'];
  webDistDir: string;
  /**
   * Fastify's `trustProxy`: whose X-Forwarded-For entries name the client (TRUST_PROXY). `false`, the trusted
   * proxies' addresses, or a hop count as a function of the hop (the socket's peer is hop 0).
   */
  trustProxy: false | string[] | ((address: string, hop: number) => boolean);
  /** Accounts the embedded sign-in lets one client address make in an hour, all at once if it likes (R105). */
  signupsPerAddressPerHour: number;
  /** Sockets one client address may hold, and open at once (R99; SOCKETS_PER_ADDRESS). */
  socketsPerAddress: number;
  /**
   * Search and link lookups (search/). `searchProvider` picks who answers keyword searches: the Data API (needs
   * `apiKey`), InnerTube at `innertubeBaseUrl` (no key), or nobody (docs/decisions/021-search-without-a-key.md).
   */
  youtube: {
    searchProvider: SearchProvider;
    apiKey: string | undefined;
    apiBaseUrl: string;
    innertubeBaseUrl: string;
    oembedUrl: string;
    timeoutMs: number;
  };
  /** Where link lookups of Vimeo, Dailymotion and SoundCloud pages go (R77); YOUTUBE_TIMEOUT_MS bounds them too. */
  embedOembedUrls: Record<EmbedSource, string>;
  /** Forwarding of analytics events; off without a key. */
  posthog: { key: string; host: string } | undefined;
  sentryDsn: string | undefined;
  /** Bearer token for GET /metrics; without one the route is off. */
  metricsToken: string | undefined;
  /** Deletion of expired sessions and sign-in records and of old analytics events (retention/cleanup.ts). */
  cleanup: { intervalMs: number; analyticsRetentionMs: number };
  /** The operator's support page and contact address, shown by the web app (GET /api/client-config). */
  supportUrl: string;
  contactEmail: string;
}

export type SearchProvider = 'innertube' | 'data-api' | 'none';

const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Reads DATA_DIR/session-secret, creating it (mode 600) on first boot so sessions survive restarts. */
function persistedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return readFileSync(file, 'utf8').trim();
  }
}

/**
 * Fastify 5 ignores a numeric `trustProxy` (it cannot check the peer, so it trusts nothing), so a hop count
 * becomes the function proxy-addr would build for it: believe the socket's peer and the next `hops - 1` entries
 * from the right; the entry after them is the client.
 */
function trustProxyOption(trust: Env['TRUST_PROXY']): Config['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    databaseUrl: env.DATABASE_URL,
    redis: env.REDIS_URL ? { url: env.REDIS_URL, prefix: env.REDIS_PREFIX } : undefined,
    commandTimeoutMs: env.COMMAND_TIMEOUT_MS,
    dataDir,
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET }
        : undefined,
    sessionSecret: env.SESSION_SECRET ?? persistedSessionSecret(dataDir),
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaultWebDist,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    signupsPerAddressPerHour: env.SIGNUPS_PER_ADDRESS_PER_HOUR,
    socketsPerAddress: env.SOCKETS_PER_ADDRESS,
    youtube: {
      searchProvider: env.SEARCH_PROVIDER ?? (env.YOUTUBE_API_KEY ? 'data-api' : 'innertube'),
      apiKey: env.YOUTUBE_API_KEY,
      apiBaseUrl: env.YOUTUBE_API_BASE_URL.replace(/\/+$/, ''),
      innertubeBaseUrl: env.INNERTUBE_BASE_URL.replace(/\/+$/, ''),
      oembedUrl: env.YOUTUBE_OEMBED_URL,
      timeoutMs: env.YOUTUBE_TIMEOUT_MS,
    },
    embedOembedUrls: {
      vimeo: env.VIMEO_OEMBED_URL,
      dailymotion: env.DAILYMOTION_OEMBED_URL,
      soundcloud: env.SOUNDCLOUD_OEMBED_URL,
    },
    posthog: env.POSTHOG_KEY ? { key: env.POSTHOG_KEY, host: env.POSTHOG_HOST.replace(/\/+$/, '') } : undefined,
    sentryDsn: env.SENTRY_DSN,
    metricsToken: env.METRICS_TOKEN,
    cleanup: {
      intervalMs: env.CLEANUP_INTERVAL_MINUTES * 60_000,
      analyticsRetentionMs: env.ANALYTICS_RETENTION_DAYS * 24 * 60 * 60_000,
    },
    supportUrl: env.SUPPORT_URL,
    contactEmail: env.CONTACT_EMAIL,
  };
}
