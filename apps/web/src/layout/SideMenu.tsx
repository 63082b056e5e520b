import { type ReactNode, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../components/CloseIcon.tsx';
import { UserAvatar } from '../components/UserAvatar.tsx';
import { useModalDialog } from '../components/useModalDialog.ts';
import { useUser } from '../features/auth/userStore.ts';
import { useSignOut } from '../features/auth/useSignOut.ts';
import { useClientConfig } from '../features/clientConfig/useClientConfig.ts';
import { changeLanguage, currentLanguage, LANGUAGE_NAMES, LANGUAGES } from '../i18n/index.ts';
import { useTranslation } from '../i18n/useTranslation.ts';
import { PRIVACY_PATH, TERMS_PATH } from '../lib/paths.ts';

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * The slide-in menu behind the user button (docs/product.md#side-menu): who is signed in, the terms, privacy and support
 * links (new tabs), the language switch, and 'Đăng xuất'. Closing on route change is the layout's job.
 */
export function SideMenu({ open, onClose }: Props) {
  if (!open) return null;
  return <SideMenuDialog onClose={onClose} />;
}

function SideMenuDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const user = useUser().data;
  const signOut = useSignOut();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const newTabId = useId();
  const close = useModalDialog(dialog, onClose);

  const language = currentLanguage();
  return createPortal(
    <dialog
      ref={dialog}
      aria-modal="true"
      aria-labelledby={titleId}
      className="m-0 ml-auto h-full max-h-none w-[min(20rem,85vw)] max-w-none animate-[slide-in_200ms_ease-out] border-l border-white/10 bg-neutral-900 text-inherit shadow-2xl outline-none backdrop:bg-black/60 backdrop:backdrop-blur-[2px] motion-reduce:animate-none"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 border-b border-white/10 px-5 py-4">
          <h2 id={titleId} className="sr-only">
            {t('menu.title')}
          </h2>
          {user ? (
            <div className="flex min-w-0 items-center gap-3">
              <UserAvatar
                photoURL={user.photoURL}
                displayName={user.displayName}
                email={user.email}
                className="size-11 text-base"
              />
              <div className="min-w-0">
                <p className="truncate font-semibold text-white">{user.displayName}</p>
                <p className="truncate text-sm text-neutral-400">{user.email}</p>
              </div>
            </div>
          ) : (
            <p className="text-lg font-bold text-white">{t('app.name')}</p>
          )}
          <button
            type="button"
            onClick={close}
            aria-label={t('common.close')}
            className="-mr-2 grid size-10 shrink-0 place-items-center rounded-full text-neutral-400 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400"
          >
            <CloseIcon />
          </button>
        </div>

        <nav className="flex flex-col gap-1 p-3">
          <span id={newTabId} className="sr-only">
            {t('menu.newTab')}
          </span>
          <MenuLink href={TERMS_PATH} describedBy={newTabId}>
            {t('menu.terms')}
          </MenuLink>
          <MenuLink href={PRIVACY_PATH} describedBy={newTabId}>
            {t('menu.privacy')}
          </MenuLink>
          <SupportMenuLink describedBy={newTabId} />
        </nav>

        <div className="mx-3 mt-2 border-t border-white/10 px-2 pt-4">
          <fieldset>
            <legend className="px-1 pb-2 text-xs font-medium tracking-wide text-neutral-400 uppercase">
              {t('menu.language')}
            </legend>
            <div className="flex gap-2">
              {LANGUAGES.map((code) => (
                <button
                  key={code}
                  type="button"
                  lang={code}
                  aria-pressed={language === code}
                  onClick={() => void changeLanguage(code)}
                  className="rounded-full border border-white/15 px-3 py-1.5 text-sm text-neutral-300 hover:border-violet-400 aria-pressed:border-violet-500 aria-pressed:bg-violet-600/20 aria-pressed:text-white"
                >
                  {LANGUAGE_NAMES[code]}
                </button>
              ))}
            </div>
          </fieldset>
        </div>

        {user && (
          <div className="mt-auto border-t border-white/10 p-3">
            <button
              type="button"
              onClick={() => {
                // Signing out on the home page stays on the same route, so the layout would not close the menu.
                close();
                void signOut();
              }}
              className="w-full rounded-lg px-3 py-3 text-left font-medium text-neutral-200 hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400"
            >
              {t('menu.logout')}
            </button>
          </div>
        )}
      </div>
    </dialog>,
    document.body,
  );
}

/** 'Hỗ trợ': the operator's support page (SUPPORT_URL), once the settings are known; opening the menu asks again. */
function SupportMenuLink({ describedBy }: { describedBy: string }) {
  const { t } = useTranslation();
  const { state } = useClientConfig();
  if (state.status !== 'ready') return null;
  return (
    <MenuLink href={state.config.supportUrl} describedBy={describedBy}>
      {t('menu.support')}
    </MenuLink>
  );
}

function MenuLink({ href, describedBy, children }: { href: string; describedBy: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby={describedBy}
      className="flex items-center justify-between rounded-lg px-3 py-3 text-neutral-200 hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400"
    >
      {children}
      <svg
        className="size-4 text-neutral-500"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        aria-hidden="true"
      >
        <path
          d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </a>
  );
}
