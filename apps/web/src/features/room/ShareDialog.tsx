import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { Modal } from '../../components/Modal.tsx';
import { useTranslation } from '../../i18n/useTranslation.ts';

export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  /** The link to share: the page's current URL. */
  url: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * docs/product.md#share-dialog: 'Chia sẻ link phòng' with the current page URL read-only and selected, ready for Ctrl+C, and a button
 * that copies it to the clipboard and says so. Where the clipboard is refused, the link stays selected.
 */
export function ShareDialog({ open, onClose, url }: ShareDialogProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  // Runs after the Modal has moved focus into the dialog (child effects first), so the link ends up focused.
  useEffect(() => {
    if (!open) return;
    setCopy('idle');
    input.current?.focus();
    input.current?.select();
  }, [open]);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      input.current?.select();
      setCopy('failed');
    }
  };

  return (
    <Modal open={open} title={t('room.shareTitle')} onClose={onClose}>
      <label htmlFor={inputId} className="mb-2 block text-sm text-neutral-400">
        {t('room.shareLink')}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          ref={input}
          id={inputId}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-white/15 bg-neutral-950 px-3 font-mono text-sm text-neutral-100 focus:border-violet-400"
        />
        <Button onClick={copyLink}>{copy === 'copied' ? t('room.copied') : t('room.copy')}</Button>
      </div>
      <p role="status" className="mt-3 min-h-5 text-sm text-neutral-400">
        {copy === 'copied' ? t('room.copiedNotice') : copy === 'failed' ? t('room.copyFailed') : ''}
      </p>
    </Modal>
  );
}
