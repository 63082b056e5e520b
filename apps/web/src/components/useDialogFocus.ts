import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Dialog keyboard behaviour shared by Modal, ConfirmDialog and the side menu: while `open`, focus moves into the
 * dialog, Tab cycles inside it, Escape calls `onClose`, and on close focus returns to where it was.
 */
export function useDialogFocus(ref: RefObject<HTMLElement | null>, open: boolean, onClose: () => void): void {
  // The latest onClose without re-running the effect (and re-stealing focus) on every render.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () => [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
    (focusables()[0] ?? dialog).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (active instanceof HTMLElement && !items.includes(active)) {
        // Focus on something Tab does not stop at (a heading given the focus when the row under it went): on to
        // the next stop after it, or round to the first, never out of the dialog.
        const follows = (item: HTMLElement) => active.compareDocumentPosition(item) & Node.DOCUMENT_POSITION_FOLLOWING;
        event.preventDefault();
        (event.shiftKey
          ? (items.filter((item) => !follows(item)).at(-1) ?? last)
          : (items.find(follows) ?? first)
        ).focus();
      } else if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that fell out of the dialog (its control went away: 'Bỏ chặn' on the last row) comes back in on Tab,
    // instead of walking the page behind it.
    const onStrayTab = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || dialog.contains(document.activeElement)) return;
      const items = focusables();
      event.preventDefault();
      ((event.shiftKey ? items.at(-1) : items[0]) ?? dialog).focus();
    };
    dialog.addEventListener('keydown', onKeyDown);
    document.addEventListener('keydown', onStrayTab);
    return () => {
      dialog.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('keydown', onStrayTab);
      previouslyFocused?.focus();
    };
  }, [ref, open]);
}
