// `npm start` as a new self-hoster sees it (issue #29, docs/decisions/030-start-up-output.md): scripts/start.mjs
// run for real in a folder that looks like a fresh clone, with only npm replaced by a stub on PATH that behaves as
// npm does on the machine's Node 20 (the install warns EBADENGINE forty times, the build lists its chunks). The
// server it starts is the real one. `npm run check:fresh-start` does the same with the real npm on a real clone.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const FAKE_NPM = `#!/bin/sh
# npm as seen from scripts/start.mjs on a fresh machine; FAKE_NPM_CI=fail makes the install fail.
case "$1" in
  ci)
    i=0
    while [ $i -lt 40 ]; do
      printf 'npm warn EBADENGINE Unsupported engine {\\nnpm warn EBADENGINE   package: "vite@8.0.0",\\nnpm warn EBADENGINE   required: { node: ">=24" },\\nnpm warn EBADENGINE }\\n' >&2
      i=$((i + 1))
    done
    if [ "$FAKE_NPM_CI" = fail ]; then
      printf 'npm error code E404\\nnpm error 404 Not Found - GET https://registry.npmjs.org/left-pad-nope\\nnpm error A complete log of this run can be found in: /root/.npm/_logs/debug-0.log\\n' >&2
      exit 1
    fi
    mkdir -p node_modules/.bin
    ln -sf "$FAKE_NPM_NODE" node_modules/.bin/node
    touch node_modules/.package-lock.json
    echo "added 700 packages in 29s"
    ;;
  run)
    [ "$2" = --silent ] || exit 2
    case "$3" in
      check:node) exec node_modules/.bin/node "$FAKE_NPM_ROOT/scripts/check-node-version.mjs" ;;
      build)
        echo "vite v8.0.0 building client environment for production..."
        echo "dist/assets/shell-3f2a9c1b.js   182.40 kB │ gzip: 58.11 kB"
        ;;
      *) exit 2 ;;
    esac
    ;;
  *) exit 2 ;;
esac
`;

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const runs: Run[] = [];
const folders: string[] = [];

afterEach(async () => {
  for (const run of runs.splice(0)) {
    if (run.child.exitCode === null) run.child.kill('SIGTERM');
    await run.exited;
  }
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A folder with what a fresh clone has and start.mjs reads (no node_modules), and the stub npm first on PATH. */
function freshFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'xc-start-'));
  folders.push(folder);
  writeFileSync(path.join(folder, 'package-lock.json'), '{}');
  symlinkSync(path.join(ROOT, 'apps'), path.join(folder, 'apps'));
  mkdirSync(path.join(folder, 'bin'));
  writeFileSync(path.join(folder, 'bin', 'npm'), FAKE_NPM);
  chmodSync(path.join(folder, 'bin', 'npm'), 0o755);
  const web = path.join(folder, 'web-dist');
  mkdirSync(web);
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>XemChung</title>');
  return folder;
}

function start(folder: string, env: Record<string, string>, args: string[] = []): Run {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs'), ...args], {
    cwd: folder,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: `${path.join(folder, 'bin')}:${process.env.PATH}`,
      HOME: process.env.HOME,
      FAKE_NPM_NODE: process.execPath,
      FAKE_NPM_ROOT: ROOT,
      HOST: '127.0.0.1',
      DATA_DIR: path.join(folder, 'data'),
      WEB_DIST_DIR: path.join(folder, 'web-dist'),
      ...env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const run = { child, output: () => output, exited };
  runs.push(run);
  return run;
}

async function waitFor(run: Run, text: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!run.output().includes(text)) {
    if (run.child.exitCode !== null) throw new Error(`start.mjs exited (${run.child.exitCode}):\n${run.output()}`);
    if (Date.now() > deadline) throw new Error(`no "${text}" within ${timeoutMs} ms:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Each test starts the real server (about a second, more on a busy machine).
describe('npm start on a fresh clone (scripts/start.mjs)', { timeout: 60_000 }, () => {
  it('prints one line a step with its time, no EBADENGINE, no chunk list, then the ready line; Ctrl-C ends it', async () => {
    const port = await freePort();
    const run = start(freshFolder(), { PORT: String(port), LOG_FORMAT: 'pretty' });
    await waitFor(run, 'Sign-in:');
    const lines = run.output().trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Installing dependencies… \d+\.\d s$/);
    expect(lines[1]).toMatch(/^Building the web app… \d+\.\d s$/);
    expect(run.output()).not.toContain('EBADENGINE');
    expect(run.output()).not.toContain('added 700 packages');
    expect(run.output()).not.toContain('shell-3f2a9c1b.js');
    expect(run.output()).toMatch(
      new RegExp(`^\\[[\\d:]+\\] INFO: XemChung is ready: open http://localhost:${port}$`, 'm'),
    );
    expect(run.output()).toMatch(/INFO: Sign-in: built-in accounts, local to this instance/);
    expect(await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.status)).toBe(200);

    // A signal sent to the script reaches the server, which shuts down; nothing is left running.
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('shutting down (SIGINT)');
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it('shows what each step prints with --verbose, Vite chunk list included', async () => {
    const run = start(freshFolder(), { PORT: String(await freePort()), LOG_FORMAT: 'json' }, ['--verbose']);
    await waitFor(run, 'XemChung is ready');
    expect(run.output()).toContain('Building the web app…\n');
    expect(run.output()).toContain('shell-3f2a9c1b.js');
    expect(run.output()).toMatch(/Building the web app: done in \d+\.\d s/);
    expect(run.output()).toMatch(/^\{"level":30,.*"msg":"XemChung is ready: open http:\/\/localhost:\d+"\}$/m);
  });

  it('shows npm’s error in full when the install fails, and ends with its exit code without building', async () => {
    const run = start(freshFolder(), { FAKE_NPM_CI: 'fail' });
    expect(await run.exited).toBe(1);
    const output = run.output();
    expect(output).toMatch(/^Installing dependencies… failed after \d+\.\d s:$/m);
    expect(output).toContain('npm error code E404');
    expect(output).toContain('npm error 404 Not Found - GET https://registry.npmjs.org/left-pad-nope');
    expect(output).toContain('npm error A complete log of this run can be found in');
    expect(output).not.toContain('Building the web app');
  });
});
