import { OWN_FILE_PIECE_BYTES } from '@xemchung/protocol';
import { PeerLink, type PeerSignal } from './peerLink.ts';
import { PieceCache, piecesOf } from './pieceCache.ts';

/** How the swarm reaches the others in the room (the room client's PeerSignals). */
export interface SwarmSignals {
  /** This tab's id in the room's signalling (its socket id): which side of a crossed offer gives way. */
  readonly peerId: string | undefined;
  announce(itemId: string, has: boolean): void;
  signal(to: string, itemId: string, signal: PeerSignal): void;
}

export interface FileSwarmOptions {
  itemId: string;
  size: number;
  iceServers: () => RTCIceServer[];
  signals: SwarmSignals;
}

/**
 * R131: the pieces of a file's head fetched before it plays (2 MiB: an mp4's index at the front and the first
 * seconds of a film at 3 Mbit/s), with the last piece, where an mp4 written without faststart keeps its index.
 */
export const PREFETCH_HEAD_PIECES = 8;
/** Pieces asked for ahead of the one the player reads, so the link stays busy across its round trip. */
const READ_AHEAD_PIECES = 6;
/** Announces of "I hold it" at most this often (the server's rate for announces, R113, with room to spare). */
const HOLD_ANNOUNCE_GAP_MS = 2200;
/** While it wants bytes and no holder has answered, a tab says so again this often. */
const WANT_AGAIN_MS = 5000;
/** Links a viewer that holds only pieces of the file opens to those who want it, at most. */
const PARTIAL_HOLDER_LINKS_MAX = 6;
/**
 * Links one swarm keeps at most, whoever asks: a guest opening many tabs cannot make the sharer's browser hold
 * connections without end; past it, newcomers fetch from the viewers who hold pieces.
 */
const LINKS_MAX = 16;
/** A piece no open link holds is asked for again this long after (a viewer fetching it may have it by then). */
const MISSING_PIECE_RETRY_MS = 1000;

/**
 * One shared file as this tab knows it (R119): the file itself when this tab holds it (the sharer's, or a copy
 * chosen from disk, R118), the pieces fetched from others otherwise, and one WebRTC link to each peer it fetches
 * from or serves, carrying requests both ways. A tab that wants bytes announces it; whoever holds any of the file
 * then offers it a link at once, and a tab that comes to hold some announces that, for those still waiting.
 */
export class FileSwarm {
  readonly itemId: string;
  readonly size: number;
  private local: Blob | null = null;
  private wanting = false;
  private readonly options: FileSwarmOptions;
  private readonly cache = new PieceCache();
  private readonly links = new Map<string, PeerLink>();
  private readonly fetching = new Map<number, Promise<Uint8Array>>();
  private holderWaiters: Array<() => void> = [];
  private lastHoldAnnounce = 0;
  private holdAnnounceTimer: ReturnType<typeof setTimeout> | null = null;
  private wantTimer: ReturnType<typeof setInterval> | null = null;
  private closed = false;
  private prefetched = false;
  private readonly holdListeners = new Set<() => void>();

  constructor(options: FileSwarmOptions) {
    this.options = options;
    this.itemId = options.itemId;
    this.size = options.size;
  }

  /** Whether this tab holds the whole file (it shares it, or chose its own copy). */
  get holds(): boolean {
    return this.local !== null;
  }

  /** The file itself, when this tab holds it. */
  get file(): Blob | null {
    return this.local;
  }

  /** This tab has the file itself now: it plays it from disk and serves it to those who want it. */
  hold(file: Blob): void {
    this.local = file;
    this.stopWanting();
    this.announceHolding();
    this.wakeWaiters();
    for (const listener of this.holdListeners) listener();
  }

  /** Called when this tab comes to hold the file. Returns the unsubscribe. */
  onHold(listener: () => void): () => void {
    this.holdListeners.add(listener);
    return () => void this.holdListeners.delete(listener);
  }

  /** This tab's player needs the bytes: it asks the room who holds them, again while nobody answers. */
  want(): void {
    if (this.local || this.wanting || this.closed) return;
    this.wanting = true;
    this.options.signals.announce(this.itemId, false);
    this.wantTimer = setInterval(() => {
      if (!this.hasOpenLink()) this.options.signals.announce(this.itemId, false);
    }, WANT_AGAIN_MS);
  }

  /**
   * R131: this tab is likely to play the file next: its head and its last piece are fetched now, so that when it
   * is selected the link is open and the player's first reads are answered from the cache. Once per file.
   */
  prefetch(): void {
    if (this.local || this.closed || this.prefetched) return;
    this.prefetched = true;
    // Asked for once, not every 5 s as by a player that waits for it: a file nobody holds now is asked for again only
    // when it plays, so a playlist of files whose sharers left does not keep announcing to the room.
    if (!this.wanting && !this.hasOpenLink()) this.options.signals.announce(this.itemId, false);
    const lastPiece = Math.max(0, Math.ceil(this.size / OWN_FILE_PIECE_BYTES) - 1);
    const pieces = new Set([
      ...Array.from({ length: Math.min(PREFETCH_HEAD_PIECES, lastPiece + 1) }, (_, i) => i),
      lastPiece,
    ]);
    for (const index of pieces) void this.piece(index, true).catch(() => {});
  }

  /** Whether this tab can serve any of the file: all of it, or pieces it fetched (R119). */
  private get holdsAny(): boolean {
    return this.local !== null || this.cache.size > 0;
  }

  /** `from` announced it wants (has false) or holds some or all (has true) of this file. */
  heardAnnounce(from: string, has: boolean): void {
    if (this.closed) return;
    if (this.links.has(from) || this.links.size >= LINKS_MAX) return;
    // A holder reaches out to whoever wants the file at once (no announce round trip before their first frame); a
    // viewer holding pieces only while it has few links, so a big room does not become a full mesh.
    if (!has && (this.local || (this.cache.size > 0 && this.links.size < PARTIAL_HOLDER_LINKS_MAX))) {
      this.connect(from, true);
    } else if (has && this.wanting) {
      this.connect(from, true);
    }
  }

  heardSignal(from: string, signal: PeerSignal): void {
    if (this.closed) return;
    let link = this.links.get(from);
    if (signal.description?.type === 'offer') {
      // Two viewers that each want what the other holds may offer at once: the one with the greater id gives way,
      // and one link carries requests both ways (R119).
      if (link?.initiator && !link.answered) {
        if ((this.options.signals.peerId ?? '') < from) return;
        link.close();
        link = undefined;
      }
      if (!link && this.links.size >= LINKS_MAX) return;
      link ??= this.connect(from, false);
    }
    void link?.signal(signal);
  }

  /** The bytes [start, end) as a stream a media element reads at its own pace, fetched piece by piece. */
  stream(start: number, end: number): ReadableStream<Uint8Array> {
    let position = start;
    return new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          if (position >= end) return controller.close();
          const { first } = piecesOf(position, position + 1);
          // The piece the player reads is asked first, then the ones ahead of it.
          const needed = this.piece(first);
          for (let ahead = 1; ahead <= READ_AHEAD_PIECES; ahead++) void this.piece(first + ahead).catch(() => {});
          const piece = await needed;
          const from = position - first * OWN_FILE_PIECE_BYTES;
          const to = Math.min(piece.length, end - first * OWN_FILE_PIECE_BYTES);
          controller.enqueue(piece.slice(from, to));
          position = first * OWN_FILE_PIECE_BYTES + to;
        },
      },
      { highWaterMark: 0 },
    );
  }

  /** What a peer may read from this tab: the whole file's bytes when it holds it, or pieces it fetched. */
  async serve(start: number, end: number): Promise<Uint8Array | null> {
    if (end > this.size) return null;
    if (this.local) return new Uint8Array(await this.local.slice(start, end).arrayBuffer());
    const { first, last } = piecesOf(start, end);
    const pieces: Uint8Array[] = [];
    for (let index = first; index <= last; index++) {
      const piece = this.cache.get(index);
      if (!piece) return null;
      pieces.push(piece);
    }
    const joined = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
    pieces.reduce((offset, piece) => (joined.set(piece, offset), offset + piece.length), 0);
    const offset = first * OWN_FILE_PIECE_BYTES;
    return joined.slice(start - offset, end - offset);
  }

  close(): void {
    this.closed = true;
    this.stopWanting();
    if (this.holdAnnounceTimer) clearTimeout(this.holdAnnounceTimer);
    for (const link of this.links.values()) link.close();
    this.links.clear();
  }

  /**
   * Piece `index`: from the file held, the cache, a fetch on its way, or a peer that holds the file. A `quiet` fetch
   * (R131's) waits for a link without wanting the file.
   */
  private piece(index: number, quiet = false): Promise<Uint8Array> {
    const start = index * OWN_FILE_PIECE_BYTES;
    if (start >= this.size) return Promise.resolve(new Uint8Array(0));
    const end = Math.min(this.size, start + OWN_FILE_PIECE_BYTES);
    if (this.local)
      return this.local
        .slice(start, end)
        .arrayBuffer()
        .then((bytes) => new Uint8Array(bytes));
    const cached = this.cache.get(index);
    if (cached) return Promise.resolve(cached);
    let fetching = this.fetching.get(index);
    if (!fetching) {
      fetching = this.fetchPiece(start, end, quiet).then(
        (bytes) => {
          this.fetching.delete(index);
          const first = this.cache.size === 0;
          this.cache.put(index, bytes);
          // From its first piece on, this tab serves what it holds to those who come later (R119).
          if (first) this.announceHolding();
          return bytes;
        },
        (error: unknown) => {
          this.fetching.delete(index);
          throw error;
        },
      );
      this.fetching.set(index, fetching);
    }
    return fetching;
  }

  /**
   * Asks the least busy open link that has not said it lacks the piece, and the next when one fails; waits for a
   * link while there is none, and a moment when every link lacks it (a viewer fetching it may have it soon).
   */
  private async fetchPiece(start: number, end: number, quiet: boolean): Promise<Uint8Array> {
    const lacking = new Set<PeerLink>();
    for (;;) {
      if (this.closed) throw new Error('swarm closed');
      if (this.local) return new Uint8Array(await this.local.slice(start, end).arrayBuffer());
      const open = [...this.links.values()].filter((link) => link.isOpen);
      // Links that never answered `miss` first (those holding the whole file), then the least busy.
      const link = open
        .filter((candidate) => !lacking.has(candidate))
        .sort((a, b) => a.misses - b.misses || a.load - b.load)[0];
      if (!link) {
        if (!quiet) this.want();
        const retry = open.length > 0 ? setTimeout(() => this.wakeWaiters(), MISSING_PIECE_RETRY_MS) : null;
        await new Promise<void>((resolve) => this.holderWaiters.push(resolve));
        if (retry) clearTimeout(retry);
        lacking.clear();
        continue;
      }
      try {
        const bytes = await link.request(this.itemId, start, end);
        if (bytes.length === end - start) return bytes;
      } catch {
        // That peer went, or does not hold these bytes (yet): try another, or wait.
      }
      lacking.add(link);
      link.misses++;
    }
  }

  private wakeWaiters(): void {
    for (const wake of this.holderWaiters.splice(0)) wake();
  }

  private connect(peer: string, initiator: boolean): PeerLink {
    const link = new PeerLink({
      iceServers: this.options.iceServers(),
      initiator,
      send: (signal) => this.options.signals.signal(peer, this.itemId, signal),
      serve: (_item, start, end) => this.serve(start, end),
      onOpen: () => this.wakeWaiters(),
      onClose: () => {
        if (this.links.get(peer) === link) this.links.delete(peer);
        this.wakeWaiters();
      },
    });
    this.links.set(peer, link);
    return link;
  }

  private hasOpenLink(): boolean {
    return [...this.links.values()].some((link) => link.isOpen);
  }

  private stopWanting(): void {
    this.wanting = false;
    if (this.wantTimer) clearInterval(this.wantTimer);
    this.wantTimer = null;
  }

  /** Says "I hold it" now, or once the last announce is far enough behind. */
  private announceHolding(): void {
    if (this.holdAnnounceTimer || this.closed) return;
    const wait = this.lastHoldAnnounce + HOLD_ANNOUNCE_GAP_MS - Date.now();
    const send = () => {
      this.holdAnnounceTimer = null;
      this.lastHoldAnnounce = Date.now();
      this.options.signals.announce(this.itemId, true);
    };
    if (wait <= 0) send();
    else this.holdAnnounceTimer = setTimeout(send, wait);
  }
}
