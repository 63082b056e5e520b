// Installs the dependencies when they are missing or older than package-lock.json, so a fresh clone needs
// only `npm start` or `npm test`. Runs on whatever Node the machine has (>= 20); everything after it runs
// on the Node 24 that the `node` devDependency puts on every npm script's PATH.
//
// Quiet: on the machine's older Node, npm warns EBADENGINE for every package that wants Node 24 (which the same
// install brings), dozens of blocks that say nothing to act on. So npm logs errors only, and what it prints is
// shown only if it fails (steps.mjs); `--verbose` shows it as it comes.
import { existsSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { runStep, wantsVerbose } from './steps.mjs';

export const INSTALL = ['ci', '--no-audit', '--no-fund', '--loglevel=error'];

export function installIsStale() {
  const marker = 'node_modules/.package-lock.json';
  return !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
}

/** Installs when stale; exits the process with npm's code when the install fails. */
export async function ensureInstall({ verbose = wantsVerbose() } = {}) {
  if (!installIsStale()) return;
  const code = await runStep('Installing dependencies', 'npm', INSTALL, { verbose });
  if (code !== 0) process.exit(code);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await ensureInstall();
