import { decodeFrame, decodeMessage, encodeFrame, encodeMessage, FRAME_BYTES, type WireMessage } from './peerWire.ts';

/** What one peer tells another through the server (`p2p:signal`, R113): a session description or an ICE candidate. */
export interface PeerSignal {
  description?: { type: 'offer' | 'answer'; sdp: string };
  candidate?: {
    candidate: string;
    sdpMid: string | null;
    sdpMLineIndex: number | null;
    usernameFragment?: string | null;
  };
}

/** Where a link reads the bytes it is asked for: null when this tab does not hold them. */
export type ByteSource = (item: string, start: number, end: number) => Promise<Uint8Array | null>;

export interface PeerLinkOptions {
  iceServers: RTCIceServer[];
  /** Whether this side makes the offer (the side that heard of the other first, R119). */
  initiator: boolean;
  send: (signal: PeerSignal) => void;
  serve: ByteSource;
  onOpen?: () => void;
  onClose: () => void;
}

/**
 * Bytes waiting in the channel past this and the sender waits for it to drain (a slow link's backpressure). Kept
 * small (two pieces), so a piece asked now does not queue behind megabytes asked earlier (bench/README.md, p2p-file).
 */
const SEND_BUFFER_HIGH = 512 * 1024;
const SEND_BUFFER_LOW = 128 * 1024;

interface Pending {
  chunks: Uint8Array[];
  resolve: (bytes: Uint8Array) => void;
  reject: (error: Error) => void;
}

/**
 * One WebRTC connection to one peer for one shared file (R119): a reliable, ordered data channel over which
 * either side asks the other for byte ranges (`request`) and answers from what it holds (`serve`).
 */
export class PeerLink {
  readonly opened: Promise<void>;
  private readonly connection: RTCPeerConnection;
  private readonly options: PeerLinkOptions;
  private channel: RTCDataChannel | null = null;
  private readonly pending = new Map<number, Pending>();
  private readonly earlyCandidates: RTCIceCandidateInit[] = [];
  private nextRequest = 1;
  private closed = false;
  private markOpen: () => void = () => {};

  constructor(options: PeerLinkOptions) {
    this.options = options;
    this.opened = new Promise((resolve) => {
      this.markOpen = resolve;
    });
    const connection = new RTCPeerConnection({ iceServers: options.iceServers });
    this.connection = connection;
    connection.onicecandidate = ({ candidate }) => {
      const init = candidate?.toJSON();
      options.send({
        candidate: {
          candidate: init?.candidate ?? '',
          sdpMid: init?.sdpMid ?? null,
          sdpMLineIndex: init?.sdpMLineIndex ?? null,
        },
      });
    };
    connection.onconnectionstatechange = () => {
      if (connection.connectionState === 'failed' || connection.connectionState === 'closed') this.close();
    };
    if (options.initiator) {
      this.attach(connection.createDataChannel('bytes', { ordered: true }));
      void this.offer();
    } else {
      connection.ondatachannel = ({ channel }) => this.attach(channel);
    }
  }

  /** Whether this side made the offer. */
  get initiator(): boolean {
    return this.options.initiator;
  }

  /** Whether the other side's description arrived (after that, a crossed offer is no longer possible). */
  get answered(): boolean {
    return this.connection.remoteDescription !== null;
  }

  get isOpen(): boolean {
    return this.channel?.readyState === 'open';
  }

  /** How many asks this peer answered `miss` (it holds only pieces): the swarm asks those who hold it all first. */
  misses = 0;

  /** Requests on their way over this link: the swarm sends the next to the least busy one. */
  get load(): number {
    return this.pending.size;
  }

  async signal(signal: PeerSignal): Promise<void> {
    if (this.closed) return;
    try {
      if (signal.description) {
        await this.connection.setRemoteDescription(signal.description);
        for (const candidate of this.earlyCandidates.splice(0)) {
          await this.connection.addIceCandidate(candidate).catch(() => {});
        }
        if (signal.description.type === 'offer') {
          await this.connection.setLocalDescription(await this.connection.createAnswer());
          this.sendDescription();
        }
      } else if (signal.candidate) {
        const candidate = signal.candidate.candidate === '' ? { candidate: '' } : signal.candidate;
        if (!this.connection.remoteDescription) this.earlyCandidates.push(candidate);
        // A candidate of a connection the other side dropped (a crossed offer) does not fit this one: not fatal.
        else await this.connection.addIceCandidate(candidate).catch(() => {});
      }
    } catch {
      // A description or candidate this connection cannot take (a stale one after a restart): the link gives up,
      // and the swarm makes a new one when the peer is heard from again.
      this.close();
    }
  }

  /** The bytes [start, end) of `item` from the peer; rejects when it does not hold them or the link goes. */
  request(item: string, start: number, end: number): Promise<Uint8Array> {
    const channel = this.channel;
    if (!channel || channel.readyState !== 'open') return Promise.reject(new Error('link not open'));
    const req = this.nextRequest++;
    return new Promise((resolve, reject) => {
      this.pending.set(req, { chunks: [], resolve, reject });
      channel.send(encodeMessage({ t: 'get', req, item, start, end }));
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const request of this.pending.values()) request.reject(new Error('link closed'));
    this.pending.clear();
    this.channel?.close();
    this.connection.close();
    this.options.onClose();
  }

  private async offer(): Promise<void> {
    try {
      await this.connection.setLocalDescription(await this.connection.createOffer());
      this.sendDescription();
    } catch {
      this.close();
    }
  }

  private sendDescription(): void {
    const local = this.connection.localDescription;
    if (local && (local.type === 'offer' || local.type === 'answer')) {
      this.options.send({ description: { type: local.type, sdp: local.sdp } });
    }
  }

  private attach(channel: RTCDataChannel): void {
    this.channel = channel;
    channel.binaryType = 'arraybuffer';
    channel.bufferedAmountLowThreshold = SEND_BUFFER_LOW;
    channel.onopen = () => {
      this.markOpen();
      this.options.onOpen?.();
    };
    channel.onclose = () => this.close();
    channel.onmessage = ({ data }) => {
      if (typeof data === 'string') {
        const message = decodeMessage(data);
        if (message) void this.receive(message);
      } else if (data instanceof ArrayBuffer) {
        const frame = decodeFrame(data);
        if (frame) this.pending.get(frame.req)?.chunks.push(new Uint8Array(frame.bytes));
      }
    };
  }

  private async receive(message: WireMessage): Promise<void> {
    if (message.t === 'get') return this.answer(message);
    const request = this.pending.get(message.req);
    if (!request) return;
    this.pending.delete(message.req);
    if (message.t === 'miss') return request.reject(new Error('peer does not hold these bytes'));
    request.resolve(concat(request.chunks));
  }

  private async answer({ req, item, start, end }: Extract<WireMessage, { t: 'get' }>): Promise<void> {
    const bytes = await this.options.serve(item, start, end);
    const channel = this.channel;
    if (!channel || channel.readyState !== 'open') return;
    if (!bytes) return channel.send(encodeMessage({ t: 'miss', req }));
    for (let offset = 0; offset < bytes.length; offset += FRAME_BYTES) {
      if (channel.bufferedAmount > SEND_BUFFER_HIGH) await drained(channel);
      if (channel.readyState !== 'open') return;
      channel.send(encodeFrame(req, bytes.subarray(offset, offset + FRAME_BYTES)));
    }
    channel.send(encodeMessage({ t: 'end', req }));
  }
}

function drained(channel: RTCDataChannel): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      channel.removeEventListener('bufferedamountlow', done);
      channel.removeEventListener('close', done);
      resolve();
    };
    channel.addEventListener('bufferedamountlow', done);
    channel.addEventListener('close', done);
  });
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
