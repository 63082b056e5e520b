import { describe, expect, it } from 'vitest';
import { decodeFrame, decodeMessage, encodeFrame, encodeMessage } from './peerWire.ts';

describe('the data channel wire (R119)', () => {
  it('R119: a request, its end and a miss go as JSON and come back the same', () => {
    for (const message of [
      { t: 'get', req: 7, item: 'f_abc', start: 0, end: 262144 },
      { t: 'end', req: 7 },
      { t: 'miss', req: 8 },
    ] as const) {
      expect(decodeMessage(encodeMessage(message))).toEqual(message);
    }
  });

  it('R119: anything a peer of ours would not send is ignored', () => {
    for (const text of [
      'not json',
      'null',
      '{"t":"get","req":1,"item":"f","start":10,"end":10}',
      '{"t":"get","req":-1,"item":"f","start":0,"end":10}',
      '{"t":"get","req":1,"item":"f","start":0.5,"end":10}',
      `{"t":"get","req":1,"item":"${'x'.repeat(65)}","start":0,"end":10}`,
      '{"t":"hello","req":1}',
    ]) {
      expect(decodeMessage(text)).toBeNull();
    }
  });

  it('R119: a frame carries its request number and its bytes', () => {
    const bytes = new Uint8Array([1, 2, 3, 250]);
    const frame = decodeFrame(encodeFrame(4_000_000_000, bytes));
    expect(frame?.req).toBe(4_000_000_000);
    expect([...(frame?.bytes ?? [])]).toEqual([1, 2, 3, 250]);
    expect(decodeFrame(new ArrayBuffer(3))).toBeNull();
  });
});
