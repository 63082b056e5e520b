import type { P2pSignalEvent } from '@xemchung/protocol';
import { addCandidate, type PeerSignalsLink, trickle } from '../../room/peerConnections.ts';

// The WebRTC of the room's screen share (docs/room-rules.md R126): each viewer asks the sharing tab for the picture
// with an offer of its own, so a late joiner or a viewer back from a reconnect just asks again; the sharing tab
// answers each with the captured tracks. The offers, answers and candidates travel as R113's signalling, named by
// the share's id, so they reach the sharing tab alone and nobody outside the room.

/** How a viewer that lost its link to the sharing tab asks again, and how many times before it gives up. */
const RETRY_MS = 2000;
const RETRIES = 3;

/**
 * From how many viewers the sharing tab sends each a smaller, slower picture. Each link has an encoder of its own (a
 * mesh, ADR 043): at five viewers the full picture fell to 5–10 fps per link at 22–39 ms an encode, 867 ms glass to
 * glass at p95 (bench:live); half the size at 15 fps at most takes 6 ms an encode and brought it to 535 ms. One or two
 * viewers get the full picture.
 */
const SMALLER_FROM_VIEWERS = 3;
const SMALLER = { scaleResolutionDownBy: 2, maxFramerate: 15 } as const;

/** The sharing tab's side: one connection per viewer who asks, each sending the captured tracks. */
export class ShareSender {
  private readonly links = new Map<string, RTCPeerConnection>();
  /** Each viewer's signals handled one after another: a candidate never comes before its offer is taken. */
  private readonly turns = new Map<string, Promise<void>>();
  private readonly stopListening: () => void;
  private readonly stream: MediaStream;
  private readonly shareId: string;
  private readonly signals: PeerSignalsLink;
  private readonly iceServers: () => RTCIceServer[];

  constructor(stream: MediaStream, shareId: string, signals: PeerSignalsLink, iceServers: () => RTCIceServer[]) {
    this.stream = stream;
    this.shareId = shareId;
    this.signals = signals;
    this.iceServers = iceServers;
    this.stopListening = signals.onSignal((event) => {
      if (event.itemId !== shareId) return;
      const turn = (this.turns.get(event.from) ?? Promise.resolve()).then(() => this.heard(event)).catch(() => {});
      this.turns.set(event.from, turn);
    });
  }

  /** How many viewers have a link open now. */
  get viewers(): number {
    return [...this.links.values()].filter((link) => link.connectionState === 'connected').length;
  }

  close(): void {
    this.stopListening();
    for (const link of this.links.values()) link.close();
    this.links.clear();
    this.turns.clear();
  }

  private async heard({ from, description, candidate }: P2pSignalEvent): Promise<void> {
    if (description?.type !== 'offer') {
      const link = this.links.get(from);
      if (link) await addCandidate(link, candidate);
      return;
    }
    // A viewer asking again (it lost its link, or reloaded) starts afresh.
    this.links.get(from)?.close();
    const link = new RTCPeerConnection({ iceServers: this.iceServers() });
    this.links.set(from, link);
    link.onconnectionstatechange = () => {
      if (link.connectionState !== 'failed' && link.connectionState !== 'closed') return;
      link.close();
      if (this.links.get(from) !== link) return;
      this.links.delete(from);
      this.tune();
    };
    await link.setRemoteDescription(description);
    for (const track of this.stream.getTracks()) link.addTrack(track, this.stream);
    const answer = await link.createAnswer();
    await link.setLocalDescription(answer);
    this.signals.signal(from, this.shareId, { description: { type: 'answer', sdp: answer.sdp ?? '' } });
    trickle(link, this.signals, from, this.shareId);
    this.tune();
  }

  /** Every link's picture for the number of viewers now: full for a few, smaller and slower for more. */
  private tune(): void {
    const smaller = this.links.size >= SMALLER_FROM_VIEWERS;
    for (const link of this.links.values()) {
      for (const sender of link.getSenders()) {
        if (sender.track?.kind !== 'video') continue;
        const parameters = sender.getParameters();
        const encoding = parameters.encodings[0];
        if (!encoding) continue;
        if (smaller) Object.assign(encoding, SMALLER);
        else {
          encoding.scaleResolutionDownBy = 1;
          delete encoding.maxFramerate;
        }
        // A browser that refuses the parameters (or a link closing meanwhile) keeps sending as it was.
        sender.setParameters(parameters).catch(() => {});
      }
    }
  }
}

/** A viewer's side: one connection to the sharing tab, whose tracks come out as `onStream`'s stream. */
export class ShareReceiver {
  private link: RTCPeerConnection | null = null;
  private turn: Promise<void> = Promise.resolve();
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly stopListening: () => void;
  private closed = false;
  private readonly share: { id: string; peer: string };
  private readonly signals: PeerSignalsLink;
  private readonly iceServers: () => RTCIceServer[];
  private readonly onStream: (stream: MediaStream | null) => void;

  constructor(
    share: { id: string; peer: string },
    signals: PeerSignalsLink,
    iceServers: () => RTCIceServer[],
    onStream: (stream: MediaStream | null) => void,
  ) {
    this.share = share;
    this.signals = signals;
    this.iceServers = iceServers;
    this.onStream = onStream;
    this.stopListening = signals.onSignal((event) => {
      if (event.itemId !== share.id || event.from !== share.peer) return;
      this.turn = this.turn.then(() => this.heard(event)).catch(() => {});
    });
    void this.ask();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.stopListening();
    this.link?.close();
    this.link = null;
  }

  private async ask(): Promise<void> {
    this.link?.close();
    const link = new RTCPeerConnection({ iceServers: this.iceServers() });
    this.link = link;
    link.addTransceiver('video', { direction: 'recvonly' });
    link.addTransceiver('audio', { direction: 'recvonly' });
    const stream = new MediaStream();
    link.ontrack = ({ track }) => {
      stream.addTrack(track);
      this.onStream(stream);
    };
    link.onconnectionstatechange = () => {
      if (link.connectionState === 'connected') this.retries = 0;
      if (link.connectionState === 'failed') this.askAgain(link);
    };
    const offer = await link.createOffer();
    await link.setLocalDescription(offer);
    if (this.closed || this.link !== link) return;
    this.signals.signal(this.share.peer, this.share.id, { description: { type: 'offer', sdp: offer.sdp ?? '' } });
    trickle(link, this.signals, this.share.peer, this.share.id);
  }

  private askAgain(failed: RTCPeerConnection): void {
    if (this.closed || this.link !== failed || this.retries >= RETRIES) return;
    this.retries += 1;
    this.onStream(null);
    this.retryTimer = setTimeout(() => void this.ask(), RETRY_MS);
  }

  private async heard({ description, candidate }: P2pSignalEvent): Promise<void> {
    const link = this.link;
    if (!link) return;
    if (description?.type === 'answer') await link.setRemoteDescription(description);
    else await addCandidate(link, candidate);
  }
}
