import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EmbedSource, IceServer } from '@xemchung/protocol';
import { withDefaultUser } from '../db/database.ts';
import { dataDirError } from '../startup/startup-error.ts';
import { type Env, parseEnv } from './env.ts';

/** The resolved configuration the rest of the server receives; nothing else reads process.env. */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** DATABASE_URL, naming a user (PGUSER, else the OS user) when it named none. */
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
  /** LOG_FORMAT: pino-pretty's readable lines, or one JSON object per line; unset, pretty on a terminal only. */
  logFormat: NonNullable<Env['LOG_FORMAT']>;
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
  /** STUN and TURN servers for own files' WebRTC connections (ICE_SERVERS, R114), given to the web app as they are. */
  iceServers: IceServer[];
  /** R129: the SFU screen shares go through, or null (SFU=off): one to start here, or one already running. */
  sfu: SfuConfig | null;
}

/** Janus started by this server on `port` (SFU=janus), or Janus's HTTP API at `url` (SFU=janus with SFU_URL). */
export type SfuConfig =
  | { kind: 'managed'; binary: string; port: number }
  | { kind: 'external'; url: string; secret?: string };

function sfuConfig(env: Env): SfuConfig | null {
  if (env.SFU === 'off') return null;
  if (env.SFU_URL) {
    return {
      kind: 'external',
      url: env.SFU_URL.replace(/\/+$/, ''),
      ...(env.SFU_SECRET ? { secret: env.SFU_SECRET } : {}),
    };
  }
  return { kind: 'managed', binary: env.JANUS_PATH, port: env.SFU_PORT };
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
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      throw dataDirError(dataDir, error);
    }
    return readFileSync(file, 'utf8').trim();
  }
}

/**
 * Creates DATA_DIR and, when the server will write there (the SQLite file, the session secret), proves it can by
 * writing a file: a permission check alone passes for root on a read-only mount, and SQLite would fail later with
 * a less helpful message.
 */
function prepareDataDir(dataDir: string, writes: boolean): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    if (!writes) return;
    const probe = path.join(dataDir, `.write-test-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    throw dataDirError(dataDir, error);
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

/** LOG_LEVEL and LOG_FORMAT; unset, the format is pretty when stdout is a terminal, JSON otherwise. */
export function logSettings(env: Env, terminal: boolean): Pick<Config, 'logLevel' | 'logFormat'> {
  return { logLevel: env.LOG_LEVEL, logFormat: env.LOG_FORMAT ?? (terminal ? 'pretty' : 'json') };
}

/** `terminal`: whether stdout is one, which makes logs pretty unless LOG_FORMAT says otherwise. */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  terminal = Boolean(process.stdout.isTTY),
): Config {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  prepareDataDir(dataDir, !env.DATABASE_URL || !env.SESSION_SECRET);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    databaseUrl: env.DATABASE_URL && withDefaultUser(env.DATABASE_URL, env.PGUSER),
    redis: env.REDIS_URL ? { url: env.REDIS_URL, prefix: env.REDIS_PREFIX } : undefined,
    commandTimeoutMs: env.COMMAND_TIMEOUT_MS,
    dataDir,
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET }
        : undefined,
    sessionSecret: env.SESSION_SECRET ?? persistedSessionSecret(dataDir),
    ...logSettings(env, terminal),
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
    iceServers: env.ICE_SERVERS,
    sfu: sfuConfig(env),
  };
}
