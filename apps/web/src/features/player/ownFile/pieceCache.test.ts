import { OWN_FILE_PIECE_BYTES } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { PieceCache, piecesOf } from './pieceCache.ts';

describe('the pieces a tab keeps (R119, R120)', () => {
  it('R120: keeps what it fetched, the least recently used piece going first once full', () => {
    const cache = new PieceCache(3 * OWN_FILE_PIECE_BYTES);
    for (const index of [0, 1, 2]) cache.put(index, new Uint8Array([index]));
    cache.get(0);
    cache.put(3, new Uint8Array([3]));
    expect([0, 1, 2, 3].map((index) => cache.has(index))).toEqual([true, false, true, true]);
  });

  it('R119: names the pieces that hold a byte range', () => {
    expect(piecesOf(0, 1)).toEqual({ first: 0, last: 0 });
    expect(piecesOf(OWN_FILE_PIECE_BYTES - 1, OWN_FILE_PIECE_BYTES + 1)).toEqual({ first: 0, last: 1 });
    expect(piecesOf(3 * OWN_FILE_PIECE_BYTES, 4 * OWN_FILE_PIECE_BYTES)).toEqual({ first: 3, last: 3 });
  });
});
