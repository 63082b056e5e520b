import { type RefObject, useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Shows the <dialog> in `ref` as the platform's modal dialog (`showModal()`) for as long as it is rendered, as
 * Modal, ConfirmDialog and the side menu do: the browser puts it in the top layer, moves the focus to its first
 * focusable element, makes the rest of the page inert (Tab and a screen reader stay inside it, a click cannot reach
 * behind it), and gives the focus back to where it was when the dialog closes.
 *
 * Returns `close`, for the dialog's own ways out (its buttons; Escape and a click on the backdrop call it too): it
 * closes the dialog at once, so the focus goes back during the event, where React's handlers see it (a list that
 * keeps its focus when a row goes must know the focus is back on the row), then calls `onClose`, which unmounts it.
 * A dialog unmounted otherwise (a route change) is closed just before it leaves the page.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, onClose: () => void): () => void {
  // The latest onClose without showing the dialog again on every render.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const close = useCallback(() => {
    ref.current?.close();
    onCloseRef.current();
  }, [ref]);

  // A layout effect: its clean-up runs while the dialog is still in the page, which close() needs.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      close();
    };
    // Pressed and released on the dialog element itself, outside its content (which fills it): on the backdrop.
    // A drag that starts in the content (selecting the link) and ends outside also clicks the dialog element.
    let pressedOnBackdrop = false;
    const onPointerDown = (event: PointerEvent) => {
      pressedOnBackdrop = event.target === dialog;
    };
    const onClick = (event: MouseEvent) => {
      if (pressedOnBackdrop && event.target === dialog) close();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('pointerdown', onPointerDown);
    dialog.addEventListener('click', onClick);
    dialog.showModal();
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('pointerdown', onPointerDown);
      dialog.removeEventListener('click', onClick);
      dialog.close();
    };
  }, [ref, close]);
  return close;
}
