// Installs the dependencies when they are missing or older than package-lock.json, so a fresh clone needs
// only `npm start` or `npm test`. Runs on whatever Node the machine has (>= 20); everything after it runs
// on the Node 24 that the `node` devDependency puts on every npm script's PATH.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  console.log('[xemchung] installing dependencies (npm ci)…');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}
