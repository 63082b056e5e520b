import type { AddVideoInput } from '@xemchung/protocol';

/**
 * What reading a YouTube playlist gave (R72): its playable videos in order, as far as we read it, and whether it
 * goes on past them; or why not.
 */
export type PlaylistRead =
  | { kind: 'found'; videos: AddVideoInput[]; more: boolean }
  /** Private, or no such list. */
  | { kind: 'unavailable' }
  /** The list exists but holds no video that can be played (empty, or only private and deleted ones). */
  | { kind: 'empty' }
  /** YouTube could not be asked or did not answer usefully; `reason` is for the log. */
  | { kind: 'failed'; reason: string };

/** How much to read: stop once `wanted` videos not in `known` (the room's playlist) have been read. */
export interface ReadWanted {
  wanted: number;
  known: ReadonlySet<string>;
}

export interface PlaylistReader {
  read(listId: string, want: ReadWanted): Promise<PlaylistRead>;
}

/**
 * Pages read at most, whatever the list's length: 10 pages hold 500 videos (the Data API's 50 a page; InnerTube's
 * are about 100), PLAYLIST_MAX, so a 5,000-video list costs 10 requests at most, never 100 (R72).
 */
export const PLAYLIST_PAGES_MAX = 10;

/**
 * How long a read may take, all pages together: each page's wait is cut to what is left of it, and what was read
 * by then is used. Under the web client's 10 s ack timeout, with room for the room's queue and the commit.
 */
export const PLAYLIST_READ_BUDGET_MS = 6000;

/** Gathers the videos of pages in order: playable, valid, each once, until `wanted` new ones. */
export class PageCollector {
  readonly videos: AddVideoInput[] = [];
  private readonly seen = new Set<string>();
  private fresh = 0;
  private readonly want: ReadWanted;
  private readonly startedAt = performance.now();
  pages = 0;

  constructor(want: ReadWanted) {
    this.want = want;
  }

  add(video: AddVideoInput): void {
    if (this.seen.has(video.id)) return;
    this.seen.add(video.id);
    this.videos.push(video);
    if (!this.want.known.has(video.id)) this.fresh++;
  }

  /** What is left of the time budget (ms), 0 when it is spent. */
  get remainingMs(): number {
    return Math.max(0, PLAYLIST_READ_BUDGET_MS - (performance.now() - this.startedAt));
  }

  /** Enough new videos, or the page cap or the time budget spent: read no further page. */
  get done(): boolean {
    return this.fresh >= this.want.wanted || this.pages >= PLAYLIST_PAGES_MAX || this.remainingMs === 0;
  }

  /** The outcome once reading stopped; `more` when the list went on past what was read. */
  outcome(more: boolean): PlaylistRead {
    return this.videos.length === 0 ? { kind: 'empty' } : { kind: 'found', videos: this.videos, more };
  }
}

/** Thrown by `withinBudget` when the budget ran out first. */
export class BudgetSpent extends Error {
  constructor() {
    super('The playlist read budget is spent');
    this.name = 'BudgetSpent';
  }
}

/**
 * `work`, or BudgetSpent once `ms` have passed. The request itself is not cancelled: it ends by its own timeout
 * (YOUTUBE_TIMEOUT_MS), unheard.
 */
export async function withinBudget<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const spent = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BudgetSpent()), ms);
  });
  try {
    return await Promise.race([work, spent]);
  } finally {
    clearTimeout(timer);
  }
}

/** The 320×180 thumbnail of a video, built from its id as search results' are (ADR 021). */
export const thumbnailOf = (id: string) => `https://i.ytimg.com/vi/${id}/mqdefault.jpg`;
