import { type ReactNode, useState } from 'react';
import { useLocation } from 'wouter';
import { LazySideMenu } from './LazySideMenu.tsx';
import { TopBar } from './TopBar.tsx';
import { TopBarSlotContext } from './topBarSlotContext.ts';

/** The frame of every page: top bar, side menu, and the routed page below (docs/product.md#routes). */
export function TopBarLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  // The menu is open for the page it was opened on only, so any route change closes it (docs/product.md#side-menu).
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === location;

  return (
    <TopBarSlotContext value={slot}>
      <div className="flex min-h-dvh flex-col">
        <TopBar slotRef={setSlot} menuOpen={menuOpen} onOpenMenu={() => setMenuOpenedAt(location)} />
        <main className="flex flex-1 flex-col">{children}</main>
      </div>
      <LazySideMenu open={menuOpen} onClose={() => setMenuOpenedAt(null)} />
    </TopBarSlotContext>
  );
}
