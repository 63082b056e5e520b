import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n/useTranslation.ts';
import { Button } from './Button.tsx';
import { useDialogFocus } from './useDialogFocus.ts';

/** A pending "are you sure?": the question and what to do on 'Có'. */
export interface ConfirmRequest {
  message: string;
  action: () => void;
}

export interface ConfirmDialogProps {
  request: ConfirmRequest | null;
  onClose: () => void;
}

/**
 * Yes/no confirmation (docs/product.md#shared-pieces): shown while a request with a message and an action is pending; 'Có' runs the
 * action and closes, 'Không' (or Escape, or a click outside) only closes. Named by its question.
 */
export function ConfirmDialog({ request, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const messageId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const open = Boolean(request?.message && request.action);
  useDialogFocus(panel, open, onClose);
  if (!open || !request) return null;

  const confirm = () => {
    request.action();
    onClose();
  };

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div className="absolute inset-0 bg-black/70 backdrop-blur-sm" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        role="alertdialog"
        aria-modal="true"
        // The question is the dialog's name: an alertdialog must have one (axe aria-dialog-name).
        aria-labelledby={messageId}
        tabIndex={-1}
        className="relative max-h-full w-full max-w-sm overflow-y-auto rounded-2xl border border-white/10 bg-neutral-900 p-6 shadow-2xl outline-none"
      >
        <p id={messageId} className="mb-6 text-base text-neutral-100">
          {request.message}
        </p>
        <div className="flex justify-end gap-3">
          <button
            type="button"
            onClick={onClose}
            className="min-h-11 rounded-full px-5 font-semibold text-neutral-300 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-violet-400"
          >
            {t('common.no')}
          </button>
          <Button onClick={confirm}>{t('common.yes')}</Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
