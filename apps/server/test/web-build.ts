import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const WEB_ROOT = path.resolve(import.meta.dirname, '../../web');
const VITE_BIN = path.resolve(import.meta.dirname, '../../../node_modules/vite/bin/vite.js');

/**
 * Runs the web app's real production build (apps/web/vite.config.ts, with its compression step) into a fresh
 * temporary folder and returns it, so a test serves what `npm run build` would give it and nothing stale.
 */
export async function buildWebApp(): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'xc-web-build-'));
  await promisify(execFile)(
    process.execPath,
    [VITE_BIN, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: WEB_ROOT,
    },
  );
  return outDir;
}
