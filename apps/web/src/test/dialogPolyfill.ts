/**
 * jsdom has <dialog> but not its modal API. This is the part the app relies on (components/useModalDialog.ts), as
 * Chromium does it, so component tests see the dialogs open and close as a browser shows them: showModal() opens
 * it and focuses its first focusable element, close() closes it and gives the focus back to where it was, and
 * Escape sends `cancel` to the topmost one, closing it unless cancelled. What jsdom cannot show, the rest of the
 * page made inert, the e2e specs check in Chromium (e2e/focus-keeping.spec.ts).
 */
const FOCUSABLE =
  '[autofocus], a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

export function installDialogPolyfill(): void {
  if (typeof HTMLDialogElement.prototype.showModal === 'function') return;
  const returnFocusTo = new WeakMap<HTMLDialogElement, Element | null>();
  const shown: HTMLDialogElement[] = [];

  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError');
    if (!this.isConnected) throw new DOMException('The dialog is not in a document.', 'InvalidStateError');
    returnFocusTo.set(this, document.activeElement);
    this.setAttribute('open', '');
    shown.push(this);
    const delegate = this.querySelector<HTMLElement>(FOCUSABLE);
    (delegate ?? this).focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    shown.splice(shown.indexOf(this), 1);
    const previous = returnFocusTo.get(this);
    returnFocusTo.delete(this);
    if (previous instanceof HTMLElement) previous.focus();
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    const top = shown.at(-1);
    if (event.key !== 'Escape' || !top) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
