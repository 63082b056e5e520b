// The site Lighthouse looks at: the real server (`node apps/server/src/main.ts`) on a fresh SQLite database in a
// temp DATA_DIR, serving a copy of the built web app, with the test media server (direct video links on another
// origin) and the fake YouTube of the e2e suite, so nothing the pages do reaches beyond 127.0.0.1.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startFakeYouTube } from '../../apps/server/test/fake-youtube.ts';
import { stopProcess, waitForHttp } from '../../bench/lib/processes.ts';
import { startMediaServer } from '../../e2e/support/media-server.ts';

export interface Site {
  baseUrl: string;
  /** The media server's origin: clip-a.mp4 and clip-b.webm of e2e/fixtures/media. */
  mediaOrigin: string;
  stop(): Promise<void>;
}

/** Starts the site on `port`, the media on `port + 1000` and the fake YouTube on `port + 2000`, as e2e does. */
export async function startSite(port: number): Promise<Site> {
  if (!existsSync('apps/web/dist/index.html')) throw new Error('apps/web/dist is missing: run `npm run build`');
  const baseUrl = `http://127.0.0.1:${port}`;
  const workDir = mkdtempSync(join(tmpdir(), 'xemchung-lighthouse-'));
  // A copy of the build: the server lists the built files when it starts, so a rebuild during the run (another
  // terminal) would otherwise break the pages it serves.
  const webDist = join(workDir, 'web');
  cpSync('apps/web/dist', webDist, { recursive: true });
  const media = await startMediaServer(resolve('e2e/fixtures/media'), port + 1000);
  const youtube = await startFakeYouTube({ port: port + 2000 });
  const app: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: join(workDir, 'data'),
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      ...youtube.env,
    },
  });
  const stop = async () => {
    await stopProcess(app);
    await Promise.all([media.close(), youtube.close()]);
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`${baseUrl}/readyz`, app);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, mediaOrigin: `http://127.0.0.1:${port + 1000}`, stop };
}
