import { type ChatMessage, may } from '@xemchung/protocol';
import { useCallback } from 'react';
import { Spinner } from '../../components/Spinner.tsx';
import { useFocusFallback } from '../../components/useFocusFallback.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRoomSession } from '../room/roomSession.ts';
import { useRole } from '../room/useRole.ts';
import { useRoomState } from '../room/useRoomState.ts';
import { ChatMessageItem } from './ChatMessageItem.tsx';
import { useChat } from './useChat.ts';
import { useChatScroll } from './useChatScroll.ts';

/** Messages of one sender this close together read as one block. */
const CONTINUED_WITHIN_MS = 5 * 60_000;

const continues = (message: ChatMessage, previous: ChatMessage | undefined) =>
  previous !== undefined &&
  previous.sender.key === message.sender.key &&
  message.createdAt - previous.createdAt < CONTINUED_WITHIN_MS;

/** The room's messages, oldest at the top; older ones load on reaching the top (R54). */
export function ChatMessageList({ onDelete }: { onDelete: (message: ChatMessage) => void }) {
  const { t } = useTranslation();
  const chat = useChat();
  const room = useRoomState();
  const { client } = useRoomSession();
  const role = useRole();
  const loadOlder = useCallback(() => void client.loadOlderChat(), [client]);
  const { ref, onScroll, newBelow, scrollToBottom } = useChatScroll(chat.messages, loadOlder);
  const canDelete = room !== null && may('chat:delete', role, room.settings);
  // A deleted message loses its delete button: the focus it had goes to the list, not to the page.
  useFocusFallback(ref);

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={ref}
        onScroll={onScroll}
        role="log"
        aria-label={t('chat.messages')}
        aria-busy={chat.status === 'loading' || chat.loadingOlder}
        // The list scrolls; a keyboard user needs to reach it to scroll it. useChatScroll keeps its place: the
        // browser's scroll anchoring would move it first when the list shrinks (the keyboard coming up), and the
        // reader at the bottom would no longer be.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
        tabIndex={0}
        className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain rounded-xl [overflow-anchor:none] pb-2 focus-visible:outline-2 focus-visible:outline-violet-400"
      >
        {/* Few messages sit at the bottom, by the message box, as in any chat. */}
        <div className="mt-auto">
          <ChatListHead />
          <ol className="flex flex-col">
            {chat.messages.map((message, index) => (
              <ChatMessageItem
                key={message.seq}
                message={message}
                continued={continues(message, chat.messages[index - 1])}
                fromHost={room !== null && message.sender.uid === room.host}
                {...(canDelete ? { onDelete } : {})}
              />
            ))}
          </ol>
        </div>
      </div>
      {newBelow && (
        <button
          type="button"
          onClick={scrollToBottom}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-violet-600 px-3 py-1.5 text-xs font-medium text-white shadow-lg hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-violet-300"
        >
          {t('chat.newMessages')} ↓
        </button>
      )}
    </div>
  );
}

/** Above the messages: loading, a failed load with a retry, older ones coming, or the start of the chat. */
function ChatListHead() {
  const { t } = useTranslation();
  const chat = useChat();
  const { client } = useRoomSession();
  const line = 'flex items-center justify-center gap-2 px-2 py-3 text-center text-xs text-neutral-400';
  if (chat.status === 'loading' || chat.loadingOlder) {
    return (
      <p className={line}>
        <Spinner className="size-4" />
        {chat.status === 'loading' ? t('chat.loading') : t('chat.loadingOlder')}
      </p>
    );
  }
  if (chat.status === 'failed') {
    return (
      <p className={line}>
        {t('chat.loadFailed')}
        <button
          type="button"
          onClick={() => void client.reloadChat()}
          className="rounded-full px-2 py-1 text-violet-300 underline hover:bg-white/5"
        >
          {t('common.retry')}
        </button>
      </p>
    );
  }
  if (chat.hasMore) return null;
  return <p className={line}>{chat.messages.length === 0 ? t('chat.empty') : t('chat.beginning')}</p>;
}
