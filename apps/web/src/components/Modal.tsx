import { type ReactNode, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n/useTranslation.ts';
import { CloseIcon } from './CloseIcon.tsx';
import { useModalDialog } from './useModalDialog.ts';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** A centred modal dialog; its content exists only while it is open (docs/product.md#shared-pieces). */
export function Modal({ open, title, onClose, children }: ModalProps) {
  if (!open) return null;
  return (
    <ModalDialog title={title} onClose={onClose}>
      {children}
    </ModalDialog>
  );
}

function ModalDialog({ title, onClose, children }: Omit<ModalProps, 'open'>) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useModalDialog(dialog, onClose);

  return createPortal(
    <dialog
      ref={dialog}
      aria-modal="true"
      aria-labelledby={titleId}
      className="m-auto max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl border border-white/10 bg-neutral-900 text-inherit shadow-2xl outline-none backdrop:bg-black/70 backdrop:backdrop-blur-sm"
    >
      <div className="p-6">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold text-white">
            {title}
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label={t('common.close')}
            className="-m-2 rounded-full p-2 text-neutral-400 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400"
          >
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </dialog>,
    document.body,
  );
}
