import { useEffect, useState } from 'react';
import { useChat } from './useChat.ts';

/**
 * How many chat messages arrived while the chat was not `visible` (for the chat tab's badge): counted from
 * broadcasts, never from history pages; back to 0 as soon as the chat is shown.
 */
export function useUnreadChat(visible: boolean): number {
  const { arrived } = useChat();
  const [seen, setSeen] = useState(arrived);
  // A room change starts the count again from 0.
  const current = visible || arrived < seen ? arrived : seen;
  useEffect(() => setSeen(current), [current]);
  return arrived - current;
}
