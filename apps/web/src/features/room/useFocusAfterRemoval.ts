import { type FocusEvent, useLayoutEffect, useRef } from 'react';

/** The row that holds the focus: its item id, its place, and which of its buttons. */
interface FocusedRow {
  id: string;
  index: number;
  button: number;
  /** The button's `data-control` (rows can differ in which buttons they have: the one playing cannot play next). */
  control: string | null;
}

/**
 * Keeps the keyboard in a list whose rows can disappear (a delete, by this viewer or anyone else): when the row that
 * held the focus goes, focus moves to the same button of the row now in its place (the next one, or the new last
 * one), or to the fallback (the list's region) when no row is left, instead of falling to the page body. A row
 * that moves (a reorder) keeps the focus on the same button.
 * `ids` are the rows' item ids in order; spread the handlers on the list, the ref on it and on the fallback.
 */
export function useFocusAfterRemoval<
  List extends HTMLElement = HTMLOListElement,
  Fallback extends HTMLElement = HTMLElement,
>(ids: string[]) {
  const list = useRef<List>(null);
  const fallback = useRef<Fallback>(null);
  const focused = useRef<FocusedRow | null>(null);

  const onFocus = (event: FocusEvent<List>) => {
    const target: EventTarget = event.target;
    if (!(target instanceof HTMLElement)) return;
    const row = target.closest('li');
    if (!row || !list.current) return;
    const index = [...list.current.children].indexOf(row);
    const id = ids[index];
    if (id === undefined) return;
    focused.current = {
      id,
      index,
      button: [...row.querySelectorAll<HTMLElement>('button')].indexOf(target),
      control: target.getAttribute('data-control'),
    };
  };
  // Focus leaving for somewhere else (a dialog, another control) forgets the row; a removed row's focus has nowhere to go.
  const onBlur = (event: FocusEvent<List>) => {
    if (event.relatedTarget && !list.current?.contains(event.relatedTarget)) focused.current = null;
  };

  useLayoutEffect(() => {
    const was = focused.current;
    if (!was) return;
    const index = ids.indexOf(was.id);
    if (index >= 0) {
      // Still there, maybe elsewhere (a reorder, R60): React moving the row's node drops its focus; put it back.
      focused.current = { ...was, index };
      if (document.activeElement && document.activeElement !== document.body) return;
      const moved = list.current?.children[index];
      if (moved) sameButton(moved, was)?.focus();
      return;
    }
    focused.current = null;
    if (document.activeElement && document.activeElement !== document.body) return;
    const rows = list.current?.children ?? [];
    const row = rows[Math.min(was.index, rows.length - 1)];
    ((row && sameButton(row, was)) ?? fallback.current)?.focus();
  }, [ids]);

  return { list, fallback, onFocus, onBlur };
}

/** In `row`, the button that does what the focused one did, else the one in its place, else the first. */
function sameButton(row: Element, was: FocusedRow): HTMLElement | null {
  const buttons = [...row.querySelectorAll('button')];
  const control = was.control && buttons.find((button) => button.getAttribute('data-control') === was.control);
  return control || buttons[was.button] || buttons[0] || null;
}
