import { type ChatMessage, may } from '@xemchung/protocol';
import { useCallback, useId } from 'react';
import { useAlert } from '../../components/alertContext.ts';
import { useConfirm } from '../../components/confirmContext.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRoomSession } from '../room/roomSession.ts';
import { useRole } from '../room/useRole.ts';
import { useRoomState } from '../room/useRoomState.ts';
import { ChatComposer } from './ChatComposer.tsx';
import { ChatMessageList } from './ChatMessageList.tsx';
import { chatRefusalMessage } from './chatErrors.ts';

/**
 * 'Trò chuyện' (R54): the room's messages and, for whoever may write, the message box; a guest in a room whose
 * host keeps the chat to signed-in viewers reads, and is told why they cannot write. `className` sizes it: a fixed
 * height stacked under the playlist; in a panel of its own (a tab) give it the room, e.g. 'min-h-0 flex-1'.
 */
export function ChatPanel({ className = 'h-96 max-h-[70dvh] shrink-0 lg:h-80' }: { className?: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const room = useRoomState();
  const role = useRole();
  const { client } = useRoomSession();
  const confirm = useConfirm();
  const alert = useAlert();
  const onDelete = useCallback(
    (message: ChatMessage) =>
      confirm(t('chat.confirmDelete'), () => {
        void client.deleteChat(message.seq).then((ack) => {
          if (!ack.ok) alert(t(chatRefusalMessage(ack.error.code)));
        });
      }),
    [client, confirm, alert, t],
  );
  if (!room) return null;
  const canWrite = may('chat:send', role, room.settings);

  return (
    <section aria-labelledby={headingId} className={`flex flex-col ${className}`}>
      {/* The selected tab already shows the name; the heading is for finding the region. */}
      <h2 id={headingId} className="sr-only">
        {t('chat.title')}
      </h2>
      <ChatMessageList onDelete={onDelete} />
      {canWrite ? (
        <ChatComposer />
      ) : (
        <p className="rounded-xl border border-white/10 bg-white/[0.03] px-3 py-2.5 text-sm text-neutral-300">
          {t('chat.guestsClosed')}
        </p>
      )}
    </section>
  );
}
