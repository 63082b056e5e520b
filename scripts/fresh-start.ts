// `npm run check:fresh-start`: the README's `npm start` as a new self-hoster runs it, for real. Clones the committed
// HEAD into a temporary folder, runs `npm start` there with the machine's own Node first on PATH (npm puts this
// project's Node 24 first for its scripts; a fresh machine has not got it yet), waits for the ready line, stops the
// server with SIGINT as Ctrl-C would, prints the transcript and checks it: no EBADENGINE, one timed line for the
// install and the build, the ready line. Takes about a minute (a real `npm ci`), so it is run by hand, not by
// `npm test`; scripts/start.test.ts checks the same output with a stub npm (docs/decisions/030-start-up-output.md).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const READY_WITHIN_MS = 5 * 60_000;

const folder = mkdtempSync(path.join(tmpdir(), 'xc-fresh-'));
const keep = process.argv.includes('--keep');
try {
  const clone = spawnSync('git', ['clone', '--quiet', ROOT, folder], { stdio: 'inherit' });
  if (clone.status !== 0) throw new Error('git clone failed');
  const port = await freePort();
  // The PATH of a shell on this machine: without the node_modules/.bin folders npm added for this script.
  const machinePath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((entry) => !entry.includes(`${path.sep}node_modules${path.sep}`))
    .join(path.delimiter);
  const machineNode = spawnSync('node', ['--version'], {
    env: { ...process.env, PATH: machinePath },
    encoding: 'utf8',
  });
  console.log(`[fresh-start] ${folder}, the machine's node ${machineNode.stdout.trim()}, PORT=${port}\n`);

  // A process group of its own, as a terminal runs a command, so that SIGINT can reach all of it like Ctrl-C.
  const child = spawn('npm', ['start'], {
    cwd: folder,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: machinePath, HOME: process.env.HOME ?? '', PORT: String(port), LOG_FORMAT: 'pretty' },
  });
  let transcript = '';
  const show = (chunk: Buffer) => {
    transcript += chunk.toString();
    process.stdout.write(chunk);
  };
  child.stdout.on('data', show);
  child.stderr.on('data', show);
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));

  const deadline = Date.now() + READY_WITHIN_MS;
  while (!transcript.includes('Sign-in:') && child.exitCode === null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const answered = await fetch(`http://127.0.0.1:${port}/`).then(
    (response) => response.status,
    () => 0,
  );
  const group = -(child.pid ?? 0);
  process.kill(group, 'SIGINT');
  const stopped = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(r, 15_000, false))]);
  if (!stopped) process.kill(group, 'SIGKILL');

  const failures = [
    transcript.includes('EBADENGINE') && 'EBADENGINE warnings are shown',
    !/^Installing dependencies… \d+(\.\d)? s$/m.test(transcript) && 'no "Installing dependencies… N s" line',
    !/^Building the web app… \d+(\.\d)? s$/m.test(transcript) && 'no "Building the web app… N s" line',
    /dist\/assets\//.test(transcript) && "Vite's chunk list is shown",
    !transcript.includes(`XemChung is ready: open http://localhost:${port}`) && 'no ready line',
    answered !== 200 && `GET / answered ${answered}, not 200`,
    !stopped && 'Ctrl-C did not stop it within 15 s',
  ].filter(Boolean);
  if (failures.length > 0) {
    console.error(`\n[fresh-start] FAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log('\n[fresh-start] ok: no EBADENGINE, one timed line a step, the ready line, the app answers');
  }
} finally {
  if (!keep) rmSync(folder, { recursive: true, force: true });
}
