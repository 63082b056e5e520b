import { isController, SUBTITLE_TRACKS_MAX, takesSubtitles, type Video } from '@xemchung/protocol';
import { useState } from 'react';
import { Modal } from '../../../components/Modal.tsx';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useMay, useRole } from '../../room/useRole.ts';
import { SubtitleSettings } from './SubtitleSettings.tsx';
import { SubtitleUploadForm } from './SubtitleUploadForm.tsx';

/**
 * 'Phụ đề' under the player (R111, R112): for an item that takes subtitles, when it has tracks or this viewer may
 * attach one. It opens the dialog with this viewer's choices, the controllers' shift, and the upload.
 */
export function SubtitleButton({ video }: { video: Video }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const controller = isController(useRole());
  const mayAdd = useMay('subtitle:add');
  const tracks = video.subtitles ?? [];
  if (!takesSubtitles(video) || (tracks.length === 0 && !mayAdd)) return null;

  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 py-1 text-sm text-neutral-200 ring-1 ring-white/15 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M3 4h14a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Zm1 2v8h12V6H4Zm1.5 5h4v1.5h-4V11Zm5.5 0h3.5v1.5H11V11Zm-5.5-2.5H8V10H5.5V8.5Zm4 0h5V10h-5V8.5Z" />
        </svg>
        <span>{t('subtitles.button')}</span>
      </button>
      <Modal open={open} title={t('subtitles.dialogTitle')} onClose={() => setOpen(false)}>
        <div className="flex flex-col gap-6">
          <SubtitleSettings video={video} controller={controller} />
          {mayAdd && tracks.length < SUBTITLE_TRACKS_MAX && <SubtitleUploadForm videoId={video.id} />}
        </div>
      </Modal>
    </div>
  );
}
