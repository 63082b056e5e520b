// The spike behind docs/decisions/040-own-file-transport.md: what a WebRTC data channel between two Chromium
// processes on this machine carries, and what the alternative would cost before its first byte. Run with
// `./node_modules/.bin/node bench/own-file/spike.ts [megabytes]`. It measures, with two browsers and no server
// (their signals pass through this script):
// - throughput: `megabytes` sent as 64 KiB frames on one ordered, reliable channel, with the sender waiting on
//   bufferedAmount as apps/web/src/features/player/ownFile/peerLink.ts does;
// - piece latency: 20 requests of one 256 KiB piece each, asked and answered one at a time (a seek's first piece);
// - hashing: SHA-1 over `megabytes` in 256 KiB pieces with crypto.subtle, what WebTorrent does to every piece of a
//   file before it can seed it (and what a viewer's own copy would need to be checked piece by piece).
import { chromium, type Page } from '@playwright/test';

const MEGABYTES = Number(process.argv[2] ?? 200);
/** The size of each message of the throughput test, in KiB (64 as peerLink.ts sends). */
const FRAME_KB = Number(process.argv[3] ?? 64);
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'];

type Signal = { description?: RTCSessionDescriptionInit; candidate?: RTCIceCandidateInit | null };

/** A page with one RTCPeerConnection whose signals go to `peer` through this script. */
async function peerPage(name: string, deliver: (to: string, signal: Signal) => void): Promise<Page> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  const page = await browser.newPage();
  await page.exposeFunction('sendSignal', (signal: Signal) => deliver(name, signal));
  // An https page (answered here, no server) so the page is a secure context with crypto.subtle.
  await page.route('https://spike.invalid/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>spike</title>' }),
  );
  await page.goto(`https://spike.invalid/?frame=${FRAME_KB}`);
  await page.evaluate(() => {
    const connection = new RTCPeerConnection();
    const w = window as unknown as Record<string, unknown>;
    w.connection = connection;
    connection.onicecandidate = ({ candidate }) =>
      (w.sendSignal as (s: unknown) => void)({ candidate: candidate?.toJSON() ?? null });
    w.takeSignal = async (signal: Signal) => {
      if (signal.description) {
        await connection.setRemoteDescription(signal.description);
        if (signal.description.type === 'offer') {
          await connection.setLocalDescription(await connection.createAnswer());
          (w.sendSignal as (s: unknown) => void)({ description: connection.localDescription?.toJSON() });
        }
      } else if (signal.candidate) await connection.addIceCandidate(signal.candidate);
    };
  });
  return page;
}

const pages: Record<string, Page> = {};
const deliver = (from: string, signal: Signal) => {
  const to = from === 'sender' ? 'receiver' : 'sender';
  void pages[to]?.evaluate(
    (s) => (window as unknown as { takeSignal: (s: unknown) => Promise<void> }).takeSignal(s),
    signal,
  );
};
pages.sender = await peerPage('sender', deliver);
pages.receiver = await peerPage('receiver', deliver);
const { sender, receiver } = pages as { sender: Page; receiver: Page };

await receiver.evaluate(() => {
  const w = window as unknown as Record<string, unknown>;
  (w.connection as RTCPeerConnection).ondatachannel = ({ channel }) => {
    channel.binaryType = 'arraybuffer';
    w.channel = channel;
    let received = 0;
    channel.onmessage = ({ data }) => {
      if (typeof data === 'string') {
        // A piece request: answer 256 KiB at once, in 64 KiB frames, then 'end'.
        for (let i = 0; i < 4; i++) channel.send(new ArrayBuffer(64 * 1024));
        channel.send('end');
        return;
      }
      received += (data as ArrayBuffer).byteLength;
      w.received = received;
    };
  };
});
const connectStart = Date.now();
await sender.evaluate(async () => {
  const w = window as unknown as Record<string, unknown>;
  const connection = w.connection as RTCPeerConnection;
  const channel = connection.createDataChannel('bytes', { ordered: true });
  channel.binaryType = 'arraybuffer';
  w.channel = channel;
  await connection.setLocalDescription(await connection.createOffer());
  (w.sendSignal as (s: unknown) => void)({ description: connection.localDescription?.toJSON() });
  await new Promise((resolve) => {
    channel.onopen = resolve;
  });
});
const connectMs = Date.now() - connectStart;

const sendMs = await sender.evaluate(async (megabytes) => {
  const channel = (window as unknown as { channel: RTCDataChannel }).channel;
  channel.bufferedAmountLowThreshold = 1024 * 1024;
  const frame = new ArrayBuffer(Number(new URL(location.href).searchParams.get('frame') ?? 64) * 1024);
  const frames = (megabytes * 1024 * 1024) / frame.byteLength;
  const started = performance.now();
  for (let i = 0; i < frames; i++) {
    if (channel.bufferedAmount > 4 * 1024 * 1024) {
      await new Promise((resolve) => channel.addEventListener('bufferedamountlow', resolve, { once: true }));
    }
    channel.send(frame);
  }
  return performance.now() - started;
}, MEGABYTES);
const expected = MEGABYTES * 1024 * 1024;
const receiveStart = Date.now();
while ((await receiver.evaluate(() => (window as unknown as { received?: number }).received ?? 0)) < expected) {
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const totalMs = sendMs + (Date.now() - receiveStart);

const pieceMs = await sender.evaluate(async () => {
  const channel = (window as unknown as { channel: RTCDataChannel }).channel;
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await new Promise<void>((resolve) => {
      channel.onmessage = ({ data }) => {
        if (data === 'end') resolve();
      };
      channel.send('get');
    });
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
});

const hashMs = await sender.evaluate(async (megabytes) => {
  const piece = new Uint8Array(256 * 1024).map((_, i) => i & 0xff);
  const started = performance.now();
  for (let i = 0; i < megabytes * 4; i++) await crypto.subtle.digest('SHA-1', piece);
  return performance.now() - started;
}, MEGABYTES);

const median = (values: number[]) => values[Math.floor(values.length / 2)] ?? 0;
console.log(
  `own-file spike: connect_ms=${connectMs} throughput_mbit_s=${((expected * 8) / (totalMs / 1000) / 1e6).toFixed(0)} ` +
    `(${MEGABYTES} MB in ${(totalMs / 1000).toFixed(2)} s) piece_ms_p50=${median(pieceMs).toFixed(1)} ` +
    `piece_ms_max=${(pieceMs.at(-1) ?? 0).toFixed(1)} sha1_hash_${MEGABYTES}mb_ms=${hashMs.toFixed(0)}`,
);
await Promise.all(Object.values(pages).map((page) => page.context().browser()?.close()));
