import { Spinner } from '../../components/Spinner.tsx';
import { useTranslation } from '../../i18n/useTranslation.ts';

/** Shown while the socket is down: Socket.IO is reconnecting, and the room resyncs from the snapshot after. */
export function ConnectionBanner({ online }: { online: boolean }) {
  const { t } = useTranslation();
  if (online) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 border-b border-amber-400/30 bg-amber-500/15 px-4 py-2 text-sm text-amber-100"
    >
      <span aria-hidden="true" className="inline-flex">
        <Spinner className="size-4" />
      </span>
      {t('room.reconnecting')}
    </div>
  );
}
