import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Debian's Janus, started beside the server when SFU=janus names no SFU_URL (R129): a configuration of our own in a
// fresh folder (the VideoRoom plugin and the HTTP API alone, on 127.0.0.1 with a random api_secret, so only this
// server can use it), and stopped with the server.

const LIB = '/usr/lib/x86_64-linux-gnu/janus';

/** The start of each managed Janus's configuration folder's name (in the temp folder), which also marks its process. */
const JANUS_FOLDER_PREFIX = 'xemchung-janus-';

/** Every plugin and transport Debian ships beside the two used, each named to keep it off. */
const UNUSED_PLUGINS = [
  'audiobridge',
  'duktape',
  'echotest',
  'lua',
  'nosip',
  'recordplay',
  'sip',
  'streaming',
  'textroom',
  'videocall',
  'voicemail',
].map((name) => `libjanus_${name}.so`);
const UNUSED_TRANSPORTS = ['mqtt', 'nanomsg', 'pfunix', 'rabbitmq', 'websockets'].map((name) => `libjanus_${name}.so`);

export interface ManagedJanus {
  /** The HTTP API's base. */
  url: string;
  secret: string;
  /** The running Janus's process id (a new one after each restart). */
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

export interface ManagedJanusOptions {
  binary: string;
  /** The HTTP API's port, on 127.0.0.1. */
  port: number;
  /** Told of Janus ending while the server runs; it is started again (`onRestart` once it answers). */
  onExit: (code: number | null) => void;
  /** Told when Janus, started again after it ended, answers. */
  onRestart?: () => void;
  /** The lines Janus writes. */
  onLog?: (line: string) => void;
  /**
   * Where the running Janus's process id is kept (in the server's data folder): a Janus left running by a server that
   * was killed hard (`kill -9`, an OOM kill) still holds the port, and is stopped before a new one starts.
   */
  pidFile?: string;
}

/**
 * How long after Janus ended it is started again: doubled after each start that failed or run that ended within
 * STABLE_RUN_MS (a Janus that crashes on some request would otherwise restart every second), up to the most.
 */
const RESTART_FIRST_MS = 1000;
const RESTART_MOST_MS = 30_000;
const STABLE_RUN_MS = 60_000;

function configFiles(folder: string, port: number, secret: string): Record<string, string> {
  return {
    'janus.jcfg': `general: {
  configs_folder = "${folder}"
  plugins_folder = "${LIB}/plugins"
  transports_folder = "${LIB}/transports"
  events_folder = "${LIB}/events"
  loggers_folder = "${LIB}/loggers"
  debug_level = 3
  api_secret = "${secret}"
  session_timeout = 60
}
nat: { ice_ignore_list = "vmnet" }
plugins: { disable = "${UNUSED_PLUGINS.join(',')}" }
transports: { disable = "${UNUSED_TRANSPORTS.join(',')}" }
events: { broadcast = false }
loggers: { disable = "libjanus_jsonlog.so" }
`,
    'janus.transport.http.jcfg': `general: { json = "plain", base_path = "/janus", http = true, port = ${port}, ip = "127.0.0.1", https = false }
admin: { admin_http = false }
`,
    'janus.plugin.videoroom.jcfg': 'general: { string_ids = true }\n',
  };
}

/** One run of Janus: its process, and when it ended. */
interface JanusRun {
  child: ChildProcess;
  exited: Promise<number | null>;
}

/**
 * Starts Janus and resolves once its HTTP API answers (or rejects if it ends or stays silent for 15 s). A Janus
 * that ends while the server runs is started again on the same port with the same secret, a second later (doubled
 * while it keeps failing, up to 30 s): the screen shares and calls through it come back as their tabs make their
 * links again (R129).
 */
export async function startJanus(options: ManagedJanusOptions): Promise<ManagedJanus> {
  if (options.pidFile) await stopLeftBehind(options.pidFile);
  const folder = mkdtempSync(path.join(tmpdir(), JANUS_FOLDER_PREFIX));
  const secret = randomBytes(24).toString('hex');
  for (const [name, text] of Object.entries(configFiles(folder, options.port, secret))) {
    writeFileSync(path.join(folder, name), text, { mode: 0o600 });
  }
  const url = `http://127.0.0.1:${options.port}/janus`;
  let stopping = false;
  /** The run that answers, or is being started (stop() ends either). */
  let current: JanusRun | null = null;
  let restartTimer: NodeJS.Timeout | undefined;
  let nextWait = RESTART_FIRST_MS;

  const kill = async (run: JanusRun) => {
    run.child.kill('SIGTERM');
    const killer = setTimeout(() => run.child.kill('SIGKILL'), 3000).unref();
    await run.exited;
    clearTimeout(killer);
  };
  const launch = async (): Promise<JanusRun> => {
    const run = spawnJanus(options, folder);
    current = run;
    if (options.pidFile && run.child.pid !== undefined) writeFileSync(options.pidFile, `${run.child.pid}\n`);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const answered = await fetch(`${url}/info`, { signal: AbortSignal.timeout(1000) }).then(
        (response) => response.ok,
        () => false,
      );
      // Answered by this run, not by another process on the port (a Janus left behind by a server killed hard).
      if (answered && run.child.exitCode === null) return run;
      const ended = await Promise.race([run.exited.then(() => true), delay(200).then(() => false)]);
      if (ended || Date.now() > deadline || stopping) {
        await kill(run);
        throw new Error(`Janus (${options.binary}) did not start on port ${options.port}`);
      }
    }
  };
  const watch = (run: JanusRun) => {
    const startedAt = Date.now();
    void run.exited.then((code) => {
      if (stopping) return;
      options.onExit(code);
      if (Date.now() - startedAt >= STABLE_RUN_MS) nextWait = RESTART_FIRST_MS;
      restart();
    });
  };
  const restart = () => {
    const wait = nextWait;
    nextWait = Math.min(wait * 2, RESTART_MOST_MS);
    restartTimer = setTimeout(() => {
      launch().then(
        (run) => {
          if (stopping) return;
          watch(run);
          options.onRestart?.();
        },
        () => {
          if (!stopping) restart();
        },
      );
    }, wait);
  };

  try {
    watch(await launch());
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    secret,
    get pid() {
      return current?.child.pid;
    },
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      if (current) await kill(current);
      rmSync(folder, { recursive: true, force: true });
      if (options.pidFile) rmSync(options.pidFile, { force: true });
    },
  };
}

/**
 * Stops the Janus a pid file names if it still runs as one of ours (its command line reads a configuration folder
 * of ours: a reused process id is left alone), and waits up to 5 s for it to go.
 */
async function stopLeftBehind(pidFile: string): Promise<void> {
  const pid = Number.parseInt(readText(pidFile) ?? '', 10);
  if (!Number.isSafeInteger(pid) || pid <= 0) return;
  const args = () => (readText(`/proc/${pid}/cmdline`) ?? '').split('\0');
  const started = args();
  const folder = started[started.indexOf('-F') + 1];
  if (!folder?.startsWith(path.join(tmpdir(), JANUS_FOLDER_PREFIX))) return;
  const ours = () => args().includes(folder);
  signal(pid, 'SIGTERM');
  for (let waited = 0; ours() && waited < 5000; waited += 100) {
    if (waited === 3000) signal(pid, 'SIGKILL');
    await delay(100);
  }
  rmSync(folder, { recursive: true, force: true });
}

/** Sends `name` to `pid`; a process that has ended meanwhile (ESRCH) is what was wanted, not a failed start. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Spawns Janus with the configuration in `folder`; its lines go to `onLog`. */
function spawnJanus(options: ManagedJanusOptions, folder: string): JanusRun {
  const child = spawn(options.binary, ['-F', folder, '-C', path.join(folder, 'janus.jcfg'), '-o'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
  // Janus logs to stdout; at debug_level 3 that is its warnings and errors, and a few lines at start.
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8').on('data', (text: string) => {
      for (const line of text.split('\n')) if (line.trim()) options.onLog?.(line.trim());
    });
  }
  return { child, exited };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
