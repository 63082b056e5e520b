import { SEARCH_UNAVAILABLE_STATUS, type SearchResult, YOUTUBE_ID_PATTERN } from '@xemchung/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Innertube } from 'youtubei.js';
import type { SearchOutcome, YouTubeSettings } from './youtube-client.ts';
import { boundedTitle } from './youtube-wire.ts';

/** Where youtubei.js sends its requests; each is rerouted to INNERTUBE_BASE_URL (the real one, or a test's fake). */
const YOUTUBE_ORIGIN = 'https://www.youtube.com';
const MAX_RESULTS = 10;
const BAD_GATEWAY = 502;
const GATEWAY_TIMEOUT = 504;
/**
 * YouTube answers 403 or 429 when it refuses this server (bot detection, throttling): not a quota the user can
 * wait out, and nothing the user did, so the box says search is unavailable (docs/decisions/021-search-without-a-key.md).
 */
const REFUSALS = new Set([403, 429]);

/** The failures of one InnerTube request, raised by our `fetch` so they reach our callers untouched by youtubei.js. */
export class UpstreamFailure extends Error {
  readonly outcome: Extract<SearchOutcome, { kind: 'status' }>;
  constructor(status: number, reason: string) {
    super(reason);
    this.outcome = { kind: 'status', status, reason };
  }
}

/**
 * The `fetch` youtubei.js is given: it may only reach www.youtube.com, which is rewritten to `baseUrl`; every
 * request, body included, is bounded by `timeoutMs`; redirects are refused; a non-2xx answer is an UpstreamFailure.
 */
function boundedFetch(baseUrl: string, timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== YOUTUBE_ORIGIN) throw new UpstreamFailure(BAD_GATEWAY, `off_origin_request ${url.origin}`);
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${url.pathname}${url.search}`, {
        method: request.method,
        headers: init?.headers ?? request.headers,
        body: init?.body ?? null,
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw isTimeout(error)
        ? new UpstreamFailure(GATEWAY_TIMEOUT, 'timeout')
        : new UpstreamFailure(BAD_GATEWAY, 'unreachable');
    }
    if (response.ok) return response;
    await response.body?.cancel();
    const status = REFUSALS.has(response.status) ? SEARCH_UNAVAILABLE_STATUS : response.status;
    throw new UpstreamFailure(status, `http_${response.status}`);
  };
}

export function isTimeout(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'TimeoutError';
}

/** Why a search failed, for the client's `{status}` and the log. */
export function failureOutcome(error: unknown): Extract<SearchOutcome, { kind: 'status' }> {
  if (error instanceof UpstreamFailure) return error.outcome;
  // Reading the body timed out after the headers came (the fetch's signal covers the body too).
  if (isTimeout(error)) return { kind: 'status', status: GATEWAY_TIMEOUT, reason: 'timeout' };
  // Not JSON, or JSON youtubei.js cannot read as a search page: InnerTube changed or answered something else.
  const reason = error instanceof SyntaxError ? 'malformed_json' : 'unexpected_shape';
  return { kind: 'status', status: SEARCH_UNAVAILABLE_STATUS, reason };
}

type Youtubei = typeof import('youtubei.js');

/** A youtubei.js client, the module's node classes and its error class. */
export interface InnerTubeSession {
  innertube: Innertube;
  nodes: Youtubei['YTNodes'];
  InnertubeError: Youtubei['Utils']['InnertubeError'];
}

/**
 * A client and the module's node classes; youtubei.js is imported here (~0.3 s, ~60 MB RSS), at the first search
 * or playlist read. The search and the playlist reader each hold their own LazyInnerTube.
 */
export async function createInnertube(settings: YouTubeSettings, log: FastifyBaseLogger): Promise<InnerTubeSession> {
  const { Innertube, Log, Parser, Utils, YTNodes } = await import('youtubei.js');
  // Its own console logging off; what its parser could not read goes to our log, where drift shows first.
  Log.setLevel(Log.Level.NONE);
  Parser.setParserErrorHandler(({ classname, error_type }) => {
    log.warn({ classname, errorType: error_type }, 'InnerTube: youtubei.js could not parse a node');
  });
  // No request at creation: the session (visitor id, client version) is generated locally and no player is loaded.
  const innertube = await Innertube.create({
    fetch: boundedFetch(settings.innertubeBaseUrl, settings.timeoutMs),
    retrieve_player: false,
    generate_session_locally: true,
    retrieve_innertube_config: false,
    enable_session_cache: false,
    lang: 'vi',
    location: 'VN',
  });
  return { innertube, nodes: YTNodes, InnertubeError: Utils.InnertubeError };
}

/**
 * One youtubei.js session, made on first use. A session that could not be made is forgotten, so the next call
 * tries again rather than failing until the server restarts.
 */
export class LazyInnerTube {
  private session: Promise<InnerTubeSession> | undefined;
  private readonly settings: YouTubeSettings;
  private readonly log: FastifyBaseLogger;

  constructor(settings: YouTubeSettings, log: FastifyBaseLogger) {
    this.settings = settings;
    this.log = log;
  }

  get(): Promise<InnerTubeSession> {
    if (!this.session) {
      const made = createInnertube(this.settings, this.log);
      this.session = made;
      made.catch(() => {
        if (this.session === made) this.session = undefined;
      });
    }
    return this.session;
  }
}

/**
 * Keyword search through YouTube's own web API (InnerTube), without a key; uncached, like YouTubeClient.
 * youtubei.js is loaded at the first search, not at boot, so servers that never search (and every test server)
 * do not pay for it.
 */
export class InnerTubeClient {
  private readonly client: LazyInnerTube;
  private readonly log: FastifyBaseLogger;

  constructor(settings: YouTubeSettings, log: FastifyBaseLogger) {
    this.client = new LazyInnerTube(settings, log);
    this.log = log;
  }

  async search(keyword: string): Promise<SearchOutcome> {
    try {
      const { innertube, nodes } = await this.client.get();
      const page = await innertube.search(keyword, { type: 'video' });
      const videos = page.results.filterType(nodes.Video);
      if (videos.length === 0 && page.results.some((node) => !node.is(nodes.BackgroundPromo))) {
        // Items, yet no video and no "nothing found" under a video filter: YouTube renamed its video node, and
        // answering [] would hide that behind 'Không tìm thấy video nào' for every keyword.
        const types = [...new Set(page.results.map((node) => node.type))];
        this.log.error({ types }, 'InnerTube search: items but no video node');
        return { kind: 'status', status: SEARCH_UNAVAILABLE_STATUS, reason: 'no_video_nodes' };
      }
      return { kind: 'results', results: toSearchResults(videos) };
    } catch (error) {
      const outcome = failureOutcome(error);
      if (outcome.reason === 'unexpected_shape') this.log.error({ err: error }, 'InnerTube search: unreadable answer');
      return outcome;
    }
  }
}

/** The parts of a youtubei.js Video node we read. */
interface VideoNode {
  video_id: string;
  title: { toString(): string };
}

/**
 * Same shape as the Data API's results: valid unique ids, plain-text titles (InnerTube sends them unescaped),
 * and the 320×180 `mqdefault` thumbnail, built from the id as the Data API's `medium` one is (InnerTube's own are
 * signed `hq720` URLs of other sizes).
 */
export function toSearchResults(videos: readonly VideoNode[]): SearchResult[] {
  const results: SearchResult[] = [];
  const seen = new Set<string>();
  for (const video of videos) {
    const id = video.video_id;
    if (!YOUTUBE_ID_PATTERN.test(id) || seen.has(id)) continue;
    seen.add(id);
    results.push({
      id,
      title: boundedTitle(video.title.toString()),
      thumbnail: `https://i.ytimg.com/vi/${id}/mqdefault.jpg`,
    });
    if (results.length === MAX_RESULTS) break;
  }
  return results;
}
