import { parseVideoLink, type Video } from '@xemchung/protocol';
import { TrashIcon } from '../../components/TrashIcon.tsx';
import { VideoThumbnail } from '../../components/VideoThumbnail.tsx';
import { useTranslation } from '../../i18n/useTranslation.ts';

export interface PlaylistItemProps {
  video: Video;
  current: boolean;
  /** Whoever may select gets a row that plays the video; whoever may remove, a delete button (R2, R55). */
  canSelect: boolean;
  canRemove: boolean;
  onSelect: (video: Video) => void;
  onDelete: (video: Video) => void;
}

/** The picture of a row: the video's thumbnail, or when it has none or it fails, a play tile with its format. */
function Thumbnail({ video }: { video: Video }) {
  const link = video.mediaUrl ? parseVideoLink(video.mediaUrl) : null;
  const format = link?.kind === 'media' ? link.format.toUpperCase() : '';
  const tile = (
    <span
      aria-hidden="true"
      className="grid size-full place-items-center bg-gradient-to-br from-violet-900/70 to-neutral-800 text-[11px] font-semibold tracking-wider text-violet-200"
    >
      <svg className="size-5" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
        <path d="M8 5.5v13l10-6.5z" />
      </svg>
      {format}
    </span>
  );
  return <VideoThumbnail src={video.thumbnail} fallback={tile} />;
}

/** One playlist row (docs/product.md#playlist): thumbnail, title, watched state, the current one highlighted. */
export function PlaylistItem({ video, current, canSelect, canRemove, onSelect, onDelete }: PlaylistItemProps) {
  const { t } = useTranslation();
  const status = current ? t('room.nowPlaying') : video.visited ? t('room.watched') : '';
  const body = (
    <>
      <Thumbnail video={video} />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="line-clamp-2 text-sm leading-snug break-words text-neutral-100" title={video.title}>
          {video.title}
        </span>
        {status && (
          <span className={`text-xs font-medium ${current ? 'text-violet-300' : 'text-neutral-500'}`}>{status}</span>
        )}
      </span>
    </>
  );
  return (
    <li
      aria-current={current ? 'true' : undefined}
      data-visited={video.visited || undefined}
      className={`flex items-center gap-1 rounded-xl p-1.5 ${
        current ? 'bg-violet-600/15 ring-1 ring-violet-500/50' : video.visited ? 'opacity-60 hover:opacity-100' : ''
      }`}
    >
      {canSelect ? (
        <button
          type="button"
          onClick={() => onSelect(video)}
          aria-label={t('room.playItem', { title: video.title })}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-lg p-1 text-left hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          {body}
        </button>
      ) : (
        <div className="flex min-w-0 flex-1 items-center gap-3 p-1">{body}</div>
      )}
      {canRemove && (
        <button
          type="button"
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
