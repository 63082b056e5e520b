import { OWN_FILE_PIECE_BYTES } from '@xemchung/protocol';
import { describe, expect, it, vi } from 'vitest';
import { FileSwarm, type SwarmSignals } from './fileSwarm.ts';

const SIZE = 3 * OWN_FILE_PIECE_BYTES + 1234;
const bytes = Uint8Array.from({ length: SIZE }, (_, i) => (i * 7) & 0xff);

/** The signals a swarm sends, kept (nothing here connects to anyone). */
function recordingSignals(): SwarmSignals & { announces: Array<[string, boolean]> } {
  const announces: Array<[string, boolean]> = [];
  return { peerId: 'me', announces, announce: (item, has) => void announces.push([item, has]), signal: () => {} };
}

/** The stream's bytes, as hex (compared in one go). */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('hex');
}
const hex = (part: Uint8Array) => Buffer.from(part).toString('hex');

describe('a shared file as a tab holds it (R118, R119)', () => {
  it('R119: streams any byte range of a file it holds, piece by piece, across piece edges', async () => {
    const signals = recordingSignals();
    const swarm = new FileSwarm({ itemId: 'f_x', size: SIZE, iceServers: () => [], signals });
    swarm.hold(new Blob([bytes]));
    expect(signals.announces).toEqual([['f_x', true]]);
    for (const [start, end] of [
      [0, SIZE],
      [OWN_FILE_PIECE_BYTES - 10, OWN_FILE_PIECE_BYTES + 10],
      [SIZE - 5, SIZE],
    ] as const) {
      expect(await readAll(swarm.stream(start, end))).toBe(hex(bytes.subarray(start, end)));
    }
    swarm.close();
  });

  it('R119: serves what it holds and nothing past the end; a tab holding nothing serves nothing', async () => {
    const holder = new FileSwarm({ itemId: 'f_x', size: SIZE, iceServers: () => [], signals: recordingSignals() });
    holder.hold(new Blob([bytes]));
    expect([...((await holder.serve(5, 9)) ?? [])]).toEqual([...bytes.subarray(5, 9)]);
    expect(await holder.serve(SIZE - 1, SIZE + 1)).toBeNull();
    const empty = new FileSwarm({ itemId: 'f_x', size: SIZE, iceServers: () => [], signals: recordingSignals() });
    expect(await empty.serve(0, 10)).toBeNull();
  });

  it('R119: a tab that wants the file says so once, and not when it holds it', () => {
    const signals = recordingSignals();
    const swarm = new FileSwarm({ itemId: 'f_x', size: SIZE, iceServers: () => [], signals });
    swarm.want();
    swarm.want();
    expect(signals.announces).toEqual([['f_x', false]]);
    swarm.close();
  });
});

describe('R131: the head of the file a tab is likely to play next', () => {
  it('a tab that holds nothing asks the room for the file once, however often it is told to prefetch', () => {
    const signals = recordingSignals();
    const swarm = new FileSwarm({ itemId: 'f_x', size: SIZE, iceServers: () => [], signals });
    swarm.prefetch();
    swarm.prefetch();
    expect(signals.announces).toEqual([['f_x', false]]);
    swarm.close();
  });

  it('asks once, not every 5 s as a player that waits for the file does: nobody may hold it any more', () => {
    vi.useFakeTimers();
    try {
      const signals = recordingSignals();
      const swarm = new FileSwarm({ itemId: 'f_x', size: SIZE, iceServers: () => [], signals });
      swarm.prefetch();
      vi.advanceTimersByTime(20_000);
      expect(signals.announces).toEqual([['f_x', false]]);
      // When it plays, the player's want asks again, and keeps asking while nobody answers.
      swarm.want();
      vi.advanceTimersByTime(5_000);
      expect(signals.announces).toEqual([
        ['f_x', false],
        ['f_x', false],
        ['f_x', false],
      ]);
      swarm.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a tab that holds the file fetches nothing and says nothing more', () => {
    const signals = recordingSignals();
    const swarm = new FileSwarm({ itemId: 'f_x', size: SIZE, iceServers: () => [], signals });
    swarm.hold(new Blob([bytes]));
    swarm.prefetch();
    expect(signals.announces).toEqual([['f_x', true]]);
    swarm.close();
  });
});
