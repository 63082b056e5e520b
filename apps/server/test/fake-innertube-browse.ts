import { type FixtureItem, fixtureItems } from './fixture-playlists.ts';

/**
 * InnerTube's playlist pages (`POST /youtubei/v1/browse`) for the fixture lists, built in the WEB client's wire
 * format as youtubei.js 18.1's parser reads it (Playlist, PlaylistVideoList, PlaylistVideo, ContinuationItem,
 * AppendContinuationItemsAction, Alert): not a recording — this machine cannot reach YouTube — and said so in
 * fixtures/innertube/README.md and docs/decisions/024-youtube-playlists.md. 100 videos a page, as YouTube sends.
 */
export const INNERTUBE_PAGE_SIZE = 100;

const text = (value: string) => ({ runs: [{ text: value }] });

/** A `playlistVideoRenderer`; private and deleted videos come without `isPlayable`, titled as YouTube titles them. */
function videoRenderer(item: FixtureItem, index: number) {
  const unavailable = typeof item === 'string';
  const id = unavailable ? `${item === 'private' ? 'pr' : 'de'}${String(index).padStart(9, '0')}` : item.id;
  const title = unavailable ? (item === 'private' ? '[Private video]' : '[Deleted video]') : item.title;
  return {
    playlistVideoRenderer: {
      videoId: id,
      thumbnail: { thumbnails: [{ url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 168, height: 94 }] },
      title: { runs: [{ text: title }], accessibility: { accessibilityData: { label: `${title} 3 phút` } } },
      index: { simpleText: String(index + 1) },
      shortBylineText: unavailable ? undefined : text('Fixture Channel'),
      lengthText: unavailable ? undefined : { simpleText: '3:32' },
      navigationEndpoint: {
        commandMetadata: { webCommandMetadata: { url: `/watch?v=${id}`, webPageType: 'WEB_PAGE_TYPE_WATCH' } },
        watchEndpoint: { videoId: id, index },
      },
      lengthSeconds: unavailable ? undefined : '212',
      trackingParams: 'CAAQ',
      ...(unavailable ? {} : { isPlayable: true }),
      thumbnailOverlays: [],
      videoInfo: unavailable ? undefined : text('1 tr lượt xem'),
    },
  };
}

function continuationItem(listId: string, from: number) {
  return {
    continuationItemRenderer: {
      trigger: 'CONTINUATION_TRIGGER_ON_ITEM_SHOWN',
      continuationEndpoint: {
        commandMetadata: { webCommandMetadata: { sendPost: true, apiUrl: '/youtubei/v1/browse' } },
        continuationCommand: { token: `${listId}:${from}`, request: 'CONTINUATION_REQUEST_TYPE_BROWSE' },
      },
    },
  };
}

/** The page's items from `from`, and the continuation item when the list goes on. */
function pageItems(listId: string, items: readonly FixtureItem[], from: number) {
  const page = items.slice(from, from + INNERTUBE_PAGE_SIZE).map((item, i) => videoRenderer(item, from + i));
  const next = from + INNERTUBE_PAGE_SIZE;
  return next < items.length ? [...page, continuationItem(listId, next)] : page;
}

const responseContext = { visitorData: 'CgtGaXh0dXJlVmlzaXQ%3D', serviceTrackingParams: [] };

/** The first page of a playlist: browse `VL<list id>`. */
export function browsePlaylistPage(listId: string, items: readonly FixtureItem[]) {
  return {
    responseContext,
    contents: {
      twoColumnBrowseResultsRenderer: {
        tabs: [
          {
            tabRenderer: {
              selected: true,
              content: {
                sectionListRenderer: {
                  contents: [
                    {
                      itemSectionRenderer: {
                        contents: [
                          {
                            playlistVideoListRenderer: {
                              contents: pageItems(listId, items, 0),
                              playlistId: listId,
                              isEditable: false,
                              canReorder: false,
                              targetId: listId,
                            },
                          },
                        ],
                      },
                    },
                  ],
                },
              },
            },
          },
        ],
      },
    },
    metadata: { playlistMetadataRenderer: { title: 'Fixture playlist', description: '' } },
  };
}

/** A continuation page: the items from `from` (the token carries the list id and the offset). */
export function browseContinuationPage(listId: string, items: readonly FixtureItem[], from: number) {
  return {
    responseContext,
    onResponseReceivedActions: [
      { appendContinuationItemsAction: { continuationItems: pageItems(listId, items, from), targetId: listId } },
    ],
  };
}

/** A list YouTube will not show: private, or not there (an ERROR alert and nothing else). */
export function browseAlertPage(message: string) {
  return { responseContext, alerts: [{ alertRenderer: { type: 'ERROR', text: text(message) } }] };
}

/** The answer to one browse body, or null when the body names no fixture list. */
export function browseAnswer(body: { browseId?: string; continuation?: string }): unknown {
  if (body.continuation) {
    const [listId = '', from = '0'] = body.continuation.split(':');
    const items = fixtureItems(listId);
    return items ? browseContinuationPage(listId, items, Number(from)) : null;
  }
  const listId = body.browseId?.replace(/^VL/, '') ?? '';
  const items = fixtureItems(listId);
  return items ? browsePlaylistPage(listId, items) : null;
}
