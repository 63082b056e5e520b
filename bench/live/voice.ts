// The voice half of `npm run bench:live` (issue #23 item 4): mouth-to-ear latency of the room's call (R127). The
// speaker's microphone is a WebAudio graph (its page's getUserMedia is replaced by an init script): an AudioWorklet
// that plays a 1 kHz tone burst each time `Date.now()` crosses a multiple of `periodMs` (1 s), and records the
// `Date.now()` at which it renders the burst's first sample into the stream. Everything after getUserMedia is the
// app's: call:join, R113's p2p:signal, the mesh, each listener's `<audio data-call-audio="<peer>">`. Each listener
// feeds that element's srcObject into an AudioWorklet of its own that notes the `Date.now()` of the first sample of
// each burst above a threshold; latency = that time − the burst's send time. All the processes read this machine's
// clock. Bursts are 40, 80 or 120 ms long by their grid index mod 3, so a listener tells which burst it heard from its
// length up to 3 s late (3 periods; with 500 ms, five listeners' latencies reached the 1.5 s bound). The speaker also
// runs the same detector on its own microphone stream (in a second AudioContext): that loop, without the network, the
// encoder or the jitter buffer, is the method's own lag.
import type { Page } from '@playwright/test';
import { PROTOCOL_VERSION } from '@xemchung/protocol';
import { io } from 'socket.io-client';

export const VOICE = {
  /** The worklets' module, written into the bench's copy of the build: the app's origin, as its CSP wants (a
   * Playwright route does not see a worklet's request, and the CSP refuses blob: scripts). */
  workletPath: '/bench-live-voice-worklet.js',
  periodMs: 1000,
  /** A burst's length by its grid index (Date.now() / periodMs) mod 3. */
  lengthsMs: [40, 80, 120],
  toneHz: 1000,
  amplitude: 0.5,
  /** A sample above this (absolute) is sound. */
  threshold: 0.1,
  /** A burst has ended after this long without a sample above the threshold. */
  gapMs: 15,
} as const;

export type VoiceConfig = typeof VOICE;

/** The worklets' module: 'bench-bursts' (the speaker's tone bursts) and 'bench-onsets' (the detector). */
export function voiceWorkletSource(config: VoiceConfig = VOICE): string {
  return `
const C = ${JSON.stringify(config)};
class Bursts extends AudioWorkletProcessor {
  constructor() {
    super();
    this.next = (Math.floor(Date.now() / C.periodMs) + 2) * C.periodMs;
    this.left = 0;
    this.phase = 0;
  }
  process(_inputs, outputs) {
    const out = outputs[0][0];
    const now = Date.now();
    if (this.left === 0 && now >= this.next) {
      const index = Math.round(this.next / C.periodMs);
      const length = C.lengthsMs[index % C.lengthsMs.length];
      this.left = Math.round((length * sampleRate) / 1000);
      this.phase = 0;
      this.port.postMessage([this.next, now, length]);
      while (this.next <= now) this.next += C.periodMs;
    }
    const step = (2 * Math.PI * C.toneHz) / sampleRate;
    for (let i = 0; i < out.length; i++) {
      if (this.left > 0) {
        out[i] = C.amplitude * Math.sin(this.phase);
        this.phase += step;
        this.left--;
      } else out[i] = 0;
    }
    for (let channel = 1; channel < outputs[0].length; channel++) outputs[0][channel].set(out);
    return true;
  }
}
class Onsets extends AudioWorkletProcessor {
  constructor() {
    super();
    this.start = -1;
    this.last = 0;
  }
  process(inputs) {
    const now = Date.now();
    const input = inputs[0][0];
    if (!input) return true;
    const msPerSample = 1000 / sampleRate;
    for (let i = 0; i < input.length; i++) {
      const at = now + i * msPerSample;
      if (Math.abs(input[i]) > C.threshold) {
        if (this.start < 0) this.start = at;
        this.last = at;
      } else if (this.start >= 0 && at - this.last > C.gapMs) {
        this.port.postMessage([this.start, this.last - this.start]);
        this.start = -1;
      }
    }
    return true;
  }
}
registerProcessor('bench-bursts', Bursts);
registerProcessor('bench-onsets', Onsets);
`;
}

/** A burst as the speaker sent it: [its grid time, Date.now() when its first sample was rendered, length ms]. */
export type VoiceSend = [number, number, number];
/** A burst as a detector heard it: [Date.now() of its first sample above the threshold, length above it, ms]. */
export type VoiceOnset = [number, number];

declare global {
  interface Window {
    __voiceSends?: VoiceSend[];
    /** The speaker's own microphone stream through the detector: the method's lag without the call. */
    __voiceLoop?: VoiceOnset[];
    __voiceOnsets?: VoiceOnset[];
    /** The speaker's tab (its socket id), set by the bench: the listener watches `<audio data-call-audio=…>`. */
    __voicePeer?: string;
    /** How many times the speaker's page asked for a microphone (each a burst generator). */
    __voiceGenerators?: number;
  }
}

/**
 * Runs in the speaker's page (an init script): `getUserMedia({audio: true, video: false})` answers with the stream
 * of a MediaStreamAudioDestinationNode fed by the 'bench-bursts' worklet; the same stream also goes through a
 * detector in a second AudioContext (window.__voiceLoop). Anything asking for video gets the browser's own answer.
 */
export function installVoiceSpeaker(workletPath: string): void {
  const sends: VoiceSend[] = [];
  const loop: VoiceOnset[] = [];
  window.__voiceSends = sends;
  window.__voiceLoop = loop;
  const devices = navigator.mediaDevices;
  const native = devices.getUserMedia.bind(devices);
  devices.getUserMedia = async (constraints?: MediaStreamConstraints) => {
    if (!constraints?.audio || constraints.video) return native(constraints);
    window.__voiceGenerators = (window.__voiceGenerators ?? 0) + 1;
    const context = new AudioContext({ latencyHint: 'interactive', sampleRate: 48_000 });
    await context.audioWorklet.addModule(workletPath);
    const bursts = new AudioWorkletNode(context, 'bench-bursts', { numberOfInputs: 0, outputChannelCount: [1] });
    bursts.port.onmessage = ({ data }) => sends.push(data as VoiceSend);
    const destination = context.createMediaStreamDestination();
    destination.channelCount = 1;
    bursts.connect(destination);
    await context.resume();

    const ear = new AudioContext({ latencyHint: 'interactive', sampleRate: 48_000 });
    await ear.audioWorklet.addModule(workletPath);
    const onsets = new AudioWorkletNode(ear, 'bench-onsets');
    onsets.port.onmessage = ({ data }) => loop.push(data as VoiceOnset);
    const silent = ear.createGain();
    silent.gain.value = 0;
    ear.createMediaStreamSource(destination.stream).connect(onsets).connect(silent).connect(ear.destination);
    await ear.resume();
    return destination.stream;
  };
}

/**
 * Runs in each listener's page (an init script): once the bench names the speaker's tab (window.__voicePeer), the
 * stream of its `<audio data-call-audio>` goes through the 'bench-onsets' detector (again whenever the app gives
 * the element a new stream). The element itself plays as the app has it.
 */
export function installVoiceListener(workletPath: string): void {
  const onsets: VoiceOnset[] = [];
  window.__voiceOnsets = onsets;
  let context: AudioContext | null = null;
  let detector: AudioWorkletNode | null = null;
  let source: MediaStreamAudioSourceNode | null = null;
  let attached: MediaStream | null = null;
  let starting = false;
  setInterval(async () => {
    const peer = window.__voicePeer;
    if (!peer || starting) return;
    const element = document.querySelector<HTMLAudioElement>(`audio[data-call-audio="${peer}"]`);
    const stream = element?.srcObject instanceof MediaStream ? element.srcObject : null;
    if (!stream || stream === attached || stream.getAudioTracks().length === 0) return;
    if (!context || !detector) {
      starting = true;
      context = new AudioContext({ latencyHint: 'interactive', sampleRate: 48_000 });
      await context.audioWorklet.addModule(workletPath);
      detector = new AudioWorkletNode(context, 'bench-onsets');
      detector.port.onmessage = ({ data }) => onsets.push(data as VoiceOnset);
      const silent = context.createGain();
      silent.gain.value = 0;
      detector.connect(silent).connect(context.destination);
      await context.resume();
      starting = false;
    }
    source?.disconnect();
    source = context.createMediaStreamSource(stream);
    source.connect(detector);
    attached = stream;
  }, 100);
}

/** Each heard burst matched to the burst sent last before it with the nearest length class: [sent at, latency]. */
export function matchBursts(
  onsets: VoiceOnset[],
  sends: VoiceSend[],
  config: VoiceConfig = VOICE,
): { matched: [number, number][]; unmatched: number } {
  const lengths: readonly number[] = config.lengthsMs;
  const classOf = (length: number) =>
    lengths.reduce(
      (best, candidate, index) =>
        Math.abs(candidate - length) < Math.abs((lengths[best] ?? 0) - length) ? index : best,
      0,
    );
  const matched: [number, number][] = [];
  let unmatched = 0;
  const window = config.periodMs * lengths.length;
  for (const [at, length] of onsets) {
    const heard = classOf(length);
    let best: VoiceSend | undefined;
    for (const send of sends) {
      if (send[1] > at || classOf(send[2]) !== heard) continue;
      if (!best || send[1] > best[1]) best = send;
    }
    if (!best || at - best[1] >= window) unmatched++;
    else matched.push([best[1], at - best[1]]);
  }
  return { matched, unmatched };
}

/** The room's callPolicy to 'everyone' (the listeners are guests), over a socket with the host page's cookies. */
export async function openCallToEveryone(host: Page, baseUrl: string): Promise<void> {
  const cookies = (await host.context().cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
  const socket = io(baseUrl, {
    transports: ['websocket'],
    forceNew: true,
    auth: { protocol: PROTOCOL_VERSION },
    extraHeaders: { origin: new URL(baseUrl).origin, cookie: cookies },
  });
  try {
    const request = async (event: string, payload: object) =>
      (await socket.timeout(10_000).emitWithAck(event, payload)) as { ok: boolean; error?: { code: string } };
    const roomId = new URL(host.url()).pathname.split('/').at(-1) ?? '';
    const joined = await request('room:join', { roomId });
    if (!joined.ok) throw new Error(`the host's second socket could not join: ${joined.error?.code}`);
    const set = await request('room:settings', { settings: { callPolicy: 'everyone' } });
    if (!set.ok) throw new Error(`room:settings {callPolicy: 'everyone'} refused: ${set.error?.code}`);
  } finally {
    socket.disconnect();
  }
}

export interface AudioLinkStats {
  /** Receiver: mean jitter-buffer delay per sample, ms. */
  jitterBufferMs: number;
  /** Receiver: samples concealed (lost or late) as a share of those received. */
  concealed: number;
  codec?: string;
}

/** A listener's inbound audio from the speaker (webrtc-stats.ts's trackPeers keeps the page's links). */
export function inboundAudio(page: Page): Promise<AudioLinkStats[]> {
  return page.evaluate(async () => {
    const out: AudioLinkStats[] = [];
    // Only the link from the speaker: the track its <audio> plays.
    const element = document.querySelector<HTMLAudioElement>(`audio[data-call-audio="${window.__voicePeer}"]`);
    const stream = element?.srcObject instanceof MediaStream ? element.srcObject : null;
    const track = stream?.getAudioTracks()[0]?.id;
    for (const peer of window.__livePeers ?? []) {
      if (peer.connectionState !== 'connected') continue;
      const all = [...(await peer.getStats()).values()] as Record<string, unknown>[];
      for (const stat of all) {
        if (stat.type !== 'inbound-rtp' || stat.kind !== 'audio' || stat.trackIdentifier !== track) continue;
        const num = (key: string) => Number(stat[key] ?? Number.NaN);
        const codec = all.find((entry) => entry.id === stat.codecId);
        out.push({
          jitterBufferMs: (1000 * num('jitterBufferDelay')) / num('jitterBufferEmittedCount'),
          concealed: num('concealedSamples') / num('totalSamplesReceived'),
          codec: typeof codec?.mimeType === 'string' ? codec.mimeType : undefined,
        });
      }
    }
    return out;
  });
}
