import { createHash } from 'node:crypto';

/**
 * The YouTube playlists the local fakes serve (fake-youtube.ts over the Data API, fake-innertube.ts over InnerTube),
 * the same lists through both wire formats, so one test reads the same way with or without a key (R72). An entry
 * is a playable video, or a private or deleted one (kept in the list by YouTube, skipped by us).
 */
export type FixtureItem = { id: string; title: string } | 'private' | 'deleted';

/** Ids of generated videos: 11 characters, `hv` and the index. */
export const hugeVideoId = (index: number) => `hv${String(index).padStart(9, '0')}`;

/** The playable videos of the small list, in order, as the room must get them. */
export const SMALL_LIST_VIDEOS = [
  { id: 'dQw4w9WgXcQ', title: 'Rick Astley - Never Gonna Give You Up' },
  { id: 'kJQP7kiw5Fk', title: 'Luis Fonsi - Despacito ft. Daddy Yankee' },
  { id: 'Llw9Q6akRo4', title: 'Lạc Trôi | Official Music Video | Sơn Tùng M-TP' },
];

/** The size of the huge list: far more than a playlist holds (PLAYLIST_MAX) and than we read (10 pages). */
export const HUGE_LIST_LENGTH = 5000;

export const FIXTURE_LISTS = {
  /** Three videos, with a private and a deleted one between them, and the first again at the end. */
  small: 'PLsmallFixtureList01',
  /** 5,000 videos. */
  huge: 'PLhugeFixtureList001',
  /** A list with nothing in it. */
  empty: 'PLemptyFixtureList01',
  /** Only a private and a deleted video. */
  unplayable: 'PLunplayableFixture1',
  /** A list its owner made private. */
  private: 'PLprivateFixtureList',
  /** No such list (any id not listed here is missing too). */
  missing: 'PLmissingFixtureList',
  /** YouTube fails (500). */
  broken: 'PLbrokenFixtureList1',
  /** 5,000 videos, but YouTube fails (500) on every page after the first. */
  flaky: 'PLflakyFixtureList01',
  /** Answers after the fake's `slowMs`. */
  slow: 'PLslowFixtureList001',
} as const;

/** Lists named `PLfresh…` hold two videos of their own, so a test can import a list no other test has (R71). */
export const FRESH_LIST_PREFIX = 'PLfresh';

/** The ids of a fresh list's two videos: 11 base64url characters of a hash of the list id. */
export const freshVideoIds = (listId: string) =>
  [0, 1].map((i) => createHash('sha256').update(`${listId}/${i}`).digest('base64url').slice(0, 11));

/** The items of a fixture list, or null for a list that is private, missing or fails (the fakes say how). */
export function fixtureItems(listId: string): readonly FixtureItem[] | null {
  switch (listId) {
    case FIXTURE_LISTS.small:
    case FIXTURE_LISTS.slow: {
      const [a, b, c] = SMALL_LIST_VIDEOS as [FixtureItem, FixtureItem, FixtureItem];
      return [a, 'private', b, 'deleted', c, a];
    }
    case FIXTURE_LISTS.huge:
    case FIXTURE_LISTS.flaky:
      return Array.from({ length: HUGE_LIST_LENGTH }, (_, i) => ({ id: hugeVideoId(i), title: `Video số ${i + 1}` }));
    case FIXTURE_LISTS.empty:
      return [];
    case FIXTURE_LISTS.unplayable:
      return ['private', 'deleted'];
    default:
      return listId.startsWith(FRESH_LIST_PREFIX)
        ? freshVideoIds(listId).map((id, i) => ({ id, title: `Video mới ${i + 1}` }))
        : null;
  }
}
