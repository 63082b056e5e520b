import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect } from '@playwright/test';

/**
 * An app server of a spec's own on `port` (fresh data folder `dataDir`), with `env` beside the usual settings, ready
 * once it answers /readyz; `stop()` ends it and removes its data.
 */
export async function startOwnServer(port: number, dataDir: string, env: Record<string, string>) {
  const origin = `http://127.0.0.1:${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn('node', ['apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: 'inherit',
  });
  await expect
    .poll(async () => (await fetch(`${origin}/readyz`).catch(() => null))?.status, { timeout: 30_000 })
    .toBe(200);
  return {
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
