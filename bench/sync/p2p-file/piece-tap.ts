// What a follower's page did to get the film's bytes, for the `p2p-file` report's account of where the time goes:
// the ranges its service worker asked the page for, and each piece it requested over a data channel (sent, first
// bytes back, last bytes back). Runs inside the page as an init script; reads the app's wire from outside (the
// JSON `get`/`end` messages of apps/web/src/features/player/ownFile/peerWire.ts), changes nothing.

/** [at, start, end or -1]: the service worker asked the page for these bytes of the file. */
export type RangeAsk = [at: number, start: number, end: number];
/**
 * One request over a data channel: [sent at, first frame at or -1, end at or -1, start, end, 1 when the peer
 * answered `miss` (it does not hold those bytes; the page asks another)].
 */
export type PieceTrip = [sentAt: number, firstAt: number, endAt: number, start: number, end: number, missed: 0 | 1];

export interface PieceTap {
  ranges: RangeAsk[];
  trips: PieceTrip[];
}

declare global {
  interface Window {
    __pieceTap?: PieceTap;
  }
}

export function tapPieces(): void {
  const tap: PieceTap = { ranges: [], trips: [] };
  window.__pieceTap = tap;
  const now = () => performance.timeOrigin + performance.now();
  navigator.serviceWorker?.addEventListener('message', (event) => {
    const ask = event.data as { type?: string; start?: number; end?: number | null } | undefined;
    if (ask?.type === 'own-file:range') tap.ranges.push([now(), ask.start ?? 0, ask.end ?? -1]);
  });
  // Request numbers are each link's own: trips are kept per channel.
  const trips = new WeakMap<RTCDataChannel, Map<number, PieceTrip>>();
  // A link's answers come back on the channel its request went out on, whichever side opened it.
  const listen = (channel: RTCDataChannel) => {
    const known = trips.get(channel);
    if (known) return known;
    const byRequest = new Map<number, PieceTrip>();
    trips.set(channel, byRequest);
    channel.addEventListener('message', ({ data }) => {
      if (typeof data === 'string') {
        const message = JSON.parse(data) as { t?: string; req?: number };
        const trip = byRequest.get(message.req ?? -1);
        if (trip && message.t !== 'get') {
          trip[2] = now();
          trip[5] = message.t === 'miss' ? 1 : 0;
        }
      } else if (data instanceof ArrayBuffer && data.byteLength >= 4) {
        // A frame is led by its request's number (peerWire.ts: 4 bytes, big-endian).
        const trip = byRequest.get(new DataView(data).getUint32(0));
        if (trip && trip[1] < 0) trip[1] = now();
      }
    });
    return byRequest;
  };
  const send = RTCDataChannel.prototype.send as (this: RTCDataChannel, data: unknown) => void;
  RTCDataChannel.prototype.send = function (this: RTCDataChannel, data: unknown) {
    if (typeof data === 'string' && data.includes('"t":"get"')) {
      const get = JSON.parse(data) as { req: number; start: number; end: number };
      const trip: PieceTrip = [now(), -1, -1, get.start, get.end, 0];
      listen(this).set(get.req, trip);
      tap.trips.push(trip);
    }
    send.call(this, data);
  } as typeof RTCDataChannel.prototype.send;
}
