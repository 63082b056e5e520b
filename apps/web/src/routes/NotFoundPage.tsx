import { GoHomeLink } from '../components/GoHomeLink.tsx';
import { useTranslation } from '../i18n/useTranslation.ts';

/** docs/product.md#not-found-page: black background, white text; the large 404 at 3:1 or more (ADR 019). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-6 bg-black px-6 py-24 text-center text-white">
      <title>{`${t('notFound.message')} · ${t('app.name')}`}</title>
      <p aria-hidden="true" className="text-7xl font-black tracking-tight text-neutral-500 sm:text-9xl">
        404
      </p>
      <h1 className="text-2xl font-semibold sm:text-3xl">{t('notFound.message')}</h1>
      <GoHomeLink />
    </div>
  );
}
