// `npm start`: installs what is missing, checks the Node version, builds the web app and serves it, one short line
// a step; then the server's own log, readable on a terminal, says where to open the app. `npm start -- --verbose`
// (or `npm start --verbose`) also shows what each step prints, Vite's chunk list included.
// Plain JS, run by the machine's Node (>= 20): the first install happens before the project's Node 24 exists.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureInstall } from './ensure-install.mjs';
import { runStep, wantsVerbose } from './steps.mjs';

const verbose = wantsVerbose();

/** Runs `npm run <script>` silently (no banner), its output shown as it comes; resolves to its exit code. */
function npmRun(script) {
  const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit' });
  return new Promise((resolve) => child.once('close', (code) => resolve(code ?? 1)));
}

await ensureInstall({ verbose });

// A new npm, whose PATH finds the Node 24 the install has just brought; this process is the machine's Node.
// The check prints its one line itself when that Node is missing.
const nodeChecked = await npmRun('check:node');
if (nodeChecked !== 0) process.exit(nodeChecked);

const built = await runStep('Building the web app', 'npm', ['run', '--silent', 'build'], { verbose });
if (built !== 0) process.exit(built);

// The server as a direct child, not through `npm run serve`: npm's shell would die on a SIGTERM and leave the
// server running; this way a signal reaches it, it shuts down, and this script ends with its exit code.
// npm scripts find Node 24 at node_modules/.bin/node (the `node` devDependency); the check above passed, so
// without it this Node is new enough.
const node = existsSync('node_modules/.bin/node') ? 'node_modules/.bin/node' : process.execPath;
const server = spawn(node, ['apps/server/src/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  // Ctrl-C reaches the server from the terminal too; a signal sent to this script alone is passed on.
  process.on(signal, () => server.kill(signal));
}
server.once('close', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
