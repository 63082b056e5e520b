import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useMay } from '../room/useRole.ts';
import { RoomSettingsDialog } from './RoomSettingsDialog.tsx';

/** The host's way into the room's settings (R56) and its bans (R59), in the side panel's header. */
export function RoomSettingsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!useMay('room:settings')) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('roomSettings.open')}
        aria-haspopup="dialog"
        title={t('roomSettings.open')}
        className="grid size-10 shrink-0 place-items-center rounded-full border border-white/15 text-neutral-200 hover:border-violet-400 hover:bg-violet-500/10 focus-visible:outline-2 focus-visible:outline-violet-400"
      >
        <svg
          className="size-5"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          aria-hidden="true"
        >
          <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1M13 4v4M7 10v4M15 16v4" strokeLinecap="round" />
        </svg>
      </button>
      <RoomSettingsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
