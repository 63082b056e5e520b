import { describe, expect, it } from 'vitest';
import { chatMessage } from '../../test/fakeRoomSocket.ts';
import { EMPTY_CHAT_LOG, withDeleted, withLatest, withMessage, withOlder } from './chatLog.ts';

const seqs = (log: { messages: readonly { seq: number }[] }) => log.messages.map((message) => message.seq);
const page = (from: number, to: number, hasMore = false) => ({
  messages: Array.from({ length: to - from + 1 }, (_, i) => chatMessage(from + i, `Tin ${from + i}`)),
  hasMore,
});

describe('the chat log (R54)', () => {
  it('holds the latest page, then older pages above it, oldest first', () => {
    const latest = withLatest(EMPTY_CHAT_LOG, page(51, 100, true));
    expect(latest).toMatchObject({ status: 'ready', hasMore: true, arrived: 0 });
    const older = withOlder({ ...latest, loadingOlder: true }, page(1, 50));
    expect(seqs(older)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(older).toMatchObject({ hasMore: false, loadingOlder: false });
  });

  it('keeps one copy per seq in seq order, whatever order broadcasts, acks and pages come in', () => {
    let log = withMessage(EMPTY_CHAT_LOG, chatMessage(3, 'c'));
    log = withMessage(log, chatMessage(2, 'b'));
    log = withMessage(log, chatMessage(3, 'c'));
    log = withLatest(log, page(1, 2));
    expect(seqs(log)).toEqual([1, 2, 3]);
    expect(log.arrived).toBe(2);
  });

  it('does not count our own acknowledged message as news, nor its broadcast after it', () => {
    const mine = withMessage(EMPTY_CHAT_LOG, chatMessage(1, 'của tôi'), false);
    expect(withMessage(mine, chatMessage(1, 'của tôi')).arrived).toBe(0);
  });

  it('replaces what it held with the latest page on a re-join, keeping only what arrived after the page', () => {
    const before = withOlder(withLatest(EMPTY_CHAT_LOG, page(51, 100, true)), page(1, 50));
    const live = withMessage(before, chatMessage(131, 'mới'));
    const rejoined = withLatest(live, page(81, 130, true));
    expect(seqs(rejoined)).toEqual([...Array.from({ length: 50 }, (_, i) => 81 + i), 131]);
    expect(rejoined.hasMore).toBe(true);
  });

  it('erases a deleted message and keeps it erased when a page read before the deletion arrives', () => {
    const log = withLatest(EMPTY_CHAT_LOG, page(1, 3));
    const deleted = withDeleted(log, 2);
    expect(deleted.messages[1]).toMatchObject({ seq: 2, text: '', deleted: true });
    expect(withLatest(deleted, page(1, 3)).messages[1]).toMatchObject({ text: '', deleted: true });
    // A deletion heard before the message itself.
    const early = withDeleted(EMPTY_CHAT_LOG, 7);
    expect(withMessage(early, chatMessage(7, 'xấu')).messages[0]).toMatchObject({ text: '', deleted: true });
    expect(withDeleted(deleted, 2)).toBe(deleted);
  });
});
