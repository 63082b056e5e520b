// Puts WebRTC between two browsers behind a network profile (issue #22 item 4). The SOCKS proxy of
// bench/sync/delay-proxy.ts carries TCP only, and Chromium sends a data channel's UDP straight to the peer, so the
// bytes of a shared file would cross loopback untouched. Here each ICE candidate a page is given is turned into
// the address of a relay of ours (rewriteRemoteCandidates, run in the page), which forwards every datagram to the
// real candidate through the same delay lines as the proxy (one way delay, jitter that never reorders). Both
// pages' candidates are rewritten, so every path ICE can find between them crosses a relay.
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { DelayLine, type LinkProfile, seededRandom } from '../delay-proxy.ts';

export interface UdpRelays {
  /** A relay towards `address:port` (a peer's candidate); returns the loopback port to send to instead. */
  relayTo(address: string, port: number, outbound: LinkProfile, inbound: LinkProfile): Promise<number>;
  /** Datagram bytes each way so far, summed over every relay. */
  bytes(): { outbound: number; inbound: number };
  close(): void;
}

/** Sends `send` calls at their DelayLine times, in order, with one timer for the head of the queue. */
function delayed(line: DelayLine, clock: () => number): (send: () => void) => void {
  const queue: { at: number; send: () => void }[] = [];
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    const now = clock();
    while (queue.length > 0 && (queue[0]?.at ?? 0) <= now) queue.shift()?.send();
    const next = queue[0];
    if (next) timer = setTimeout(flush, next.at - now);
  };
  return (send) => {
    queue.push({ at: line.deliveryTime(clock()), send });
    if (timer === null) timer = setTimeout(flush, Math.max(0, (queue[0]?.at ?? 0) - clock()));
  };
}

export function startUdpRelays(seed: number): UdpRelays {
  const origin = performance.now();
  const clock = () => performance.now() - origin;
  const random = seededRandom(seed);
  const sockets: Socket[] = [];
  const totals = { outbound: 0, inbound: 0 };
  const bind = async () => {
    const socket = createSocket('udp4');
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    return socket;
  };
  return {
    async relayTo(address, port, outbound, inbound) {
      // front: what the page sends to; back: what the peer sees datagrams come from (and may answer to directly).
      const [front, back] = [await bind(), await bind()];
      const toPeer = delayed(new DelayLine(outbound, undefined, random), clock);
      const toPage = delayed(new DelayLine(inbound, undefined, random), clock);
      let page: RemoteInfo | null = null;
      front.on('message', (datagram, from) => {
        page = from;
        totals.outbound += datagram.length;
        toPeer(() => back.send(datagram, port, address));
      });
      back.on('message', (datagram) => {
        const to = page;
        if (!to) return; // the peer spoke first: ICE checks again
        totals.inbound += datagram.length;
        toPage(() => front.send(datagram, to.port, to.address));
      });
      return front.address().port;
    },
    bytes: () => ({ ...totals }),
    close() {
      for (const socket of sockets) socket.close();
    },
  };
}

declare global {
  interface Window {
    /** Exposed by the bench (context.exposeFunction): a relay towards a candidate's address and port. */
    __benchUdpRelay?: (address: string, port: number) => Promise<number>;
  }
}

/**
 * Runs inside a page (an init script): every remote ICE candidate the page's code adds is replaced by one for the
 * bench's relay towards it, candidates over TCP are dropped, and candidates inside a session description are
 * taken out (Chromium also gives each of them to onicecandidate, which the app sends on its own).
 */
export function rewriteRemoteCandidates(): void {
  const native = RTCPeerConnection.prototype;
  const addIceCandidate = native.addIceCandidate as (candidate?: RTCIceCandidateInit) => Promise<void>;
  const setRemoteDescription = native.setRemoteDescription as (description: RTCSessionDescriptionInit) => Promise<void>;
  native.addIceCandidate = async function (this: RTCPeerConnection, candidate?: RTCIceCandidateInit | null) {
    const text = candidate?.candidate ?? '';
    // candidate:<foundation> <component> <protocol> <priority> <address> <port> typ <type> …
    const parts = text.replace(/^a=/, '').split(' ');
    if (!candidate || text === '' || parts.length < 8) return addIceCandidate.call(this, candidate ?? undefined);
    if (parts[2]?.toLowerCase() !== 'udp') return;
    const relay = await window.__benchUdpRelay?.(parts[4] ?? '', Number(parts[5]));
    if (!relay) return;
    parts[4] = '127.0.0.1';
    parts[5] = String(relay);
    return addIceCandidate.call(this, { ...candidate, candidate: parts.join(' ') });
  } as typeof native.addIceCandidate;
  native.setRemoteDescription = function (this: RTCPeerConnection, description: RTCSessionDescriptionInit) {
    const sdp = description.sdp?.replace(/^a=candidate:.*\r?\n/gm, '');
    return setRemoteDescription.call(this, { ...description, sdp });
  } as typeof native.setRemoteDescription;
}
