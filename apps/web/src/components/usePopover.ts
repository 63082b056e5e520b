import { type CSSProperties, type RefObject, useEffectEvent, useLayoutEffect } from 'react';

/**
 * Shows `popover` (an element with `popover="auto"`, rendered while `open`) in the browser's top layer, above every
 * scroll box and stacking context, anchored to `button` (docs/decisions/031-menus-in-the-top-layer.md). The
 * browser's light dismiss (a click outside, Escape) closes it through `setOpen(false)`; `onShown` runs once it is
 * showing (to focus its first item). Where the Popover API is missing (jsdom), the element simply stays in place.
 */
export function usePopover(
  popover: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
  open: boolean,
  setOpen: (open: boolean) => void,
  onShown?: (popover: HTMLElement) => void,
): void {
  const closed = useEffectEvent(() => setOpen(false));
  const shown = useEffectEvent((element: HTMLElement) => onShown?.(element));
  useLayoutEffect(() => {
    const element = popover.current;
    if (!open || !element) return;
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === 'closed') closed();
    };
    element.addEventListener('toggle', onToggle);
    if (typeof element.showPopover === 'function' && !element.matches(':popover-open')) {
      // The button as the source: a click on it toggles the menu rather than light-dismissing and reopening it.
      element.showPopover({ source: button.current ?? undefined } as ShowPopoverOptions);
    }
    shown(element);
    return () => element.removeEventListener('toggle', onToggle);
  }, [popover, button, open]);
}

/** `ShowPopoverOptions` of the HTML standard (Chromium 133+), not yet in TypeScript's DOM types. */
interface ShowPopoverOptions {
  source?: HTMLElement;
}

/** Whether this browser has the Popover API (every current one; not jsdom, where menus stay in the page's flow). */
export const POPOVER_SUPPORTED = typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;

/**
 * Styles tying a button (`anchor`) to its popover (`popover`) by a CSS anchor name made from the popover's id,
 * for CSS anchor positioning (`position-area` in the popover's classes).
 */
export function anchorStyles(id: string): { anchor: CSSProperties; popover: CSSProperties } {
  const name = `--anchor-${id.replace(/[^A-Za-z0-9_-]/g, '')}`;
  return { anchor: { anchorName: name }, popover: { positionAnchor: name } };
}
