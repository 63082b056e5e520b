import { useTranslation } from '../../i18n/useTranslation.ts';

/** 'Bật tiếng' over a muted picture (R33): the room's player, or the shared screen (R126). */
export function UnmuteButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      className="absolute top-3 left-3 flex min-h-10 items-center gap-2 rounded-full bg-black/70 px-4 text-sm font-semibold text-white shadow-lg ring-1 ring-white/20 backdrop-blur hover:bg-violet-600 focus-visible:outline-2 focus-visible:outline-violet-300"
    >
      <svg className="size-5" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
        <path d="M11 5 6 9H3v6h3l5 4z" strokeLinejoin="round" />
        <path d="m22 9-6 6M16 9l6 6" strokeLinecap="round" />
      </svg>
      {t('player.unmute')}
    </button>
  );
}
