import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Keeps the keyboard from falling to the page (docs/product.md#keyboard-screen-readers-and-contrast): while the
 * focus is inside `container`, a control that goes away with it (a message's delete button once the message is
 * deleted, a toolbar that hides) hands it to `fallback`, checked after every render of the calling component.
 * Focus that leaves on purpose (to another control, or a click on the page) is let go.
 */
export function useFocusFallback(
  container: RefObject<HTMLElement | null>,
  fallback: RefObject<HTMLElement | null> = container,
): void {
  const inside = useRef(false);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const onFocusIn = () => {
      inside.current = true;
    };
    const onFocusOut = (event: FocusEvent) => {
      const to = event.relatedTarget;
      if (to instanceof Node) {
        inside.current = element.contains(to);
        return;
      }
      // Nowhere to go: a click on the page lets go; a control removed from the page (if the browser says so at
      // all) is no longer connected, and the focus is still ours to place.
      const from = event.target;
      queueMicrotask(() => {
        if (from instanceof Node && from.isConnected) inside.current = false;
      });
    };
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
    };
  }, [container]);
  useLayoutEffect(() => {
    if (!inside.current) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    fallback.current?.focus({ preventScroll: true });
  });
}
