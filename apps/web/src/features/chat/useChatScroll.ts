import type { ChatMessage } from '@xemchung/protocol';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** How close to an edge counts as being at it (px): a pixel or two of rounding, or a nearly finished scroll. */
const NEAR_PX = 48;

/**
 * The scrolling of a message list: it starts at the newest message and stays there as messages arrive while
 * the reader is at the bottom; a reader who scrolled up keeps their place (and `newBelow` says there is more),
 * including when older messages are put above on reaching the top.
 */
export function useChatScroll(messages: readonly ChatMessage[], loadOlder: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  /** At the bottom as of the last scroll (or the start). */
  const atBottom = useRef(true);
  /** Distance from the bottom as of the last scroll, to keep the place when older messages go above. */
  const fromBottom = useRef(0);
  const shown = useRef<{ oldest?: number; newest?: number }>({});
  const [newBelow, setNewBelow] = useState(false);

  const onScroll = useCallback(() => {
    const list = ref.current;
    if (!list) return;
    fromBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight;
    atBottom.current = fromBottom.current < NEAR_PX;
    if (atBottom.current) setNewBelow(false);
    if (list.scrollTop < NEAR_PX) loadOlder();
  }, [loadOlder]);

  const scrollToBottom = useCallback(() => {
    const list = ref.current;
    if (list) list.scrollTop = list.scrollHeight;
    atBottom.current = true;
    setNewBelow(false);
  }, []);

  // A list that was hidden (another tab of the side panel) or resized keeps a reader at the bottom there: while
  // hidden it has no height, so the messages that arrived meanwhile could not be scrolled to.
  useLayoutEffect(() => {
    const list = ref.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) list.scrollTop = list.scrollHeight;
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    const list = ref.current;
    const oldest = messages[0]?.seq;
    const newest = messages.at(-1)?.seq;
    const before = shown.current;
    shown.current = { oldest, newest };
    if (!list) return;
    if (atBottom.current) {
      list.scrollTop = list.scrollHeight;
      return;
    }
    if (oldest !== undefined && before.oldest !== undefined && oldest < before.oldest) {
      list.scrollTop = list.scrollHeight - list.clientHeight - fromBottom.current;
    }
    if (newest !== undefined && newest !== before.newest) setNewBelow(true);
  }, [messages]);

  return { ref, onScroll, newBelow, scrollToBottom };
}
