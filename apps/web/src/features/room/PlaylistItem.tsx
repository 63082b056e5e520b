import { parseVideoLink, type Video } from '@xemchung/protocol';
import type { HTMLAttributes } from 'react';
import { TrashIcon } from '../../components/TrashIcon.tsx';
import { VideoThumbnail } from '../../components/VideoThumbnail.tsx';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { OwnFileFacts } from './OwnFileFacts.tsx';

export interface PlaylistItemProps {
  video: Video;
  current: boolean;
  /** Whoever may select gets a row that plays the video; whoever may remove, a delete button (R2, R55). */
  canSelect: boolean;
  canRemove: boolean;
  onSelect: (video: Video) => void;
  onDelete: (video: Video) => void;
  /** For whoever may reorder (R60, R61): the row's place, its moves, and its drag-and-drop handlers. */
  reorder?: {
    index: number;
    count: number;
    onMove: (video: Video, toIndex: number) => void;
    onPlayNext: (video: Video) => void;
    drag: HTMLAttributes<HTMLLIElement> & { 'data-drop'?: true };
  };
}

/** A small chevron or "next" mark; decorative, the button carries the label. */
function Mark({ d }: { d: string }) {
  return (
    <svg className="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
      <path d={d} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The picture of a row: the video's thumbnail, or when it has none or it fails, a play tile with its format or site. */
function Thumbnail({ video }: { video: Video }) {
  const link = video.mediaUrl ? parseVideoLink(video.mediaUrl) : null;
  // A direct link shows its format; a Vimeo, Dailymotion or SoundCloud item without a thumbnail, its site.
  const format = video.file
    ? (/\.([a-z0-9]{1,5})$/i.exec(video.file.name)?.[1]?.toUpperCase() ?? '')
    : link?.kind === 'media'
      ? link.format.toUpperCase()
      : link && link.kind !== 'youtube'
        ? link.kind
        : '';
  // The format is drawn (generated content) like a picture's lettering: it is not part of the row's name (WCAG 2.5.3).
  const tile = (
    <span
      aria-hidden="true"
      data-format={format}
      className="grid size-full place-items-center bg-gradient-to-br from-violet-900/70 to-neutral-800 text-[11px] font-semibold tracking-wider text-violet-100 after:content-[attr(data-format)]"
    >
      <svg className="size-5" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
        <path d="M8 5.5v13l10-6.5z" />
      </svg>
    </span>
  );
  return <VideoThumbnail src={video.thumbnail} fallback={tile} />;
}

/**
 * One playlist row (docs/product.md#playlist): thumbnail, title, watched state, the current one highlighted. A watched
 * row greys its picture only: its texts keep 4.5:1 (docs/decisions/019-accessibility-checks.md).
 */
export function PlaylistItem({ video, current, canSelect, canRemove, onSelect, onDelete, reorder }: PlaylistItemProps) {
  const { t } = useTranslation();
  const watched = video.visited && !current;
  const status = current ? t('room.nowPlaying') : watched ? t('room.watched') : '';
  const body = (
    <>
      <span className={`flex shrink-0 ${watched ? 'grayscale' : ''}`}>
        <Thumbnail video={video} />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span
          className={`line-clamp-2 text-sm leading-snug break-words ${watched ? 'text-neutral-300' : 'text-neutral-100'}`}
          title={video.title}
        >
          {video.title}
        </span>
        {video.file && <OwnFileFacts file={video.file} />}
        {/* The space keeps title and status apart in the button's text, as its name reads them. */}
        {status && (
          <>
            {' '}
            <span className={`text-xs font-medium ${current ? 'text-violet-300' : 'text-neutral-400'}`}>{status}</span>
          </>
        )}
      </span>
    </>
  );
  return (
    <li
      {...reorder?.drag}
      aria-current={current ? 'true' : undefined}
      data-visited={video.visited || undefined}
      className={`flex items-center gap-1 rounded-xl p-1.5 data-drop:outline-2 data-drop:outline-violet-400 ${
        current ? 'bg-violet-600/15 ring-1 ring-violet-500/50' : ''
      }`}
    >
      {canSelect ? (
        <button
          type="button"
          data-control="play"
          onClick={() => onSelect(video)}
          // The row's visible status is in its name too, in the order it is read on screen (WCAG 2.5.3).
          aria-label={[t('room.playItem', { title: video.title }), status].filter(Boolean).join(', ')}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-lg p-1 text-left hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          {body}
        </button>
      ) : (
        <div className="flex min-w-0 flex-1 items-center gap-3 p-1">{body}</div>
      )}
      {reorder && <ReorderButtons video={video} current={current} {...reorder} />}
      {canRemove && (
        <button
          type="button"
          data-control="delete"
          onClick={() => onDelete(video)}
          aria-label={t('room.deleteItem', { title: video.title })}
          className="grid size-10 shrink-0 place-items-center rounded-full text-neutral-400 hover:bg-white/10 hover:text-red-300 focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          <TrashIcon />
        </button>
      )}
    </li>
  );
}

const SMALL =
  'grid size-8 shrink-0 place-items-center rounded-full text-neutral-400 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent';

/**
 * Move up, move down and play next, for the keyboard (R60, R61). At the ends the buttons are aria-disabled rather
 * than disabled, so the one that was just used keeps the focus.
 */
function ReorderButtons({
  video,
  current,
  index,
  count,
  onMove,
  onPlayNext,
}: { video: Video; current: boolean } & NonNullable<PlaylistItemProps['reorder']>) {
  const { t } = useTranslation();
  const move = (toIndex: number) => () => {
    if (toIndex >= 0 && toIndex < count) onMove(video, toIndex);
  };
  return (
    <span className="flex shrink-0 items-center">
      <span className="flex flex-col">
        <button
          type="button"
          data-control="up"
          onClick={move(index - 1)}
          aria-disabled={index === 0 || undefined}
          aria-label={t('room.moveUp', { title: video.title })}
          className={SMALL}
        >
          <Mark d="m6 15 6-6 6 6" />
        </button>
        <button
          type="button"
          data-control="down"
          onClick={move(index + 1)}
          aria-disabled={index === count - 1 || undefined}
          aria-label={t('room.moveDown', { title: video.title })}
          className={SMALL}
        >
          <Mark d="m6 9 6 6 6-6" />
        </button>
      </span>
      {!current && (
        <button
          type="button"
          data-control="next"
          onClick={() => onPlayNext(video)}
          aria-label={t('room.playNext', { title: video.title })}
          className={SMALL}
        >
          <Mark d="M5 5v14l8-7zM17 5v14" />
        </button>
      )}
    </span>
  );
}
