// What WebRTC itself says about the share's links in bench:live, to tell where the latency goes: the sharer's
// encoders (frame rate, size, what limits their quality, time per frame) and the viewers' receivers (frame rate,
// the jitter buffer's delay, time to decode). The app's RTCPeerConnections are private to it, so an init script
// keeps a list of every one a page creates.
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __livePeers?: RTCPeerConnection[];
  }
}

/** Runs in a page (an init script): remembers each RTCPeerConnection the page creates. */
export function trackPeers(): void {
  const peers: RTCPeerConnection[] = [];
  window.__livePeers = peers;
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      peers.push(this);
    }
  };
}

export interface VideoLinkStats {
  /** Frames per second sent or received over the link's life (frames / seconds since the first). */
  fps: number;
  width: number;
  height: number;
  /** Sender: mean encode ms per frame; receiver: mean decode ms per frame. */
  codecMs: number;
  /** Receiver: mean jitter-buffer delay per frame, ms. */
  jitterBufferMs?: number;
  /** Sender: the share of time its quality was limited by CPU, by bandwidth. */
  limitedCpu?: number;
  limitedBandwidth?: number;
  codec?: string;
  implementation?: string;
}

/** The video stats of every open link of the page's peers ('outbound-rtp' on the sharer, 'inbound-rtp' on a viewer). */
export function videoStats(page: Page, direction: 'outbound-rtp' | 'inbound-rtp'): Promise<VideoLinkStats[]> {
  return page.evaluate(async (direction) => {
    const out: VideoLinkStats[] = [];
    for (const peer of window.__livePeers ?? []) {
      if (peer.connectionState !== 'connected') continue;
      const report = await peer.getStats();
      const all = [...report.values()] as Record<string, unknown>[];
      for (const stat of all) {
        if (stat.type !== direction || stat.kind !== 'video') continue;
        const num = (key: string) => Number(stat[key] ?? Number.NaN);
        const codec = all.find((entry) => entry.id === stat.codecId);
        const frames = direction === 'outbound-rtp' ? num('framesEncoded') : num('framesDecoded');
        const codecSeconds = direction === 'outbound-rtp' ? num('totalEncodeTime') : num('totalDecodeTime');
        const durations = (stat.qualityLimitationDurations ?? {}) as Record<string, number>;
        const limited = Object.values(durations).reduce((sum, value) => sum + value, 0) || 1;
        out.push({
          fps: num('framesPerSecond'),
          width: num('frameWidth'),
          height: num('frameHeight'),
          codecMs: (1000 * codecSeconds) / frames,
          jitterBufferMs:
            direction === 'inbound-rtp'
              ? (1000 * num('jitterBufferDelay')) / num('jitterBufferEmittedCount')
              : undefined,
          limitedCpu: direction === 'outbound-rtp' ? (durations.cpu ?? 0) / limited : undefined,
          limitedBandwidth: direction === 'outbound-rtp' ? (durations.bandwidth ?? 0) / limited : undefined,
          codec: typeof codec?.mimeType === 'string' ? codec.mimeType : undefined,
          implementation: String(stat.encoderImplementation ?? stat.decoderImplementation ?? ''),
        });
      }
    }
    return out;
  }, direction);
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / (values.length || 1);

/** One line for a run: the sharer's encoders and the viewers' receivers, averaged over the links. */
export function describeLinks(sent: VideoLinkStats[], received: VideoLinkStats[]): string {
  const first = sent[0];
  const size = first ? `${first.width}×${first.height}` : '?';
  const codec = first ? `${first.codec ?? '?'} (${first.implementation})` : '?';
  const cpu = mean(sent.map((link) => link.limitedCpu ?? 0));
  const bandwidth = mean(sent.map((link) => link.limitedBandwidth ?? 0));
  return (
    `sent ${sent.length} links, ${codec}, ${size}, ${mean(sent.map((link) => link.fps)).toFixed(1)} fps, ` +
    `encode ${mean(sent.map((link) => link.codecMs)).toFixed(1)} ms/frame, quality limited by CPU ${(100 * cpu).toFixed(0)} % ` +
    `and bandwidth ${(100 * bandwidth).toFixed(0)} % of the time; received ${received.length} links, ` +
    `${mean(received.map((link) => link.fps)).toFixed(1)} fps, decode ${mean(received.map((link) => link.codecMs)).toFixed(1)} ms/frame, ` +
    `jitter buffer ${mean(received.map((link) => link.jitterBufferMs ?? 0)).toFixed(0)} ms/frame`
  );
}
