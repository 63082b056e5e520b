import { YOUTUBE_ID_PATTERN } from '@xemchung/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { type InnerTubeSession, isTimeout, LazyInnerTube, UpstreamFailure } from './innertube-client.ts';
import {
  BudgetSpent,
  PageCollector,
  type PlaylistRead,
  type PlaylistReader,
  type ReadWanted,
  thumbnailOf,
  withinBudget,
} from './playlist-pages.ts';
import type { YouTubeSettings } from './youtube-client.ts';
import { boundedTitle } from './youtube-wire.ts';

/** InnerTube answers a browse of a list id it does not know with 400 or 404, as well as with an ERROR alert. */
const NOT_FOUND = new Set([400, 404]);

/**
 * Reads playlists through InnerTube (`POST /youtubei/v1/browse`, browseId `VL<list id>`) with youtubei.js's
 * `getPlaylist`, following its continuations (about 100 videos each) until it has enough. Private and deleted
 * videos come as `playlistVideoRenderer`s without `isPlayable` and are skipped; a private or missing list comes
 * as an ERROR alert, which youtubei.js throws (docs/decisions/024-youtube-playlists.md).
 */
export class InnerTubePlaylists implements PlaylistReader {
  private readonly client: LazyInnerTube;
  private readonly log: FastifyBaseLogger;

  constructor(settings: YouTubeSettings, log: FastifyBaseLogger) {
    this.client = new LazyInnerTube(settings, log);
    this.log = log;
  }

  async read(listId: string, want: ReadWanted): Promise<PlaylistRead> {
    let session: InnerTubeSession;
    try {
      session = await this.client.get();
    } catch (error) {
      this.log.error({ err: error }, 'InnerTube playlist: could not create the client');
      return { kind: 'failed', reason: 'client' };
    }
    const collected = new PageCollector(want);
    let page: Awaited<ReturnType<InnerTubeSession['innertube']['getPlaylist']>>;
    try {
      page = await withinBudget(session.innertube.getPlaylist(listId), collected.remainingMs);
    } catch (error) {
      return this.firstPageFailure(session, error);
    }
    for (;;) {
      collected.pages++;
      for (const item of page.items) {
        if (!item.is(session.nodes.PlaylistVideo) || item.is_playable !== true) continue;
        const id = item.id;
        if (!YOUTUBE_ID_PATTERN.test(id)) continue;
        const title = boundedTitle(item.title.toString());
        collected.add({ id, title, thumbnail: thumbnailOf(id), source: 'youtube', mediaUrl: null });
      }
      if (!page.has_continuation || collected.done) return collected.outcome(page.has_continuation);
      try {
        page = await withinBudget(page.getContinuation(), collected.remainingMs);
      } catch (error) {
        // What was read stands: the list is added as far as YouTube let us read it.
        this.log.warn({ err: error, listId, pages: collected.pages }, 'InnerTube playlist: a continuation failed');
        return collected.outcome(false);
      }
    }
  }

  /** The list's first page did not come: private or missing (R72), or YouTube failed us. */
  private firstPageFailure(session: InnerTubeSession, error: unknown): PlaylistRead {
    if (error instanceof UpstreamFailure) {
      if (NOT_FOUND.has(error.outcome.status)) return { kind: 'unavailable' };
      return { kind: 'failed', reason: error.message };
    }
    if (isTimeout(error) || error instanceof BudgetSpent) return { kind: 'failed', reason: 'timeout' };
    if (error instanceof session.InnertubeError && error.info instanceof session.nodes.Alert) {
      return { kind: 'unavailable' };
    }
    const reason = error instanceof SyntaxError ? 'malformed_json' : 'unexpected_shape';
    if (reason === 'unexpected_shape') this.log.error({ err: error }, 'InnerTube playlist: unreadable answer');
    return { kind: 'failed', reason };
  }
}
