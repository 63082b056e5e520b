import { useRef, useState } from 'react';
import { useAlert } from '../../../components/alertContext.ts';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useRoomSession } from '../../room/roomSession.ts';
import { useMay } from '../../room/useRole.ts';
import { shareOwnFile } from './shareOwnFile.ts';
import { useOwnFileSwarms } from './useOwnFileSwarms.ts';

/** What the file picker offers: what browsers play, and Matroska, which they often leave untyped. */
export const MEDIA_FILE_ACCEPT = 'video/*,audio/*,.mkv,.m4v,.mov';

/**
 * 'Chia sẻ tệp từ máy' under the player (R117): for a viewer the room's add policy lets add. It reads the picked
 * file, adds it to the playlist with this viewer as its sharer, and says what became of it.
 */
export function ShareFileButton() {
  const { t } = useTranslation();
  const { client } = useRoomSession();
  const swarms = useOwnFileSwarms();
  const showAlert = useAlert();
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  if (!useMay('playlist:addFile')) return null;

  const share = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    try {
      const outcome = await shareOwnFile(client, swarms, file);
      showAlert(
        'refusal' in outcome
          ? t(`ownFile.errors.${outcome.refusal}`)
          : t('ownFile.added', { name: outcome.facts.name }),
      );
    } finally {
      setReading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <label
      title={t('ownFile.shareHint')}
      className="inline-flex min-h-9 cursor-pointer items-center gap-1.5 rounded-full px-3 py-1 text-sm text-neutral-200 ring-1 ring-white/15 hover:bg-white/10 hover:text-white has-focus-visible:outline-2 has-focus-visible:outline-violet-400"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
        <path d="M4 3h8l4 4v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Zm1 2v11h9V8h-3V5H5Zm2.5 4.5 4 2.5-4 2.5v-5Z" />
      </svg>
      <span>{reading ? t('ownFile.reading') : t('ownFile.share')}</span>
      <input
        ref={input}
        type="file"
        accept={MEDIA_FILE_ACCEPT}
        data-testid="share-file-input"
        className="sr-only"
        disabled={reading}
        onChange={(event) => void share(event.currentTarget.files?.[0])}
      />
    </label>
  );
}
