import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { eventsPlugin } from './analytics/events-plugin.ts';
import { deriveSecret } from './auth/derived-keys.ts';
import { OIDC_MOUNT } from './auth/embedded-idp.ts';
import { registerMeRoutes } from './auth/me-routes.ts';
import { registerAuth } from './auth/register-auth.ts';
import { SessionStore } from './auth/sessions.ts';
import { ChatRepository } from './chat/chat-repository.ts';
import type { Config } from './config/config.ts';
import { type Db, databaseKind, openDatabase } from './db/database.ts';
import { walEraser } from './db/wal-erase.ts';
import { registerClientConfigRoute } from './http/client-config.ts';
import { registerJsonCompression } from './http/compression.ts';
import { clientErrorCode, type HttpError, sendError } from './http/errors.ts';
import { registerHealthRoutes } from './http/health.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerSpa } from './http/spa.ts';
import { createAppMetrics } from './metrics/app-metrics.ts';
import { registerMetricsRoute } from './metrics/metrics-route.ts';
import { ModerationStore } from './moderation/moderation-store.ts';
import { AccessLog } from './observability/access-log.ts';
import { createLogger } from './observability/logger.ts';
import { RedisFanout } from './realtime/redis-adapter.ts';
import { attachRealtime } from './realtime/socket-server.ts';
import { scheduleCleanup } from './retention/cleanup.ts';
import { RoomRepository } from './rooms/room-repository.ts';
import { registerRoomRoutes } from './rooms/room-routes.ts';
import { RoomStore } from './rooms/room-store.ts';
import { subtitleFileInfo } from './rooms/subtitle-files.ts';
import { registerSubtitleRoutes, SUBTITLE_UPLOAD_ROUTE } from './rooms/subtitle-routes.ts';
import { searchPlugin } from './search/search-plugin.ts';
import { startSfu } from './sfu/sfu-start.ts';
import { createPlaylistReader } from './upstream/playlist-reader.ts';

export interface App {
  http: FastifyInstance;
  db: Db;
  config: Config;
  /** Stops accepting work, lets in-flight requests finish, closes sockets and the database. */
  close(): Promise<void>;
}

export interface BuildOptions {
  /** PostgreSQL schema for test isolation. */
  pgSchema?: string;
  /** Where log lines go instead of stdout (tests that count them), as JSON. */
  logStream?: { write(line: string): void };
  /** The logger to use (main.ts's, which has already written the start-up lines); else one from the config. */
  logger?: FastifyBaseLogger;
  /** How long a room waits for the sharer of the file it plays (R120): tests shorten the 30 s. */
  sharerWaitMs?: number;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(options.pgSchema ? { pgSchema: options.pgSchema } : {}),
    // Below the command deadline, so a stuck database fails a command before the deadline has to.
    timeoutMs: Math.floor(config.commandTimeoutMs / 2),
    onConnectionError: (error) => http.log.warn({ err: error }, 'database connection lost; the pool replaces it'),
  });
  const http = Fastify({
    loggerInstance: options.logger ?? createLogger(config, options.logStream),
    logController: new AccessLog(),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    // Router-level failures (a malformed %-escape in the path) answer in our error shape too.
    frameworkErrors: (error, _request, reply) => sendError(reply, 400, 'bad_url', error.message),
  });
  const secureCookies = config.publicUrl.startsWith('https://');
  const sessions = new SessionStore(db);
  const rooms = new RoomRepository(db);
  const eraser = walEraser(db, databaseKind(config), (error) =>
    http.log.warn({ err: error }, 'could not cut the SQLite WAL after an erase; trying again later'),
  );

  http.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await http.register(fastifyCookie);
  await registerSecurityHeaders(http, { publicUrl: config.publicUrl, sentryDsn: config.sentryDsn });
  registerOriginCheck(http, {
    publicUrl: config.publicUrl,
    idpMount: config.oidc ? null : OIDC_MOUNT,
    byteRoutes: [SUBTITLE_UPLOAD_ROUTE],
  });
  http.setErrorHandler((error: HttpError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'unhandled error');
    // Headers a 4xx must carry, as Fastify's default handler would send them (a 416's `Content-Range: bytes */size`).
    if (status !== 500 && error.headers) reply.headers(error.headers);
    const code = status === 500 ? 'internal' : clientErrorCode(status, error.code);
    return sendError(reply, status, code, status === 500 ? 'Internal error' : error.message);
  });

  await registerJsonCompression(http);
  const fanout = config.redis ? new RedisFanout({ ...config.redis, log: http.log }) : undefined;
  registerHealthRoutes(http, { db, ...(fanout ? { redis: fanout } : {}) });
  const metrics = createAppMetrics();
  registerMetricsRoute(http, { registry: metrics.registry, token: config.metricsToken });
  registerClientConfigRoute(http, config);
  registerMeRoutes(http, { sessions, secureCookies });
  await registerAuth(http, { db, config, sessions, secureCookies });
  registerRoomRoutes(http, { sessions, rooms });
  await registerSubtitleRoutes(http, { db, rooms });
  await http.register(searchPlugin, {
    youtube: config.youtube,
    embedOembedUrls: config.embedOembedUrls,
    metrics: metrics.search,
  });
  await http.register(eventsPlugin, { db, sessions, posthog: config.posthog });
  await registerSpa(http, config.webDistDir);
  const sfu = config.sfu ? await startSfu(config.sfu, config.dataDir, http.log) : null;
  const realtime = attachRealtime(http, {
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    socketsPerAddress: config.socketsPerAddress,
    addressSecret: deriveSecret(config.sessionSecret, 'client-address'),
    sessions,
    repository: rooms,
    store: new RoomStore(db),
    subtitleFile: (roomId, fileId) => subtitleFileInfo(db, roomId, fileId),
    chat: new ChatRepository(db, eraser),
    moderation: new ModerationStore(db),
    observer: metrics.realtime,
    commandTimeoutMs: config.commandTimeoutMs,
    sharerWaitMs: options.sharerWaitMs,
    playlists: createPlaylistReader(config.youtube, http.log.child({ playlists: config.youtube.searchProvider })),
    ...(fanout ? { fanout } : {}),
    ...(sfu ? { sfu: sfu.media } : {}),
  });
  metrics.realtime.watch(realtime.io);
  const cleanup = scheduleCleanup(db, { kind: databaseKind(config), ...config.cleanup, eraser, log: http.log });

  return {
    http,
    db,
    config,
    async close() {
      await cleanup.stop();
      await realtime.close();
      await sfu?.close();
      await http.close();
      await fanout?.close();
      eraser.stop();
      await db.destroy();
    },
  };
}
