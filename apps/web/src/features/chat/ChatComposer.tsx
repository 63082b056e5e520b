import { CHAT_LINES_MAX, CHAT_TEXT_MAX, chatTextLength, prepareChatText } from '@xemchung/protocol';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRoomSession } from '../room/roomSession.ts';
import { chatRefusalMessage, PROBLEM_MESSAGES } from './chatErrors.ts';

/** The count shows from here on, so it is there before the limit is reached and not in the way before. */
const COUNT_FROM = CHAT_TEXT_MAX - 100;

/**
 * The message box (R54, R97): Enter sends, Shift+Enter starts a new line; the count of characters shows near the
 * limit. The draft stays until the room has stored it, so a refused or lost message is never lost to the writer.
 */
export function ChatComposer() {
  const { t } = useTranslation();
  const { client } = useRoomSession();
  const errorId = useId();
  const countId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const length = chatTextLength(draft);
  const over = length > CHAT_TEXT_MAX;

  const send = async () => {
    const prepared = prepareChatText(draft);
    if ('problem' in prepared) {
      const { problem } = prepared;
      const max = problem === 'too_many_lines' ? CHAT_LINES_MAX : CHAT_TEXT_MAX;
      if (problem !== 'empty') setError(t(PROBLEM_MESSAGES[problem], { max }));
      return;
    }
    setSending(true);
    const ack = await client.sendChat(draft);
    setSending(false);
    if (ack.ok) {
      setDraft('');
      setError(null);
    } else {
      setError(t(chatRefusalMessage(ack.error.code)));
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Sent with 'Gửi' from the keyboard: the button goes inactive while sending and with the box empty, so the
    // focus goes back to the box, ready for the next message, instead of falling to the page.
    box.current?.focus();
    if (!sending) void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method composes (Vietnamese Telex/VNI, for one): its Enter picks a candidate.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!sending) void send();
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-1.5 border-t border-white/10 pt-3">
      <div className="flex items-end gap-2">
        <textarea
          ref={box}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          rows={1}
          aria-label={t('chat.inputLabel')}
          aria-invalid={over || error !== null}
          aria-describedby={`${countId} ${errorId}`}
          placeholder={t('chat.placeholder')}
          className="field-sizing-content max-h-32 min-h-10 flex-1 resize-none rounded-2xl border border-white/15 bg-neutral-950/60 px-3.5 py-2 text-sm text-neutral-100 placeholder:text-neutral-400 focus:border-violet-400"
        />
        <button
          type="submit"
          // A tap or click sends without taking the focus from the box: the phone's keyboard stays up.
          onMouseDown={(event) => event.preventDefault()}
          disabled={sending || over || draft.trim() === ''}
          className="min-h-10 shrink-0 rounded-full bg-violet-600 px-4 text-sm font-semibold text-white hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-violet-600"
        >
          {t('chat.send')}
        </button>
      </div>
      <div className="flex min-h-4 items-start justify-between gap-3 px-1 text-xs">
        <p id={errorId} role="alert" className="text-red-300">
          {error}
        </p>
        <p id={countId} className={`shrink-0 tabular-nums ${over ? 'font-semibold text-red-300' : 'text-neutral-400'}`}>
          {length >= COUNT_FROM && (
            <>
              <span aria-hidden="true">
                {length}/{CHAT_TEXT_MAX}
              </span>
              <span className="sr-only">{t('chat.count', { count: length, max: CHAT_TEXT_MAX })}</span>
            </>
          )}
        </p>
      </div>
    </form>
  );
}
