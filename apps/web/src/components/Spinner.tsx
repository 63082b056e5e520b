import { useTranslation } from '../i18n/useTranslation.ts';

/** A small rotating ring announced to assistive technology as 'Đang tải'. */
export function Spinner({ className = 'size-5' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" aria-label={t('common.loading')} className="inline-flex">
      <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </span>
  );
}
