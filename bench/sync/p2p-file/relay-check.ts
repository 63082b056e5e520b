// What the relays of udp-delay.ts let a data channel carry, against loopback: two Chromium processes, one
// ordered reliable channel, `megabytes` sent in 64 KiB frames with the sender held at 4 MiB buffered (as the
// app's peerLink.ts does), then 20 single 256 KiB pieces asked one at a time. Signals pass through this script.
//   ./node_modules/.bin/node bench/sync/p2p-file/relay-check.ts [megabytes]
import { type Browser, chromium, type Page } from '@playwright/test';
import { chromiumLaunch } from '../../../playwright.config.ts';
import { describeMachine } from '../../lib/machine.ts';
import { rewriteRemoteCandidates, startUdpRelays, type UdpRelays } from './udp-delay.ts';

const MEGABYTES = Number(process.argv[2] ?? 40);
const WIFI_LEG = { delayMs: 20, jitterMs: 10 };
const launch = { ...chromiumLaunch, args: [...chromiumLaunch.args, '--disable-features=WebRtcHideLocalIpsWithMdns'] };

declare global {
  interface Window {
    __link?: { pc: RTCPeerConnection; channel: Promise<RTCDataChannel> };
    __signal?: (json: string) => Promise<void>;
  }
}

async function peer(browser: Browser, relays: UdpRelays | null, deliver: (json: string) => void): Promise<Page> {
  const context = await browser.newContext();
  if (relays) {
    await context.exposeFunction('__benchUdpRelay', (address: string, port: number) =>
      relays.relayTo(address, port, WIFI_LEG, WIFI_LEG),
    );
    await context.addInitScript(rewriteRemoteCandidates);
  }
  const page = await context.newPage();
  await page.exposeFunction('__send', deliver);
  await page.goto('about:blank');
  return page;
}

async function connect(a: Page, b: Page): Promise<void> {
  for (const [page, initiator] of [
    [a, true],
    [b, false],
  ] as const) {
    await page.evaluate((initiator) => {
      const pc = new RTCPeerConnection();
      const send = (value: unknown) =>
        (window as unknown as { __send(json: string): void }).__send(JSON.stringify(value));
      pc.onicecandidate = ({ candidate }) => send({ candidate: candidate?.toJSON() ?? null });
      const channel = initiator
        ? Promise.resolve(pc.createDataChannel('bytes', { ordered: true }))
        : new Promise<RTCDataChannel>((resolve) => {
            pc.ondatachannel = ({ channel }) => resolve(channel);
          });
      window.__link = { pc, channel };
      window.__signal = async (json) => {
        const signal = JSON.parse(json) as { description?: RTCSessionDescriptionInit; candidate?: RTCIceCandidateInit };
        if (signal.description) {
          await pc.setRemoteDescription(signal.description);
          if (signal.description.type === 'offer') {
            await pc.setLocalDescription(await pc.createAnswer());
            send({ description: pc.localDescription?.toJSON() });
          }
        } else if (signal.candidate) await pc.addIceCandidate(signal.candidate);
      };
      if (initiator) {
        void pc.createOffer().then(async (offer) => {
          await pc.setLocalDescription(offer);
          send({ description: pc.localDescription?.toJSON() });
        });
      }
    }, initiator);
  }
  await Promise.all(
    [a, b].map((page) =>
      page.evaluate(async () => {
        const channel = await window.__link?.channel;
        if (channel && channel.readyState !== 'open') await new Promise((resolve) => (channel.onopen = resolve));
      }),
    ),
  );
}

/** Seconds to send `megabytes` from a to b, and the 20 piece round trips (ms). */
async function measure(a: Page, b: Page, megabytes: number): Promise<{ mbps: number; pieces: number[] }> {
  await b.evaluate(async () => {
    const channel = (await window.__link?.channel) as RTCDataChannel;
    channel.binaryType = 'arraybuffer';
    // Answers a 1-byte ask with a 256 KiB piece; counts what it is sent otherwise.
    channel.onmessage = ({ data }) => {
      if (typeof data === 'string') channel.send(new Uint8Array(256 * 1024).buffer);
    };
  });
  const received = b.evaluate(
    async (total) => {
      const channel = (await window.__link?.channel) as RTCDataChannel;
      let bytes = 0;
      let first = 0;
      return new Promise<number>((resolve) => {
        channel.addEventListener('message', ({ data }) => {
          if (!(data instanceof ArrayBuffer)) return;
          first ||= performance.now();
          bytes += data.byteLength;
          if (bytes >= total) resolve(performance.now() - first);
        });
      });
    },
    megabytes * 1024 * 1024,
  );
  await a.evaluate(
    async (total) => {
      const channel = (await window.__link?.channel) as RTCDataChannel;
      channel.bufferedAmountLowThreshold = 1024 * 1024;
      const frame = new Uint8Array(64 * 1024);
      for (let sent = 0; sent < total; sent += frame.length) {
        if (channel.bufferedAmount > 4 * 1024 * 1024) {
          await new Promise((resolve) => channel.addEventListener('bufferedamountlow', resolve, { once: true }));
        }
        channel.send(frame);
      }
    },
    megabytes * 1024 * 1024,
  );
  const ms = await received;
  const pieces = await a.evaluate(async () => {
    const channel = (await window.__link?.channel) as RTCDataChannel;
    channel.binaryType = 'arraybuffer';
    const trips: number[] = [];
    for (let index = 0; index < 20; index++) {
      const start = performance.now();
      let bytes = 0;
      await new Promise<void>((resolve) => {
        channel.onmessage = ({ data }) => {
          bytes += (data as ArrayBuffer).byteLength;
          if (bytes >= 256 * 1024) resolve();
        };
        channel.send('get');
      });
      trips.push(performance.now() - start);
    }
    return trips;
  });
  return { mbps: (megabytes * 8 * 1.048576) / (ms / 1000), pieces };
}

for (const relayed of [false, true]) {
  const relays = relayed ? startUdpRelays(15) : null;
  const browsers = [await chromium.launch(launch), await chromium.launch(launch)];
  const pages: Page[] = [];
  const deliverTo = (index: number) => (json: string) => void pages[index]?.evaluate((j) => window.__signal?.(j), json);
  pages.push(await peer(browsers[0] as Browser, relays, deliverTo(1)));
  pages.push(await peer(browsers[1] as Browser, relays, deliverTo(0)));
  await connect(pages[0] as Page, pages[1] as Page);
  const { mbps, pieces } = await measure(pages[0] as Page, pages[1] as Page, MEGABYTES);
  const sorted = [...pieces].sort((x, y) => x - y);
  console.log(
    `${relayed ? 'relayed 20 ± 10 ms each way' : 'loopback'}: ${MEGABYTES} MB at ${mbps.toFixed(1)} Mbit/s; ` +
      `a 256 KiB piece asked alone: median ${sorted[10]?.toFixed(0)} ms, max ${sorted[19]?.toFixed(0)} ms`,
  );
  for (const browser of browsers) await browser.close();
  relays?.close();
}
console.log(describeMachine());
