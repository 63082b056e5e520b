import type { AckResult, Video } from '@xemchung/protocol';
import { Fragment, useId, useState } from 'react';
import { useConfirm } from '../../components/confirmContext.ts';
import { useFocusFallback } from '../../components/useFocusFallback.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { PlaylistItem } from './PlaylistItem.tsx';
import { useRoomSession } from './roomSession.ts';
import { useCommandAlert } from './useCommandAlert.ts';
import { useFocusAfterRemoval } from './useFocusAfterRemoval.ts';
import { usePlaylistDrag } from './usePlaylistDrag.ts';
import { useMay } from './useRole.ts';
import { useRoomState } from './useRoomState.ts';

/**
 * 'Danh sách phát' (docs/product.md#playlist): every video of the room in order. The host and co-hosts select a row to play it,
 * delete one after 'Bạn có chắc muốn xóa video này?', and clear the watched ones after 'Bạn có chắc muốn xóa tất
 * cả video đã xem?'; the host alone clears the whole queue (R57). Controllers also reorder (move up and down,
 * drag and drop, play next, shuffle: R60–R62), each result said in a polite live region for screen readers. When the focused row goes, focus moves to the next
 * row, or to this region once it is empty. Each control shows only to whoever the
 * permission table lets use it (the server refuses the others anyway, R2).
 */
export function PlaylistPanel() {
  const { t } = useTranslation();
  const headingId = useId();
  const room = useRoomState();
  const { client } = useRoomSession();
  const canSelect = useMay('playlist:select');
  const canRemove = useMay('playlist:remove');
  const canClearWatched = useMay('playlist:clearWatched');
  const canClearQueue = useMay('playlist:clear');
  const canAdd = useMay('playlist:add');
  const canMove = useMay('playlist:move');
  const canShuffle = useMay('playlist:shuffle');
  // What the last reorder did, for screen readers (R60–R62): the list changing order says nothing by itself.
  // Each announcement gets a new key, so the same words twice (two shuffles) are a new text node, read again.
  const [announcement, setAnnouncement] = useState({ text: '', key: 0 });
  const announce = (text: string) => setAnnouncement((previous) => ({ text, key: previous.key + 1 }));
  const confirm = useConfirm();
  const alertRefusal = useCommandAlert();
  const rowFocus = useFocusAfterRemoval(room?.playlist.map((video) => video.id) ?? []);
  // The toolbar goes with the last video: its focus goes to the region.
  useFocusFallback(rowFocus.fallback);
  const move = (video: Pick<Video, 'id' | 'title'>, toIndex: number) => {
    if (!room) return;
    const count = room.playlist.length;
    void client.move(video.id, toIndex, room.version).then((ack) => {
      if (!ack.ok) return alertRefusal(ack.error);
      announce(t('room.moved', { title: video.title, position: toIndex + 1, count }));
    });
  };
  const drag = usePlaylistDrag((id, toIndex) => {
    const video = room?.playlist.find((item) => item.id === id);
    if (video) move(video, toIndex);
  });
  if (!room) return null;

  const playlist = room.playlist;
  const currentId = room.current_video.id;
  const anyWatched = playlist.some((video) => video.visited && video.id !== currentId);
  const anyQueued = playlist.some((video) => video.id !== currentId);
  const run = (command: () => Promise<AckResult<object>>) => {
    void command().then((ack) => {
      if (!ack.ok) alertRefusal(ack.error);
    });
  };
  const select = (video: Video) => run(() => client.select(video.id));
  const remove = (video: Video) => confirm(t('room.confirmDelete'), () => run(() => client.remove(video.id)));
  const clearWatched = () => confirm(t('room.confirmClearWatched'), () => run(() => client.clearWatched()));
  const playNext = (video: Video) =>
    void client.playNext(video.id).then((ack) => {
      if (!ack.ok) return alertRefusal(ack.error);
      announce(t('room.queuedNext', { title: video.title }));
    });
  const shuffle = () =>
    void client.shuffle().then((ack) => {
      if (!ack.ok) return alertRefusal(ack.error);
      announce(t('room.shuffled'));
    });
  const waiting = playlist.filter((video) => !video.visited && video.id !== currentId).length;
  const clearQueue = () => confirm(t('room.confirmClearQueue'), () => run(() => client.clearQueue()));
  // Whoever the add policy leaves out has no search box (RoomPage): say why here instead (R56).
  const addNote = canAdd
    ? null
    : t(room.settings.addPolicy === 'controllers' ? 'room.errors.addControllers' : 'room.errors.addSignedIn');
  /**
   * A toolbar button: inactive (aria-disabled, not disabled) while it has nothing to do, so one that was just used
   * ('Xóa video đã xem' leaves nothing watched) keeps the focus instead of dropping it to the page.
   */
  const tool = (label: string, action: () => void, enabled: boolean) => (
    <button
      type="button"
      onClick={enabled ? action : undefined}
      aria-disabled={!enabled || undefined}
      className="min-h-9 rounded-full px-2.5 py-1.5 text-xs whitespace-nowrap text-neutral-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent"
    >
      {label}
    </button>
  );

  return (
    <section
      ref={rowFocus.fallback}
      aria-labelledby={headingId}
      tabIndex={-1}
      className="flex min-h-0 flex-1 flex-col rounded-lg"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-1 pb-2">
        <h2 id={headingId} className="flex items-baseline gap-2 text-base font-semibold whitespace-nowrap text-white">
          {t('room.playlist')}
          <span className="text-sm font-normal text-neutral-400">
            {t('room.playlistCount', { count: playlist.length })}
          </span>
        </h2>
        {/* Nothing to shuffle or clear in an empty playlist: no toolbar at all rather than greyed-out words. */}
        {playlist.length > 0 && (canClearWatched || canClearQueue || canShuffle) && (
          <div className="flex flex-wrap gap-1">
            {canShuffle && tool(t('room.shuffle'), shuffle, waiting >= 2)}
            {canClearWatched && tool(t('room.clearWatched'), clearWatched, anyWatched)}
            {canClearQueue && tool(t('room.clearQueue'), clearQueue, anyQueued)}
          </div>
        )}
      </div>
      {/* The region itself stays: a live region added with its text already in it is often not read. */}
      <p aria-live="polite" className="sr-only">
        <Fragment key={announcement.key}>{announcement.text}</Fragment>
      </p>
      {/* Dragging needs a mouse (HTML5 drag does nothing on a touch screen): there the move buttons are the way. */}
      {canMove && playlist.length > 1 && (
        <p className="hidden px-1 pb-2 text-xs text-neutral-400 pointer-fine:block">{t('room.dragHint')}</p>
      )}
      {addNote && playlist.length > 0 && <p className="px-1 pb-2 text-xs text-neutral-400">{addNote}</p>}
      {playlist.length === 0 ? (
        <div className="rounded-xl border border-dashed border-white/10 px-4 py-8 text-center">
          <p className="font-medium text-neutral-300">{t('room.playlistEmpty')}</p>
          <p className="mt-1 text-sm text-neutral-400">{addNote ?? t('room.playlistEmptyHint')}</p>
        </div>
      ) : (
        <ol
          ref={rowFocus.list}
          onFocus={rowFocus.onFocus}
          onBlur={rowFocus.onBlur}
          className="-mx-1 flex flex-col gap-1 min-h-0 overflow-y-auto overscroll-contain px-1 pb-1"
        >
          {playlist.map((video, index) => (
            <PlaylistItem
              key={video.id}
              video={video}
              current={video.id === currentId}
              canSelect={canSelect}
              canRemove={canRemove}
              onSelect={select}
              onDelete={remove}
              reorder={
                canMove
                  ? {
                      index,
                      count: playlist.length,
                      onMove: move,
                      onPlayNext: playNext,
                      drag: drag.rowProps(video.id, index),
                    }
                  : undefined
              }
            />
          ))}
        </ol>
      )}
    </section>
  );
}
