// What `node apps/server/src/main.ts` prints when it starts and when it cannot (issue #29,
// docs/decisions/030-start-up-output.md): the ready line, one access line per request with probes and static files
// at debug, and for each start-up failure an operator can fix, one line naming the setting, exit code 1.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const folder = mkdtempSync(path.join(tmpdir(), 'xc-startup-'));
chmodSync(folder, 0o755); // the read-only DATA_DIR case runs as another user when the tests run as root
const webDist = path.join(folder, 'web-dist');
mkdirSync(webDist);
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>XemChung</title>');
writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const children = new Set<ChildProcess>();
afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A port nothing listens on: taken from the OS, then released. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function occupiedPort(): Promise<{ port: number; server: Server }> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ port: typeof address === 'object' && address ? address.port : 0, server });
    });
  });
}

let dataDirs = 0;

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** The server with only these variables (and PATH), output piped: not a terminal, so JSON unless LOG_FORMAT says. */
function run(env: Record<string, string>, options: { uid?: number; gid?: number } = {}): Started {
  const child = spawn(process.execPath, [MAIN], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      DATA_DIR: path.join(folder, `data-${++dataDirs}`),
      WEB_DIST_DIR: webDist,
      ...env,
    },
  });
  children.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Runs a start that must fail; its exit code and its output, which must be one line. */
async function failedStart(env: Record<string, string>, options?: { uid?: number; gid?: number }) {
  const started = run({ PORT: String(await closedPort()), ...env }, options);
  const code = await started.exited;
  const output = started.output();
  return { code, output, lines: output.trimEnd().split('\n') };
}

function expectOneFatalLine(failure: { code: number | null; lines: string[] }, setting: string, text: RegExp) {
  expect(failure.code).toBe(1);
  expect(failure.lines).toHaveLength(1);
  const line = JSON.parse(failure.lines[0] ?? '') as { level: number; setting: string; msg: string; err?: unknown };
  expect(line).toMatchObject({ level: 60, setting });
  expect(line.msg).toMatch(text);
  expect(line.err).toBeUndefined();
}

async function waitFor(started: Started, text: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!started.output().includes(text)) {
    if (started.child.exitCode !== null) throw new Error(`the server exited:\n${started.output()}`);
    if (Date.now() > deadline) throw new Error(`no "${text}" within ${timeoutMs} ms:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the server start-up output', () => {
  it('says where to open the app and that accounts are local, and logs one info line per page or API call', async () => {
    const port = await closedPort();
    const started = run({ PORT: String(port), PUBLIC_URL: 'http://watch.example:8080' });
    await waitFor(started, 'Sign-in:');
    const base = `http://127.0.0.1:${port}`;
    for (const url of ['/healthz', '/readyz', '/favicon.svg', '/', '/api/me']) await fetch(`${base}${url}`);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);

    const lines = started
      .output()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; msg: string; req?: { url: string }; res?: object });
    const messages = lines.map((line) => line.msg);
    expect(messages).toContain('XemChung is ready: open http://watch.example:8080');
    expect(messages.find((message) => message.startsWith('Sign-in:'))).toMatch(/local to this instance/);
    const requests = lines.filter((line) => line.req);
    // One line per request when it completes, with the method, URL and status together; probes and files at debug.
    expect(requests.map((line) => line.req?.url)).toEqual(['/', '/api/me']);
    expect(requests.every((line) => line.level === 30 && line.msg === 'request completed' && line.res)).toBe(true);
    expect(messages).not.toContain('incoming request');
  });

  it('is readable with LOG_FORMAT=pretty: time, level, message, one line a request', async () => {
    const port = await closedPort();
    const started = run({ PORT: String(port), LOG_FORMAT: 'pretty' });
    await waitFor(started, 'Sign-in:');
    await fetch(`http://127.0.0.1:${port}/api/me`);
    await waitFor(started, 'GET /api/me');
    started.child.kill('SIGTERM');
    await started.exited;
    expect(started.output()).toMatch(
      new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d\\] INFO: XemChung is ready: open http://localhost:${port}$`, 'm'),
    );
    expect(started.output()).toMatch(/^\[[\d:]+\] INFO: GET \/api\/me \d{3} \d+ ms$/m);
    expect(started.output()).not.toContain('{');
  });
});

describe('a start that cannot succeed says why in one line and exits 1', () => {
  it('PORT already in use', async () => {
    const { port, server } = await occupiedPort();
    try {
      const failure = await failedStart({ PORT: String(port) });
      expectOneFatalLine(failure, 'PORT', new RegExp(`PORT ${port} is already in use on 127\\.0\\.0\\.1; .*set PORT`));
    } finally {
      server.close();
    }
  });

  it('DATABASE_URL where no PostgreSQL answers', async () => {
    const port = await closedPort();
    const failure = await failedStart({ DATABASE_URL: `postgres://someone:secret@127.0.0.1:${port}/xemchung` });
    expectOneFatalLine(
      failure,
      'DATABASE_URL',
      new RegExp(
        `DATABASE_URL points at PostgreSQL on 127\\.0\\.0\\.1:${port}, which does not answer \\(connection refused\\); start it, or correct DATABASE_URL`,
      ),
    );
    expect(failure.output).not.toContain('secret');
  });

  it('REDIS_URL where no Redis answers', async () => {
    const port = await closedPort();
    const failure = await failedStart({ REDIS_URL: `redis://127.0.0.1:${port}` });
    expectOneFatalLine(
      failure,
      'REDIS_URL',
      new RegExp(
        `REDIS_URL points at Redis on 127\\.0\\.0\\.1:${port}, which does not answer \\(connection refused\\)`,
      ),
    );
  });

  it('DATA_DIR inside a file', async () => {
    const file = path.join(folder, 'a-file');
    writeFileSync(file, '');
    const failure = await failedStart({ DATA_DIR: path.join(file, 'data') });
    expectOneFatalLine(failure, 'DATA_DIR', /DATA_DIR .*a-file\/data is not a writable folder .*set DATA_DIR/);
  });

  it('DATA_DIR the server may not write (a read-only folder; under /sys when the tests run as root)', async () => {
    // Root writes any folder whatever its mode, and a fresh clone's temporary parent (mode 0700) keeps another user
    // from running its node binary: as root, a folder under /sys, which no one may create (EPERM, or EROFS where
    // /sys is mounted read-only), stands for a folder the server may not write.
    const asRoot = process.getuid?.() === 0;
    const readOnly = asRoot ? '/sys/xemchung-data' : path.join(folder, 'read-only');
    if (!asRoot) {
      mkdirSync(readOnly, { mode: 0o555 });
      chmodSync(readOnly, 0o555);
    }
    const failure = await failedStart({ DATA_DIR: readOnly });
    expectOneFatalLine(
      failure,
      'DATA_DIR',
      /is not a writable folder \((permission denied|it is on a read-only file system)\)/,
    );
  });

  it('prints the same as one readable line with LOG_FORMAT=pretty, and the stack only with LOG_LEVEL=debug', async () => {
    const { port, server } = await occupiedPort();
    try {
      const pretty = await failedStart({ PORT: String(port), LOG_FORMAT: 'pretty' });
      expect(pretty.code).toBe(1);
      expect(pretty.lines).toEqual([
        expect.stringMatching(/^\[[\d:]+\] FATAL: Cannot start: PORT \d+ is already in use on 127\.0\.0\.1; /),
      ]);
      const debug = await failedStart({ PORT: String(port), LOG_FORMAT: 'pretty', LOG_LEVEL: 'debug' });
      expect(debug.code).toBe(1);
      expect(debug.output).toMatch(/FATAL: Cannot start: PORT/);
      expect(debug.output).toContain('EADDRINUSE');
      expect(debug.output).toMatch(/\n\s+at /);
    } finally {
      server.close();
    }
  });
});
