import { OWN_FILE_PIECE_BYTES } from '@xemchung/protocol';

/** What a tab keeps of files it fetched, at most (R119): a film's worth; the oldest-used pieces go first. */
export const PIECE_CACHE_BYTES_MAX = 768 * 1024 * 1024;

/**
 * The pieces of one shared file this tab fetched, kept after the sharer leaves (R120), least recently used
 * first out once the cache is full.
 */
export class PieceCache {
  private readonly pieces = new Map<number, Uint8Array>();
  private readonly maxPieces: number;

  constructor(maxBytes = PIECE_CACHE_BYTES_MAX) {
    this.maxPieces = Math.max(1, Math.floor(maxBytes / OWN_FILE_PIECE_BYTES));
  }

  get(index: number): Uint8Array | undefined {
    const piece = this.pieces.get(index);
    if (piece) {
      this.pieces.delete(index);
      this.pieces.set(index, piece);
    }
    return piece;
  }

  /** How many pieces it holds. */
  get size(): number {
    return this.pieces.size;
  }

  has(index: number): boolean {
    return this.pieces.has(index);
  }

  put(index: number, piece: Uint8Array): void {
    this.pieces.delete(index);
    this.pieces.set(index, piece);
    while (this.pieces.size > this.maxPieces) {
      const oldest = this.pieces.keys().next().value;
      if (oldest === undefined) break;
      this.pieces.delete(oldest);
    }
  }
}

/** The pieces that hold bytes [start, end). */
export function piecesOf(start: number, end: number): { first: number; last: number } {
  return { first: Math.floor(start / OWN_FILE_PIECE_BYTES), last: Math.floor((end - 1) / OWN_FILE_PIECE_BYTES) };
}
