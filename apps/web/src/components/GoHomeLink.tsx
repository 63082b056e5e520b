import { Link } from 'wouter';
import { useTranslation } from '../i18n/useTranslation.ts';
import { HOME_PATH } from '../lib/paths.ts';

/** 'Về trang chủ': the way out of a page that is a dead end (not found, put out of a room). */
export function GoHomeLink() {
  const { t } = useTranslation();
  return (
    <Link
      href={HOME_PATH}
      className="rounded-full border border-white/25 px-5 py-2.5 text-sm font-medium text-white hover:border-violet-400 hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-violet-400"
    >
      {t('notFound.goHome')}
    </Link>
  );
}
