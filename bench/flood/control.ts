// The control room of `npm run bench:flood`, a child of run.ts on the generator's core, its scheduler group weighted
// above the flooder's (which runs there too: this process must not be the one kept waiting): a signed-in host and a guest
// follower, both real Socket.IO clients on the wire protocol (bench/lib/sio-wire.ts). In each phase the host
// reports playback on a fixed open-loop schedule; the follower parses each broadcast and timestamps it, and the
// latency is taken from the command's scheduled time, so neither a late host nor a busy server can hide.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PROTOCOL_VERSION } from '../../packages/protocol/src/protocol-version.ts';
import { WireClient } from '../lib/sio-wire.ts';
import type { ControlReady, PhaseResult, ToControl } from './messages.ts';

type Plan = Extract<ToControl, { type: 'plan' }>;
/** What the follower reads of a room:state or a room:delta. */
interface Broadcast {
  current_video?: { current_time: number };
  set?: { current_video?: { current_time: number } };
}

const inbox: ToControl[] = [];
let wake: (() => void) | null = null;
process.on('message', (message: ToControl) => {
  inbox.push(message);
  wake?.();
});
async function next(): Promise<ToControl> {
  while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
  return inbox.shift() as ToControl;
}
const send = (message: ControlReady | PhaseResult) => process.send?.(message);

const plan = (await next()) as Plan;
const intervalMs = 1000 / plan.ratePerSecond;
const auth = { protocol: PROTOCOL_VERSION };

/** Receipt time of each position the follower saw, by position (the command's sequence number). */
const arrivals = new Map<number, number>();
const follower = await WireClient.connect({
  url: plan.url,
  headers: { origin: plan.url, cookie: `xc_guest=${randomBytes(16).toString('base64url')}` },
  auth,
  onEvent: (frame) => {
    const at = performance.now();
    // A playback report goes out as `room:delta` (R108) or, from a server before it, as the whole `room:state`.
    const delta = frame.indexOf('"room:delta"') === 3;
    if (!delta && frame.indexOf('"room:state"') !== 3) return;
    const [, room] = JSON.parse(frame.toString('utf8', 2)) as [string, Broadcast];
    const time = delta ? room.set?.current_video?.current_time : room.current_video?.current_time;
    if (time !== undefined) arrivals.set(Math.round(time), at);
  },
});
const host = await WireClient.connect({
  url: plan.url,
  headers: { origin: plan.url, cookie: plan.hostCookie },
  auth,
  onEvent: () => {},
});
for (const client of [host, follower]) {
  const ack = (await client.request('room:join', { roomId: plan.roomId })) as { ok: boolean };
  if (!ack.ok) throw new Error(`control: join refused ${JSON.stringify(ack)}`);
}
send({ type: 'ready' });

let sequence = 0;
for (;;) {
  const message = await next();
  if (message.type === 'close') break;
  if (message.type !== 'phase') continue;
  const first = sequence + 1;
  const scheduled: number[] = [];
  const late: number[] = [];
  const failures: Record<string, number> = {};
  const start = performance.now() + 50;
  const acks: Array<Promise<void>> = [];
  for (let k = 0; k < message.commands; k++) {
    const due = start + k * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sequence += 1;
    scheduled.push(due);
    late.push(performance.now() - due);
    // position = sequence: what the follower reads back from room:state to match the delivery to its command.
    const payload = { id: plan.videoId, playing: true, position: sequence, rate: 1 };
    acks.push(
      host.request('playback:update', payload, 5000).then(
        (ack) => {
          const answer = ack as { ok: boolean; error?: { code: string } };
          if (!answer.ok) failures[answer.error?.code ?? '?'] = (failures[answer.error?.code ?? '?'] ?? 0) + 1;
        },
        () => {
          failures.timeout = (failures.timeout ?? 0) + 1;
        },
      ),
    );
  }
  await Promise.all(acks);
  await new Promise((resolve) => setTimeout(resolve, 500)); // broadcasts after the last ack
  const latencies: number[] = [];
  let lost = 0;
  scheduled.forEach((due, index) => {
    const at = arrivals.get(first + index);
    if (at === undefined) lost += 1;
    else latencies.push(at - due);
  });
  arrivals.clear();
  late.sort((a, b) => a - b);
  send({
    type: 'phase-result',
    latencies,
    lost,
    failures,
    sendLateP99Ms: late[Math.max(0, Math.ceil(late.length * 0.99) - 1)] ?? 0,
  });
}
host.close();
follower.close();
process.exit(0);
