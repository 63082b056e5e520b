import { Link } from 'wouter';
import { UserAvatar, UserIcon } from '../components/UserAvatar.tsx';
import { useUser } from '../features/auth/userStore.ts';
import { useTranslation } from '../i18n/useTranslation.ts';
import { HOME_PATH } from '../lib/paths.ts';

interface Props {
  /** Receives the element pages fill through <TopBarSlot>. */
  slotRef: (element: HTMLElement | null) => void;
  menuOpen: boolean;
  onOpenMenu: () => void;
}

/** Product name (home link), the page's slot, and the user button that opens the side menu (docs/product.md#top-bar). */
export function TopBar({ slotRef, menuOpen, onOpenMenu }: Props) {
  const { t } = useTranslation();
  const user = useUser().data;
  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-neutral-950/85 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link
          href={HOME_PATH}
          className="flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight text-white focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          <span aria-hidden="true" className="grid size-7 place-items-center rounded-lg bg-violet-600">
            <svg className="ml-0.5 size-3.5" viewBox="0 0 12 12" fill="currentColor" aria-hidden="true">
              <path d="M2 1.5v9l8-4.5z" />
            </svg>
          </span>
          {/* On a phone the logo alone, so the page's search box has room for its whole placeholder. */}
          <span className="max-sm:sr-only">{t('app.name')}</span>
        </Link>
        <div ref={slotRef} className="flex min-w-0 flex-1 justify-center" />
        <button
          type="button"
          onClick={onOpenMenu}
          aria-label={t('topBar.openMenu')}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          className="grid size-10 shrink-0 place-items-center rounded-full text-neutral-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          {user ? (
            <UserAvatar photoURL={user.photoURL} displayName={user.displayName} email={user.email} />
          ) : (
            <UserIcon />
          )}
        </button>
      </div>
    </header>
  );
}
