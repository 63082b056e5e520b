import { type RefObject, useEffect, useEffectEvent } from 'react';

/** Calls `onOutside` when a pointer goes down outside `ref`'s element, while `active`. */
export function useOutsidePointerDown(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  onOutside: () => void,
): void {
  const handleOutside = useEffectEvent(onOutside);
  useEffect(() => {
    if (!active) return;
    const listener = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) handleOutside();
    };
    document.addEventListener('pointerdown', listener);
    return () => document.removeEventListener('pointerdown', listener);
  }, [ref, active]);
}
