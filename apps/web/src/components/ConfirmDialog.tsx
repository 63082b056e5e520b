import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n/useTranslation.ts';
import { Button } from './Button.tsx';
import { useModalDialog } from './useModalDialog.ts';

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
  if (!request?.message || !request.action) return null;
  return <ConfirmQuestion request={request} onClose={onClose} />;
}

function ConfirmQuestion({ request, onClose }: { request: ConfirmRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const messageId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useModalDialog(dialog, onClose);

  const confirm = () => {
    request.action();
    close();
  };

  return createPortal(
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      // The question is the dialog's name: an alertdialog must have one (axe aria-dialog-name).
      aria-labelledby={messageId}
      className="m-auto max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-sm overflow-y-auto rounded-2xl border border-white/10 bg-neutral-900 text-inherit shadow-2xl outline-none backdrop:bg-black/70 backdrop:backdrop-blur-sm"
    >
      <div className="p-6">
        <p id={messageId} className="mb-6 text-base text-neutral-100">
          {request.message}
        </p>
        <div className="flex justify-end gap-3">
          <button
            type="button"
            onClick={close}
            className="min-h-11 rounded-full px-5 font-semibold text-neutral-300 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-violet-400"
          >
            {t('common.no')}
          </button>
          <Button onClick={confirm}>{t('common.yes')}</Button>
        </div>
      </div>
    </dialog>,
    document.body,
  );
}
