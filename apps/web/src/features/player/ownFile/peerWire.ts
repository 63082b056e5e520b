// What two peers say over a data channel (R119): a request for bytes as JSON text, and the bytes as binary frames
// of at most FRAME_BYTES, each led by its request's number, then a closing `end` (or `miss`, when the peer does
// not hold them). The channel is ordered and reliable, so a request's frames arrive whole and in order.

/** A binary frame's payload at most: well under what every browser's SCTP takes in one message. */
export const FRAME_BYTES = 64 * 1024;
const HEADER_BYTES = 4;

export type WireMessage =
  | { t: 'get'; req: number; item: string; start: number; end: number }
  | { t: 'end'; req: number }
  | { t: 'miss'; req: number };

export function encodeMessage(message: WireMessage): string {
  return JSON.stringify(message);
}

/** The message in `text`, or null for anything a peer of ours would not send (it is ignored). */
export function decodeMessage(text: string): WireMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  if (!isCount(message.req)) return null;
  if (message.t === 'end' || message.t === 'miss') return { t: message.t, req: message.req };
  if (message.t !== 'get' || typeof message.item !== 'string' || message.item.length > 64) return null;
  if (!isCount(message.start) || !isCount(message.end) || message.end <= message.start) return null;
  return { t: 'get', req: message.req, item: message.item, start: message.start, end: message.end };
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** A frame of request `req`'s bytes. */
export function encodeFrame(req: number, bytes: Uint8Array): ArrayBuffer {
  const frame = new Uint8Array(HEADER_BYTES + bytes.length);
  new DataView(frame.buffer).setUint32(0, req);
  frame.set(bytes, HEADER_BYTES);
  return frame.buffer;
}

export function decodeFrame(frame: ArrayBuffer): { req: number; bytes: Uint8Array } | null {
  if (frame.byteLength < HEADER_BYTES) return null;
  return { req: new DataView(frame).getUint32(0), bytes: new Uint8Array(frame, HEADER_BYTES) };
}
