import { buildApp } from './app.ts';
import { loadConfig } from './config/config.ts';
import { ConfigError } from './config/env.ts';
import { startErrorReporting } from './observability/error-reporting.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const errorReporting = await startErrorReporting(config.sentryDsn);
  const app = await buildApp(config);
  await app.http.listen({ port: config.port, host: config.host });
  app.http.log.info({ publicUrl: config.publicUrl }, 'XemChung is ready');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.http.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .close()
      .then(() => errorReporting?.close(2000))
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.http.log.error({ err: error }, 'shutdown failed');
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
