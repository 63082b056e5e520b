import type { ChatMessage } from '@xemchung/protocol';

/**
 * The chat of the room as this tab holds it (R54): messages oldest first, one per seq, whatever order pages and
 * broadcasts arrive in. Pure updates; the chat feed holds the current one.
 */
export interface ChatLog {
  /** Oldest first, unique by seq. */
  readonly messages: readonly ChatMessage[];
  /** The server has messages older than the oldest held. */
  readonly hasMore: boolean;
  /** The latest page: being asked for, here, or refused (retry with the feed's loadLatest). */
  readonly status: 'loading' | 'ready' | 'failed';
  /** An older page is on its way. */
  readonly loadingOlder: boolean;
  /** How many messages have arrived live (not from history) since joining, for the unread count. */
  readonly arrived: number;
  /** Seqs deleted while this tab watched: a page read before the deletion must not bring the text back. */
  readonly deleted: ReadonlySet<number>;
}

export const EMPTY_CHAT_LOG: ChatLog = Object.freeze({
  messages: [],
  hasMore: false,
  status: 'loading',
  loadingOlder: false,
  arrived: 0,
  deleted: new Set<number>(),
});

export interface ChatPage {
  messages: readonly ChatMessage[];
  hasMore: boolean;
}

const erased = (message: ChatMessage): ChatMessage =>
  message.deleted ? message : { ...message, text: '', deleted: true };

/** `held` and `incoming` as one list by seq; a deletion, once known, wins over an older copy. */
function merge(log: ChatLog, held: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const bySeq = new Map<number, ChatMessage>();
  for (const message of held) bySeq.set(message.seq, message);
  for (const message of incoming) {
    const known = bySeq.get(message.seq);
    bySeq.set(message.seq, known?.deleted ? known : message);
  }
  return [...bySeq.values()]
    .map((message) => (log.deleted.has(message.seq) ? erased(message) : message))
    .sort((a, b) => a.seq - b.seq);
}

/**
 * The latest page, asked for on every join (R27: after a reconnection too). It replaces what was held, except
 * messages that arrived live after the page was read; older pages are asked for again on scrolling up.
 */
export function withLatest(log: ChatLog, page: ChatPage): ChatLog {
  const newest = page.messages.at(-1)?.seq ?? 0;
  const later = log.messages.filter((message) => message.seq > newest);
  return { ...log, messages: merge(log, page.messages, later), hasMore: page.hasMore, status: 'ready' };
}

/** A page of older messages, from scrolling up. */
export function withOlder(log: ChatLog, page: ChatPage): ChatLog {
  return { ...log, messages: merge(log, log.messages, page.messages), hasMore: page.hasMore, loadingOlder: false };
}

/** A message broadcast to the room, or our own acknowledged one (`live` false: it is not news to us). */
export function withMessage(log: ChatLog, message: ChatMessage, live = true): ChatLog {
  if (log.messages.some((held) => held.seq === message.seq)) return log;
  return { ...log, messages: merge(log, log.messages, [message]), arrived: log.arrived + (live ? 1 : 0) };
}

/** A message deleted for everyone: its placeholder stays, its text goes. */
export function withDeleted(log: ChatLog, seq: number): ChatLog {
  if (log.deleted.has(seq)) return log;
  const deleted = new Set(log.deleted).add(seq);
  return {
    ...log,
    deleted,
    messages: log.messages.map((message) => (message.seq === seq ? erased(message) : message)),
  };
}
