import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHECK = 'scripts/check-node-version.mjs';
const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};

/** Runs the check on this Node, reporting `version` as process.versions.node when given (an older runtime). */
function runCheck(version?: string) {
  const pretend = version
    ? ['--import', `data:text/javascript,Object.defineProperty(process.versions,"node",{value:"${version}"})`]
    : [];
  return spawnSync(process.execPath, [...pretend, CHECK], { cwd: ROOT, encoding: 'utf8' });
}

describe('the Node version check before the server starts', () => {
  it('says in one line that the server needs Node.js 24 when run on an older Node, and fails', () => {
    const result = runCheck('20.20.2');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('needs Node.js 24 or newer, but this is Node.js 20.20.2');
  });

  it('passes silently on the Node that runs the tests', () => {
    const result = runCheck();
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).toBe('');
  });

  it('runs before the server in npm start and npm run serve, and engines says what the server needs', () => {
    expect(packageJson.engines.node).toBe('>=24');
    expect(packageJson.scripts.serve).toBe(`node ${CHECK} && node apps/server/src/main.ts`);
    expect(packageJson.scripts['check:node']).toBe(`node ${CHECK}`);
    expect(packageJson.scripts.start).toBe('node scripts/start.mjs');
    // Through a new npm: the Node running start.mjs is the machine's, from before the install.
    const start = readFileSync(new URL('start.mjs', import.meta.url), 'utf8');
    expect(start.indexOf("npmRun('check:node')")).toBeGreaterThan(start.indexOf('await ensureInstall('));
    expect(start.indexOf("npmRun('check:node')")).toBeLessThan(start.indexOf("'Building the web app'"));
  });
});
