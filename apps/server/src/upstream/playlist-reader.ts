import type { FastifyBaseLogger } from 'fastify';
import { DataApiPlaylists } from './data-api-playlist.ts';
import { InnerTubePlaylists } from './innertube-playlist.ts';
import type { PlaylistReader } from './playlist-pages.ts';
import type { YouTubeSettings } from './youtube-client.ts';

export type { PlaylistRead, PlaylistReader } from './playlist-pages.ts';

/**
 * Playlists are read the way SEARCH_PROVIDER says searches are (docs/decisions/024-youtube-playlists.md): the Data
 * API's `playlistItems.list` with a key, InnerTube without, and not at all when search is off.
 */
export function createPlaylistReader(settings: YouTubeSettings, log: FastifyBaseLogger): PlaylistReader {
  switch (settings.searchProvider) {
    case 'data-api':
      return new DataApiPlaylists(settings);
    case 'innertube':
      return new InnerTubePlaylists(settings, log);
    case 'none':
      return { read: async () => ({ kind: 'failed', reason: 'lookups_off' }) };
  }
}
