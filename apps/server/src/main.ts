import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, loadConfig, logSettings } from './config/config.ts';
import { ConfigError, parseEnv } from './config/env.ts';
import { startErrorReporting } from './observability/error-reporting.ts';
import { createLogger } from './observability/logger.ts';
import { checkDatabase, checkRedis } from './startup/preflight.ts';
import { listenError, StartupError } from './startup/startup-error.ts';

type LogSettings = Pick<Config, 'logLevel' | 'logFormat'>;

/** Ends a start that failed for a reason the operator can fix: one line, the stack only at debug or trace. */
function failStart(log: FastifyBaseLogger, settings: LogSettings, error: StartupError): never {
  const verbose = settings.logLevel === 'debug' || settings.logLevel === 'trace';
  log.fatal({ setting: error.setting, ...(verbose ? { err: error.cause ?? error } : {}) }, error.message);
  process.exit(1);
}

/** The configuration, or the end of the process with a message naming what to change. */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    if (error instanceof StartupError) {
      // The environment parsed (DATA_DIR is prepared after), so it can say how to log the failure.
      const settings = logSettings(parseEnv(process.env), Boolean(process.stdout.isTTY));
      failStart(createLogger(settings), settings, error);
    }
    throw error;
  }
}

async function main() {
  const config = configOrExit();
  const log = createLogger(config);
  const fail = (error: unknown): never => {
    if (error instanceof StartupError) failStart(log, config, error);
    log.fatal({ err: error }, `Cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  };
  const errorReporting = await startErrorReporting(config.sentryDsn);
  // Before anything waits on them: a node that is running rides out either being away, one that starts says so.
  if (config.databaseUrl) await checkDatabase(config.databaseUrl).catch(fail);
  if (config.redis) await checkRedis(config.redis.url).catch(fail);
  const app = await buildApp(config, { logger: log }).catch(fail);
  await app.http
    .listen({ port: config.port, host: config.host })
    .catch((error: unknown) => fail(listenError(error, config.port, config.host) ?? error));
  log.info(`XemChung is ready: open ${config.publicUrl}`);
  if (!config.oidc) {
    log.info(
      'Sign-in: built-in accounts, local to this instance (they exist only in its database); set OIDC_ISSUER to use Google or another provider',
    );
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`shutting down (${signal})`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .close()
      .then(() => errorReporting?.close(2000))
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
