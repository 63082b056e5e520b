import type { ChatDeletedEvent, ChatMessageEvent, CommandAck } from '@xemchung/protocol';
import { type ChatLog, EMPTY_CHAT_LOG, withDeleted, withLatest, withMessage, withOlder } from './chatLog.ts';
import type { RoomRequest, RoomSocket } from './roomSocket.ts';

/** The chat side of the room client: its log, kept from pages, broadcasts and our own acks (R54). */
export interface ChatFeed {
  readonly log: ChatLog;
  onChange(listener: (log: ChatLog) => void): () => void;
  /** Asks for the latest page (after every join); a refusal leaves the log `failed`, to retry. */
  loadLatest(): Promise<void>;
  /** Asks for the page before the oldest message held, unless one is on its way or there is none. */
  loadOlder(): Promise<void>;
  send(text: string): Promise<CommandAck<'chat:send'>>;
  remove(seq: number): Promise<CommandAck<'chat:delete'>>;
  /** Forgets the room's chat (leaving it, or joining another). */
  reset(): void;
  dispose(): void;
}

export function createChatFeed(socket: RoomSocket, request: RoomRequest, roomId: () => string | null): ChatFeed {
  let log = EMPTY_CHAT_LOG;
  /** Bumped by reset, so a page asked for before it is dropped. */
  let generation = 0;
  const listeners = new Set<(log: ChatLog) => void>();
  const set = (next: ChatLog) => {
    if (next === log) return;
    log = next;
    for (const listener of listeners) listener(log);
  };
  const onMessage = (event: ChatMessageEvent) => {
    if (event.roomId === roomId()) set(withMessage(log, event.message));
  };
  const onDeleted = (event: ChatDeletedEvent) => {
    if (event.roomId === roomId()) set(withDeleted(log, event.seq));
  };
  socket.on('chat:message', onMessage);
  socket.on('chat:deleted', onDeleted);

  return {
    get log() {
      return log;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async loadLatest() {
      const asked = generation;
      if (log.status === 'failed') set({ ...log, status: 'loading' });
      const ack = await request('chat:history', {});
      if (asked !== generation) return;
      set(ack.ok ? withLatest(log, ack) : { ...log, status: 'failed' });
    },
    async loadOlder() {
      const oldest = log.messages[0];
      if (log.loadingOlder || !log.hasMore || !oldest) return;
      const asked = generation;
      set({ ...log, loadingOlder: true });
      const ack = await request('chat:history', { before: oldest.seq });
      if (asked !== generation) return;
      set(ack.ok ? withOlder(log, ack) : { ...log, loadingOlder: false });
    },
    async send(text) {
      const ack = await request('chat:send', { text });
      if (ack.ok) set(withMessage(log, ack.message, false));
      return ack;
    },
    async remove(seq) {
      const ack = await request('chat:delete', { seq });
      if (ack.ok) set(withDeleted(log, seq));
      return ack;
    },
    reset() {
      generation += 1;
      set(EMPTY_CHAT_LOG);
    },
    dispose() {
      socket.off('chat:message', onMessage);
      socket.off('chat:deleted', onDeleted);
      listeners.clear();
    },
  };
}
