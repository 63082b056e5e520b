/*
 * DOM contract of the room page, for e2e/ and bench/ (keep in step with the tests that rely on it):
 * - Loading: role=status 'Đang tải' with the text 'Đang tải phòng…'. An unknown or deleted room replaces the
 *   history entry with /not-found.
 * - Side panel: role=complementary 'Thông tin phòng' holding the room name as the level-1 heading (shown
 *   uppercase; it has the focus on arriving in the room), 'Bạn là chủ phòng' or 'Bạn đang xem theo chủ phòng', and
 *   button 'Chia sẻ link phòng'.
 * - Share dialog: role=dialog 'Chia sẻ link phòng', textbox 'Link phòng' (read-only, selected), button
 *   'Sao chép' that becomes 'Đã sao chép' once the link is on the clipboard.
 * - The side panel's content is in tabs (tablist 'Nội dung bên cạnh'): tab 'Danh sách phát' (selected at first)
 *   tab 'Trò chuyện' (named 'Trò chuyện, <n> tin nhắn chưa đọc' while there are unread messages) and tab
 *   'Người xem, <n> người đang xem'; only the selected tab's panel is shown.
 * - Viewers (tab 'Người xem'): list 'Người xem' with one listitem per person in the room (R52): the display name
 *   or 'Khách <tag>', 'Chủ phòng' / 'Đồng chủ phòng', '<n> thẻ' for several tabs, and a role=img sync badge named
 *   'Đồng bộ tốt: lệch 12 ms' (green, data-level=good), 'Đồng bộ khá: …' (amber, fair), 'Đồng bộ kém: …' (red,
 *   poor), or 'Đồng bộ: đang tạm dừng' / 'đang tải' / 'trình duyệt chặn phát' / 'lỗi phát video' (grey, idle),
 *   'Đồng bộ: chưa có số liệu' (unknown) (R53).
 * - Playlist: region 'Danh sách phát' (heading level 2) with a list; each row a listitem, the current one with
 *   aria-current=true and the text 'Đang phát', watched ones 'Đã xem' (data-visited). Host only: button
 *   'Phát <title>' per row (selects it; its name ends ', Đang phát' or ', Đã xem' when the row says so), button
 *   'Xóa <title>' (asks 'Bạn có chắc muốn xóa video này?'), button 'Xóa video đã xem' (asks 'Bạn có chắc muốn xóa
 *   tất cả video đã xem?'); the question is an alertdialog named by it, with the buttons 'Có'/'Không'. When the
 *   focused row goes, focus moves to the same button of the next row, or to the region once it is empty.
 * - Chat (R54): region 'Trò chuyện' (heading level 2) with role=log 'Tin nhắn trong phòng' holding a list, one
 *   listitem per message (sender name or 'Khách XXXX', a <time>, the text; 'Tin nhắn đã bị xóa' once deleted).
 *   Whoever may write: textbox 'Tin nhắn' (Enter sends) and button 'Gửi'; a guest the host keeps out reads
 *   'Chủ phòng chỉ cho người đã đăng nhập gửi tin nhắn. …' instead. Host and co-hosts: button 'Xóa tin nhắn của
 *   <name> lúc <time>: <first words>' per message (asks 'Xóa tin nhắn này với mọi người?'). Chat refusals show under the box as role=alert.
 * - Refusals (e.g. 'Video đã có trong playlist') appear as role=alert for 5 s.
 * - Player: region 'Trình phát video'. Direct media is a <video> (<audio> for .mp3/.m4a/.oga) with
 *   data-testid="media-player": with native controls for the host, without for followers. Changing the host's
 *   element (play(), pause(), currentTime, playbackRate) is reported to the room like a user's action; followers'
 *   elements are driven by the room. Button 'Bật tiếng' shows while the player is muted.
 * - While the socket reconnects: role=status with 'Mất kết nối — đang kết nối lại…'.
 * - Kicked or banned (now, or refused at the join): heading level 1 'Bạn không còn ở trong phòng này', role=alert 'Bạn đã bị mời ra khỏi phòng. Bạn có thể vào lại
 *   sau 10 phút.' or 'Bạn đã bị chặn khỏi phòng này.', with the link 'Về trang chủ'; no player, no side panel.
 * - Host and co-hosts: the playlist controls above and the player's controls. Host only: button 'Xóa hàng chờ'
 *   (asks 'Bạn có chắc muốn xóa tất cả video trong hàng chờ? …'), button 'Cài đặt phòng' in the side panel header
 *   opening dialog 'Cài đặt phòng' (radio group 'Ai được thêm video', checkbox 'Cho phép khách trò chuyện', number
 *   'Số video đang chờ tối đa của mỗi người', button 'Lưu', section 'Người bị chặn' with 'Bỏ chặn <name>').
 * - The top bar holds the search box (features/search/RoomSearchBox.tsx) once the room is joined, for whoever the
 *   room's add policy lets add; the others read why in the playlist region instead.
 */

import { Redirect, useParams } from 'wouter';
import { AlertProvider } from '../components/AlertProvider.tsx';
import { Button } from '../components/Button.tsx';
import { ConfirmProvider } from '../components/ConfirmProvider.tsx';
import { GoHomeLink } from '../components/GoHomeLink.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { RoomPlayer } from '../features/player/RoomPlayer.tsx';
import { ConnectionBanner } from '../features/room/ConnectionBanner.tsx';
import { RoomSessionContext } from '../features/room/roomSession.ts';
import { useAddToPlaylist } from '../features/room/useAddToPlaylist.ts';
import { useImportPlaylist } from '../features/room/useImportPlaylist.ts';
import { useMay } from '../features/room/useRole.ts';
import { useRoom } from '../features/room/useRoom.ts';
import { useRoomState } from '../features/room/useRoomState.ts';
import { RoomSearchBox } from '../features/search/RoomSearchBox.tsx';
import { useTranslation } from '../i18n/useTranslation.ts';
import { TopBarSlot } from '../layout/TopBarSlot.tsx';
import { NOT_FOUND_PATH } from '../lib/paths.ts';
import { SidePanel } from './room/SidePanel.tsx';

// Part of this chunk, so the room's Vietnamese texts load with the page; the route adds them (AppRoutes.tsx).
export { ROOM_TEXTS } from '../i18n/roomTexts.ts';

const LAYOUT = 'mx-auto flex w-full max-w-7xl flex-1 flex-col gap-4 sm:p-4 lg:flex-row lg:items-start';

/**
 * Below `lg` the room is what people know from live chat under a video: exactly the window under the top bar (its
 * 56 px and border), the player at the top and the side panel in the rest, scrolling inside itself, so the player
 * never scrolls away and the message box sits at the bottom of the screen. With `interactive-widget=resizes-content`
 * (index.html) the on-screen keyboard shrinks the window, and this with it.
 */
const PHONE_FRAME = 'flex flex-col max-lg:h-[calc(100dvh-3.5rem-1px)] max-lg:overflow-hidden';

/** docs/product.md#room-page: search box in the top bar, the player, and the side panel with the playlist. */
export function RoomPage() {
  const { roomId = '' } = useParams<{ roomId: string }>();
  const room = useRoom(roomId);
  if (room.status === 'connecting') return <RoomLoading />;
  if (room.status === 'closed') {
    switch (room.reason) {
      case 'notFound':
      case 'deleted':
        return <Redirect to={NOT_FOUND_PATH} replace />;
      case 'kicked':
      case 'banned':
        return <RemovedFromRoom reason={room.reason} />;
      case 'refused':
        return <JoinFailed code={room.code} onRetry={room.retry} />;
      case 'left':
        return <RoomLoading />; // only between leaving and a retry's fresh join
    }
  }
  // The confirmation prompt is provided here, the only page that asks, which keeps it out of the entry chunk.
  return (
    <RoomSessionContext value={room.session}>
      <ConfirmProvider>
        <AlertProvider>
          <RoomTitle />
          <RoomSearch />
          <div className={`${PHONE_FRAME} lg:flex-1`}>
            <ConnectionBanner online={room.status === 'joined'} />
            <div className={`${LAYOUT} max-lg:min-h-0 max-lg:gap-3`}>
              <div className="min-w-0 shrink-0 lg:flex-1">
                <RoomPlayer />
              </div>
              <div className="flex min-h-0 flex-1 flex-col px-4 pb-2 sm:px-0 sm:pb-0 lg:contents">
                <SidePanel />
              </div>
            </div>
          </div>
        </AlertProvider>
      </ConfirmProvider>
    </RoomSessionContext>
  );
}

function RoomTitle() {
  const { t } = useTranslation();
  const name = useRoomState()?.name ?? '';
  return <title>{`${name} · ${t('app.name')}`}</title>;
}

/**
 * The search box (#5) in the top bar, adding through the room's one add path; not there for a viewer the room's
 * add policy leaves out (R56: the playlist says why).
 */
function RoomSearch() {
  const addToPlaylist = useAddToPlaylist();
  const importPlaylist = useImportPlaylist();
  if (!useMay('playlist:add')) return null;
  return (
    <TopBarSlot>
      <RoomSearchBox onAdd={addToPlaylist} onAddList={importPlaylist} />
    </TopBarSlot>
  );
}

function RoomLoading() {
  const { t } = useTranslation();
  return (
    <div className={`${LAYOUT} p-4`}>
      <div className="aspect-video w-full rounded-2xl bg-neutral-900 lg:flex-1" />
      <div className="flex w-full flex-col gap-3 rounded-2xl border border-white/10 bg-neutral-900/60 p-4 lg:w-96">
        <div className="flex items-center gap-3 text-neutral-400">
          <Spinner />
          <span>{t('room.loading')}</span>
        </div>
        <div className="h-5 w-2/3 animate-pulse rounded bg-white/10" />
      </div>
    </div>
  );
}

/** R58, R59: the host put this viewer out; nothing here brings them back. */
function RemovedFromRoom({ reason }: { reason: 'kicked' | 'banned' }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <h1 className="text-2xl font-bold text-white">{t('room.removedTitle')}</h1>
      <p role="alert" className="max-w-md text-lg text-neutral-200">
        {t(reason === 'kicked' ? 'room.kicked' : 'room.banned')}
      </p>
      <GoHomeLink />
    </div>
  );
}

/** A join refused for good, or left unanswered; `rate_limited`: this address has too many sockets open (R99). */
function JoinFailed({ code, onRetry }: { code: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <p role="alert" className="text-lg text-neutral-200">
        {t(code === 'rate_limited' ? 'room.tooManyConnections' : 'room.joinFailed')}
      </p>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </div>
  );
}
