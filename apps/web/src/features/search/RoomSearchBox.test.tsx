import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AddVideoInput } from '@xemchung/protocol';
import { mediaVideoId } from '@xemchung/protocol/media-video-id';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeMediaHost } from '../../test/fakeMediaHost.ts';
import { DELETED_VIDEO_ID, installFakeSearchApi, searchFixtureResults } from '../../test/fakeSearchApi.ts';
import { testUser } from '../../test/renderApp.tsx';
import { userStore } from '../auth/userStore.ts';
import { RoomSearchBox } from './RoomSearchBox.tsx';
import { searchStore } from './searchStore.ts';

const QUOTA = 'Hết lượt search cho tài khoản free. Vui lòng dán link vào ô tìm kiếm';
const NOT_FOUND = 'Link video không tồn tại';
const UNAVAILABLE = 'Tìm kiếm video hiện không dùng được. Vui lòng dán link vào ô tìm kiếm';

/** The files the sites of pasted direct links hold (probed before adding, R42); any other URL is a 404. */
const MEDIA_FILES = {
  'https://cdn.example.org/a.mp4': 'media',
  'https://cdn.example.org/b.mp4': 'media',
  'https://cdn.example.org/phim/T%E1%BA%BFt%20%E1%BB%9F%20l%C3%A0ng.mp4': 'media',
  'https://cdn.example.org/hls/clip.m3u8': 'media',
} as const;

let api: ReturnType<typeof installFakeSearchApi> | undefined;
let mediaHost: ReturnType<typeof installFakeMediaHost> | undefined;
afterEach(() => {
  mediaHost?.uninstall();
  api?.uninstall();
});

function setup(
  options: { answers?: Parameters<typeof installFakeSearchApi>[0]; addResult?: boolean; signedOut?: boolean } = {},
) {
  api = installFakeSearchApi(options.answers);
  mediaHost = installFakeMediaHost(MEDIA_FILES);
  const data = options.signedOut ? null : testUser;
  userStore.set({ data, loading: false, error: null });
  const onAdd = vi.fn(async (_video: AddVideoInput) => options.addResult ?? true);
  const onAddList = vi.fn(async (_listId: string) => options.addResult ?? true);
  const user = userEvent.setup();
  render(
    <>
      <button type="button">outside</button>
      <RoomSearchBox onAdd={onAdd} onAddList={onAddList} />
    </>,
  );
  const input = screen.getByRole('combobox', { name: 'Tìm video hoặc dán link' });
  return { api, onAdd, onAddList, user, input };
}

describe('RoomSearchBox: keyword search', () => {
  it('does nothing for an empty or blank keyword', async () => {
    const { api, user, input } = setup();
    await user.type(input, '{Enter}');
    await user.type(input, '   {Enter}');
    expect(api.requests).toEqual([]);
    expect(api.beacons).toEqual([]);
    expect(searchStore.get().loading).toBe(false);
  });

  it('shows a spinner while searching, ignores Enter meanwhile, then lists thumbnails and titles', async () => {
    const { api, user, input } = setup();
    api.hold('search');
    await user.type(input, 'lofi chill{Enter}');
    expect(screen.getByRole('status', { name: 'Đang tải' })).toBeInTheDocument();
    expect(searchStore.get()).toMatchObject({ keyword: 'lofi chill', loading: true, error: null });
    await user.type(input, '{Enter}');
    expect(api.requests).toEqual(['/api/search_videos/lofi%20chill']);

    await act(async () => api.release('search'));
    const list = await screen.findByRole('listbox', { name: 'Kết quả tìm kiếm' });
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(searchFixtureResults.map((result) => result.title));
    expect(options[0]?.querySelector('img')).toHaveAttribute('src', searchFixtureResults[0]?.thumbnail);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(searchStore.get()).toMatchObject({ loading: false, results: searchFixtureResults });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('does not search again when the form is submitted while a search is loading', async () => {
    const { api, user, input } = setup();
    api.hold('search');
    await user.type(input, 'lofi{Enter}');
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await act(async () => api.release('search'));
    expect(api.requests).toEqual(['/api/search_videos/lofi']);
  });

  it('searches a keyword of 500+ characters by the beginning the server takes, and records that', async () => {
    const { api, user, input } = setup();
    await user.click(input);
    await user.paste(`${'🎵'.repeat(260)} <script>`);
    await user.keyboard('{Enter}');
    await screen.findByRole('listbox', { name: 'Kết quả tìm kiếm' });
    const sent = decodeURIComponent(api.requests[0]?.replace('/api/search_videos/', '') ?? '');
    expect(sent).toBe('🎵'.repeat(100));
    expect(
      api.beacons.map((beacon) => (beacon.body as { properties: { keyword: string } }).properties.keyword),
    ).toEqual(['🎵'.repeat(100)]);
  });

  it('does not open the answer over a box the user closed while it was loading', async () => {
    const { api, user, input } = setup();
    api.hold('search');
    await user.type(input, 'lofi{Enter}');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'outside' }));
    await act(async () => api.release('search'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.click(input);
    expect(await screen.findByRole('listbox', { name: 'Kết quả tìm kiếm' })).toBeInTheDocument();
  });

  it("records 'Search videos' with the keyword and the user's email for each search", async () => {
    const { api, user, input } = setup();
    await user.type(input, ' AC/DC 🎸 {Enter}');
    await screen.findByRole('listbox');
    await user.clear(input);
    await user.type(input, 'second{Enter}');
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(api.requests[0]).toBe(`/api/search_videos/${encodeURIComponent('AC/DC 🎸')}`);
    expect(api.beacons).toEqual([
      {
        url: '/api/events',
        body: { name: 'Search videos', properties: { keyword: 'AC/DC 🎸', email: testUser.email } },
      },
      { url: '/api/events', body: { name: 'Search videos', properties: { keyword: 'second', email: testUser.email } } },
    ]);
  });

  it("records a signed-out visitor's search with email null", async () => {
    const { api, user, input } = setup({ signedOut: true });
    await user.type(input, 'lofi{Enter}');
    await waitFor(() => expect(api.beacons).toHaveLength(1));
    expect(api.beacons[0]?.body).toEqual({ name: 'Search videos', properties: { keyword: 'lofi', email: null } });
  });

  it('moves through the results with the arrow keys and adds the chosen one with Enter', async () => {
    const { user, input, onAdd } = setup();
    await user.type(input, 'queen{Enter}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1];
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', second?.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(onAdd).toHaveBeenCalledWith({ ...searchFixtureResults[1], source: 'youtube', mediaUrl: null });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('adds a clicked result; the results come back on focus', async () => {
    const { user, input, onAdd } = setup();
    await user.type(input, 'queen{Enter}');
    await user.click(await screen.findByRole('option', { name: /Lạc Trôi/ }));
    expect(onAdd).toHaveBeenCalledWith({ ...searchFixtureResults[2], source: 'youtube', mediaUrl: null });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(input);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('reopens the results on a click in the still-focused box after a refused add', async () => {
    const { user, input, onAdd } = setup({ addResult: false });
    await user.type(input, 'queen{Enter}');
    await user.click(await screen.findByRole('option', { name: /Lạc Trôi/ }));
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(input).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(input);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('closes the dropdown on Escape and on a click outside', async () => {
    const { user, input } = setup();
    await user.type(input, 'queen{Enter}');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'outside' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('says so when nothing was found', async () => {
    const { user, input } = setup({ answers: { nothing: [] } });
    await user.type(input, 'nothing{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Không tìm thấy video nào');
  });

  it.each([
    ["status 403 (the Data API key's free quota used up)", { status: 403 }, QUOTA, 403],
    ['status 503 (search off, or InnerTube unavailable)', { status: 503 }, UNAVAILABLE, 503],
    // A keyword search that fails for any other reason is search not working, never 'Link video không tồn tại'.
    ['status 500 from the platform', { status: 500 }, UNAVAILABLE, 500],
    ['status 504 (upstream timeout, YouTube unreachable)', { status: 504 }, UNAVAILABLE, 504],
    ['HTTP 429 from our rate limit', { http: 429 }, UNAVAILABLE, 429],
    ['a request that never got an answer', 'network' as const, UNAVAILABLE, 0],
  ])('shows the message of docs/product.md#search-box for %s', async (_name, answer, message, code) => {
    const { api, user, input } = setup({ answers: { failing: answer } });
    await user.type(input, 'failing{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${message}$`));
    expect(searchStore.get()).toMatchObject({ loading: false, error: code, results: [] });
    // The 'Search videos' event is recorded whatever the answer, as with results.
    expect(api.beacons.map((beacon) => beacon.body)).toEqual([
      { name: 'Search videos', properties: { keyword: 'failing', email: testUser.email } },
    ]);
    // Typing again clears the message.
    await user.type(input, 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(searchStore.get().error).toBeNull();
  });
});

describe('RoomSearchBox: pasted links', () => {
  it('looks a YouTube link up and adds it, then empties the box', async () => {
    const { api, user, input, onAdd } = setup();
    const link = 'https://www.youtube.com/watch?v=kJQP7kiw5Fk&t=42s';
    await user.click(input);
    await user.paste(link);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(api.requests).toEqual([`/api/oembed?url=${encodeURIComponent(link)}`]);
    expect(onAdd).toHaveBeenCalledWith({
      id: 'kJQP7kiw5Fk',
      title: 'Video kJQP7kiw5Fk',
      thumbnail: 'https://i.ytimg.com/vi/kJQP7kiw5Fk/hqdefault.jpg',
      source: 'youtube',
      mediaUrl: null,
    });
    await waitFor(() => expect(input).toHaveValue(''));
    expect(api.beacons).toEqual([]);
  });

  it('adds the videos of a YouTube playlist link through the room, asking no lookup, then empties the box (R70, R74)', async () => {
    const { api, user, input, onAdd, onAddList } = setup();
    await user.click(input);
    await user.paste('https://www.youtube.com/watch?v=kJQP7kiw5Fk&list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI&index=2');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onAddList).toHaveBeenCalledWith('PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI'));
    await waitFor(() => expect(input).toHaveValue(''));
    expect(onAdd).not.toHaveBeenCalled();
    expect(api.requests).toEqual([]);
  });

  it('adds only the video of a link clicked in a Mix (R70)', async () => {
    const { user, input, onAdd, onAddList } = setup();
    await user.click(input);
    await user.paste('https://www.youtube.com/watch?v=kJQP7kiw5Fk&list=RDkJQP7kiw5Fk&start_radio=1');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(onAdd.mock.calls[0]?.[0]).toMatchObject({ id: 'kJQP7kiw5Fk' });
    expect(onAddList).not.toHaveBeenCalled();
  });

  it('shows a spinner while a playlist is added, ignores Enter meanwhile, and keeps a refused link (R74)', async () => {
    const { user, input, onAddList } = setup();
    let finish: (ok: boolean) => void = () => {};
    onAddList.mockImplementationOnce(() => new Promise<boolean>((resolve) => (finish = resolve)));
    const link = 'https://www.youtube.com/playlist?list=PLprivateFixtureList';
    await user.click(input);
    await user.paste(link);
    await user.keyboard('{Enter}{Enter}');
    expect(screen.getByRole('status', { name: 'Đang tải' })).toBeInTheDocument();
    expect(onAddList).toHaveBeenCalledTimes(1);
    await act(async () => finish(false));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(input).toHaveValue(link);
  });

  it('keeps the link when the room refuses it (a duplicate: the room page says why)', async () => {
    const { user, input, onAdd } = setup({ addResult: false });
    await user.click(input);
    await user.paste('https://youtu.be/kJQP7kiw5Fk');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(input).toHaveValue('https://youtu.be/kJQP7kiw5Fk');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps what was typed while the previous link was being added', async () => {
    const { user, input, onAdd } = setup();
    let finishFirst: (ok: boolean) => void = () => {};
    onAdd.mockImplementationOnce(() => new Promise<boolean>((resolve) => (finishFirst = resolve)));
    await user.click(input);
    await user.paste('https://cdn.example.org/a.mp4');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    await user.clear(input);
    await user.paste('https://cdn.example.org/b.mp4');
    await act(async () => finishFirst(true));
    expect(input).toHaveValue('https://cdn.example.org/b.mp4');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(2));
    expect(onAdd.mock.calls[1]?.[0]).toMatchObject({ title: 'b', mediaUrl: 'https://cdn.example.org/b.mp4' });
    await waitFor(() => expect(input).toHaveValue(''));
  });

  it('shows a spinner while the link is looked up', async () => {
    const { api, user, input, onAdd } = setup();
    api.hold('oembed');
    await user.click(input);
    await user.paste('https://youtu.be/kJQP7kiw5Fk');
    await user.keyboard('{Enter}{Enter}');
    expect(screen.getByRole('status', { name: 'Đang tải' })).toBeInTheDocument();
    await act(async () => api.release('oembed'));
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(api.requests).toHaveLength(1);
  });

  it('adds a direct media link with the file name as its title once the browser loads it, without asking the server', async () => {
    const { api, user, input, onAdd } = setup();
    await user.click(input);
    await user.paste('https://cdn.example.org/phim/T%E1%BA%BFt%20ở%20làng.mp4#t=3');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    const mediaUrl = 'https://cdn.example.org/phim/T%E1%BA%BFt%20%E1%BB%9F%20l%C3%A0ng.mp4';
    expect(onAdd).toHaveBeenCalledWith({
      id: mediaVideoId(mediaUrl),
      title: 'Tết ở làng',
      thumbnail: '',
      source: 'media',
      mediaUrl,
    });
    expect(api.requests).toEqual([]);
    expect(mediaHost?.requests).toEqual([mediaUrl]);
  });

  it.each([
    ['a direct file', 'https://cdn.example.org/missing.mp4'],
    ['an HLS playlist', 'https://cdn.example.org/hls/missing.m3u8'],
  ])(
    "says 'Link video không tồn tại' for %s that its site does not have, and adds nothing (R42)",
    async (_name, link) => {
      const { user, input, onAdd } = setup();
      await user.click(input);
      await user.paste(link);
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${NOT_FOUND}$`));
      expect(onAdd).not.toHaveBeenCalled();
      expect(mediaHost?.requests).toEqual([link]);
      expect(searchStore.get().error).toBe(404);
      expect(input).toHaveValue(link);
    },
  );

  it('adds an HLS playlist its site has', async () => {
    const { user, input, onAdd } = setup();
    await user.click(input);
    await user.paste('https://cdn.example.org/hls/clip.m3u8');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(onAdd.mock.calls[0]?.[0]).toMatchObject({ title: 'clip', source: 'media' });
  });

  it.each([
    ['a YouTube video that does not exist', `https://www.youtube.com/watch?v=${DELETED_VIDEO_ID}`, 1],
    ['a page on another site', 'https://example.com/watch?v=kJQP7kiw5Fk', 0],
    ['a YouTube channel', 'https://www.youtube.com/@someone', 0],
    ['a link with a script in it', 'https://youtu.be/<script>alert(1)</script>', 0],
    ['a Vimeo video that does not exist (R75)', 'https://vimeo.com/404404404', 1],
    ['a SoundCloud playlist (R75)', 'https://soundcloud.com/forss/sets/soulhack', 0],
    ['a Vimeo channel (R75)', 'https://vimeo.com/channels/staffpicks', 0],
    ['a Dailymotion link on another port (R75)', 'https://www.dailymotion.com:8443/video/x8abc12', 0],
  ])("says 'Link video không tồn tại' for %s", async (_name, link, lookups) => {
    const { api, user, input, onAdd } = setup();
    await user.click(input);
    await user.paste(link);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${NOT_FOUND}$`));
    expect(onAdd).not.toHaveBeenCalled();
    expect(api.requests).toHaveLength(lookups);
    expect(searchStore.get().error).toBe(lookups ? 404 : 400);
  });

  it.each([
    ['vimeo', 'https://player.vimeo.com/video/76979871?h=0a1b2c3d4e', 'https://vimeo.com/76979871/0a1b2c3d4e'],
    ['dailymotion', 'https://dai.ly/x8abc12', 'https://www.dailymotion.com/video/x8abc12'],
    ['soundcloud', 'https://soundcloud.com/forss/flickermood?si=1', 'https://soundcloud.com/forss/flickermood'],
  ])(
    'adds a %s link as its source with the canonical page URL the server looked up (R75, R77)',
    async (source, link, page) => {
      const { api, user, input, onAdd } = setup();
      await user.click(input);
      await user.paste(link);
      await user.keyboard('{Enter}');
      await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
      expect(onAdd.mock.calls[0]?.[0]).toEqual({
        id: mediaVideoId(page),
        title: `${source} ${page}`,
        thumbnail: '',
        source,
        mediaUrl: page,
      });
      expect(api.requests).toEqual([`/api/oembed?url=${encodeURIComponent(link)}`]);
    },
  );

  it("treats text without 'https://' as a keyword even if it names a site", async () => {
    const { api, user, input } = setup();
    await user.type(input, 'youtube.com/watch{Enter}');
    await screen.findByRole('listbox');
    expect(api.requests).toEqual([`/api/search_videos/${encodeURIComponent('youtube.com/watch')}`]);
  });
});

describe('RoomSearchBox: small screens', () => {
  it('expands on focus with a back button that folds it away again', async () => {
    const { user, input } = setup();
    expect(screen.queryByRole('button', { name: 'Quay lại' })).not.toBeInTheDocument();
    await user.click(input);
    const search = input.closest('search') as HTMLElement;
    expect(search.className).toContain('max-sm:fixed');
    await user.click(screen.getByRole('button', { name: 'Quay lại' }));
    expect(screen.queryByRole('button', { name: 'Quay lại' })).not.toBeInTheDocument();
    expect(search.className).not.toContain('max-sm:fixed');
    expect(input).not.toHaveFocus();
  });

  it('folds away when the focus leaves it', async () => {
    const { user, input } = setup();
    await user.click(input);
    expect(screen.getByRole('button', { name: 'Quay lại' })).toBeInTheDocument();
    await user.tab();
    await user.tab();
    expect(screen.queryByRole('button', { name: 'Quay lại' })).not.toBeInTheDocument();
  });
});
