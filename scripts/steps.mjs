// The steps `npm start` (and `npm test`'s install) print: one short line each, "Building the web app… 3.1 s".
// What a step's command prints is kept back and shown in full only if it fails, or as it comes with `verbose`.
// Plain JS, so that any Node (>= 20) can run it: the first install runs before the project's Node 24 exists.
import { spawn } from 'node:child_process';

/** "0.4 s", "3.1 s", "29 s". */
export function formatDuration(ms) {
  const seconds = ms / 1000;
  return seconds < 10 ? `${seconds.toFixed(1)} s` : `${Math.round(seconds)} s`;
}

/**
 * Runs `command args`, printing `label… <time>` on `out`; resolves to its exit code. On failure the command's
 * stdout and stderr, in the order they came, go to `err` after the line.
 */
export function runStep(label, command, args, { verbose = false, out = process.stdout, err = process.stderr } = {}) {
  const started = performance.now();
  out.write(verbose ? `${label}…\n` : `${label}… `);
  const child = spawn(command, args, { stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    let done = false;
    const finish = (code) => {
      if (done) return; // a command that cannot be spawned reports 'error', then 'close'
      done = true;
      const took = formatDuration(performance.now() - started);
      if (code === 0) {
        out.write(verbose ? `${label}: done in ${took}\n` : `${took}\n`);
      } else {
        out.write(verbose ? `${label}: failed after ${took}\n` : `failed after ${took}:\n`);
        err.write(Buffer.concat(output));
      }
      resolve(code);
    };
    child.once('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(127);
    });
    child.once('close', (code) => finish(code ?? 1));
  });
}

/** `--verbose` after `npm start --`, or npm's own `npm start --verbose`. */
export function wantsVerbose(argv = process.argv, env = process.env) {
  return argv.includes('--verbose') || env.npm_config_loglevel === 'verbose' || env.npm_config_loglevel === 'silly';
}
