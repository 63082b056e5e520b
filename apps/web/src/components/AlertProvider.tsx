import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n/useTranslation.ts';
import { AlertContext } from './alertContext.ts';
import { CloseIcon } from './CloseIcon.tsx';

/** How long an alert stays on screen (ms). */
export const ALERT_DURATION_MS = 5000;

interface Shown {
  message: string;
  /** Makes the same message shown twice restart its timer. */
  key: number;
}

/**
 * Holds the page's one alert (docs/product.md#messages: 'Video đã có trong playlist' and other refusals) and shows it at the bottom
 * of the screen, above everything, as role="alert". A new alert replaces the previous one.
 */
export function AlertProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown | null>(null);
  const show = useCallback(
    (message: string) => setShown((previous) => ({ message, key: (previous?.key ?? 0) + 1 })),
    [],
  );

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), ALERT_DURATION_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  return (
    <AlertContext value={show}>
      {children}
      {shown &&
        createPortal(
          <div className="pointer-events-none fixed inset-x-0 bottom-4 z-60 flex justify-center px-4">
            <div
              role="alert"
              key={shown.key}
              className="pointer-events-auto flex max-w-md items-center gap-3 rounded-xl border border-white/10 bg-neutral-800 py-3 pr-2 pl-4 text-sm text-white shadow-2xl"
            >
              <span>{shown.message}</span>
              <button
                type="button"
                onClick={() => setShown(null)}
                aria-label={t('common.close')}
                className="rounded-full p-1.5 text-neutral-400 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400"
              >
                <CloseIcon className="size-4" />
              </button>
            </div>
          </div>,
          document.body,
        )}
    </AlertContext>
  );
}
