import { type ReactNode, useState } from 'react';
import { useLocation } from 'wouter';
import { useTranslation } from '../i18n/useTranslation.ts';
import { LazySideMenu } from './LazySideMenu.tsx';
import { TopBar } from './TopBar.tsx';
import { TopBarSlotContext } from './topBarSlotContext.ts';

const MAIN_ID = 'main-content';

/** The frame of every page: a skip link, top bar, side menu, and the routed page below (docs/product.md#routes). */
export function TopBarLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  // The menu is open for the page it was opened on only, so any route change closes it (docs/product.md#side-menu).
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === location;

  return (
    <TopBarSlotContext value={slot}>
      <div className="flex min-h-dvh flex-col">
        {/* The first tab stop: past the top bar to the page (WCAG 2.4.1). Focus moves by hand, so the URL keeps no #. */}
        <a
          href={`#${MAIN_ID}`}
          onClick={(event) => {
            event.preventDefault();
            document.getElementById(MAIN_ID)?.focus();
          }}
          className="sr-only rounded-full bg-violet-600 px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
        >
          {t('topBar.skipToContent')}
        </a>
        <TopBar slotRef={setSlot} menuOpen={menuOpen} onOpenMenu={() => setMenuOpenedAt(location)} />
        {/* A focus target (skip link), not a tab stop: no ring around the whole page. */}
        <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
          {children}
        </main>
      </div>
      <LazySideMenu open={menuOpen} onClose={() => setMenuOpenedAt(null)} />
    </TopBarSlotContext>
  );
}
