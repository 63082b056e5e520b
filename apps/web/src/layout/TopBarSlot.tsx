import { type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';
import { TopBarSlotContext } from './topBarSlotContext.ts';

/**
 * Renders its children in the top bar, between the product name and the user button, for as long as the page
 * that renders it is shown. Usage on the room page: `<TopBarSlot><SearchBox /></TopBarSlot>`.
 */
export function TopBarSlot({ children }: { children: ReactNode }) {
  const target = useContext(TopBarSlotContext);
  return target ? createPortal(children, target) : null;
}
