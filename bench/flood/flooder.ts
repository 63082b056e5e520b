// The flood of `npm run bench:flood`, a child of run.ts on the generator's core: one client address
// (`localAddress`, a loopback address of its own) running `sockets` loops that never back off. Each loop opens a
// WebSocket with a new guest cookie, as a script clearing its cookies would, joins the flooded room and sends
// `messagesPerSocket` messages at once (clock pings, or room joins), more than R22 lets a socket send before it is
// cut off; when the server closes the socket, or refuses it, the loop opens the next one at once.
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '../../packages/protocol/src/protocol-version.ts';
import type { FloodScenario, FloodStats, ToFlooder } from './messages.ts';

type Plan = Extract<ToFlooder, { type: 'plan' }>;

const OPEN = 0x30; // '0' engine open
const PING = 0x32; // '2' engine ping
const MESSAGE = 0x34; // '4' engine message, then the Socket.IO packet type:
const CONNECT = 0x30; //   '0'
const CONNECT_ERROR = 0x34; //   '4'

const plan = await new Promise<Plan>((resolve) => process.once('message', (message) => resolve(message as Plan)));
const endpoint = `${plan.url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
const connectFrame = `40${JSON.stringify({ protocol: PROTOCOL_VERSION })}`;

let running = false;
let scenario: FloodScenario = 'reconnect';
let stats = emptyStats();
const open = new Set<WebSocket>();

function emptyStats(): FloodStats {
  return {
    type: 'flood-stats',
    attempts: 0,
    accepted: 0,
    refusedHttp: {},
    refusedTyped: {},
    closedByServer: 0,
    messages: 0,
    errors: 0,
  };
}
const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

function floodFrames(): string[] {
  const [event, payload] = scenario === 'join' ? ['room:join', { roomId: plan.roomId }] : ['clock:ping', {}];
  const body = JSON.stringify([event, payload]);
  return Array.from({ length: plan.messagesPerSocket }, (_, id) => `42${id}${body}`);
}

/** One connection of one loop; the loop's next starts as soon as this one ends, whatever ended it. */
function attempt(): void {
  if (!running) return;
  stats.attempts += 1;
  const socket = new WebSocket(endpoint, {
    headers: { origin: plan.url, cookie: `xc_guest=${randomBytes(16).toString('base64url')}` },
    perMessageDeflate: false,
    localAddress: plan.localAddress,
    handshakeTimeout: 5000,
  });
  open.add(socket);
  let accepted = false;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    open.delete(socket);
    socket.terminate();
    setImmediate(attempt);
  };
  // Accepted sockets the server did not cut off within this time are closed here, so every loop keeps churning.
  const cap = setTimeout(finish, 5000);
  socket.on('unexpected-response', (request, response) => {
    bump(stats.refusedHttp, String(response.statusCode));
    response.resume();
    request.destroy();
    clearTimeout(cap);
    finish();
  });
  socket.on('error', () => {
    if (!done) stats.errors += 1;
    clearTimeout(cap);
    finish();
  });
  socket.on('close', () => {
    if (!done && accepted) stats.closedByServer += 1;
    clearTimeout(cap);
    finish();
  });
  socket.on('message', (data: Buffer) => {
    const first = data[0];
    if (first === PING && data.length === 1) return socket.send('3');
    if (first === OPEN) return socket.send(connectFrame);
    if (first !== MESSAGE) return;
    if (data[1] === CONNECT && !accepted) {
      accepted = true;
      stats.accepted += 1;
      socket.send(`42${JSON.stringify(['room:join', { roomId: plan.roomId }])}`);
      for (const frame of floodFrames()) socket.send(frame);
      stats.messages += plan.messagesPerSocket + 1;
    } else if (data[1] === CONNECT_ERROR) {
      const code = /"code":"([a-z_]+)"/.exec(data.toString('utf8', 2))?.[1] ?? 'none';
      bump(stats.refusedTyped, code);
      clearTimeout(cap);
      finish();
    }
  });
}

process.on('message', (message: ToFlooder) => {
  if (message.type === 'start') {
    scenario = message.scenario;
    stats = emptyStats();
    running = true;
    for (let loop = 0; loop < plan.sockets; loop++) attempt();
  } else if (message.type === 'stop') {
    running = false;
    for (const socket of open) socket.terminate();
    open.clear();
    process.send?.(stats);
  }
});
process.send?.({ type: 'ready' });
