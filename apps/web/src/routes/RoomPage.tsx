import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConfirmProvider } from '../components/ConfirmProvider.tsx';
import { Spinner } from '../components/Spinner.tsx';

/**
 * Placeholder for the room page (spec §2 Room page), built out by the room feature: for now it only shows the
 * room name's loading state in the side panel's place. The confirmation prompt (useConfirm) is provided here, the
 * only page that asks for confirmations, which keeps it out of the entry chunk.
 */
export function RoomPage() {
  const { t } = useTranslation();
  const { roomId } = useParams();
  return (
    <ConfirmProvider>
      <div
        className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-4 p-4 lg:flex-row lg:items-start"
        data-room-id={roomId}
      >
        <div className="aspect-video w-full rounded-xl bg-neutral-900 lg:flex-1" />
        <aside className="flex w-full flex-col gap-3 rounded-xl border border-white/10 bg-neutral-900/60 p-4 lg:w-96">
          <div className="flex items-center gap-3 text-neutral-400">
            <Spinner />
            <span>{t('room.loading')}</span>
          </div>
          <div className="h-5 w-2/3 animate-pulse rounded bg-white/10" />
        </aside>
      </div>
    </ConfirmProvider>
  );
}
