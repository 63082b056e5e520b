import type { ChatMessage } from '@xemchung/protocol';
import { PersonAvatar } from '../../components/PersonAvatar.tsx';
import { TrashIcon } from '../../components/TrashIcon.tsx';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { usePersonName } from '../room/usePersonName.ts';
import { LinkifiedText } from './LinkifiedText.tsx';
import { messageTime, timeLocale } from './messageTime.ts';

export interface ChatMessageItemProps {
  message: ChatMessage;
  /** The previous message is the same sender's, moments before: no avatar and name again. */
  continued: boolean;
  fromHost: boolean;
  /** Set for the host and co-hosts: deletes the message for everyone (after a confirmation). */
  onDelete?: (message: ChatMessage) => void;
}

/** The first words of a message, for its delete button's name: enough to tell two messages apart. */
function excerpt(text: string): string {
  const words = text.replace(/\s+/g, ' ').trim();
  return words.length <= 40 ? words : `${[...words].slice(0, 40).join('').trimEnd()}…`;
}

/** One chat message: avatar, name and time (unless it continues the previous one), and its text or placeholder. */
export function ChatMessageItem({ message, continued, fromHost, onDelete }: ChatMessageItemProps) {
  const { t, language } = useTranslation();
  const name = usePersonName()(message.sender);
  const time = messageTime(message.createdAt, timeLocale(language));
  return (
    <li
      className={`group relative flex gap-2.5 rounded-lg px-1.5 py-0.5 hover:bg-white/[0.03] ${continued ? '' : 'mt-2'}`}
    >
      {continued ? (
        <span className="w-8 shrink-0" />
      ) : (
        <PersonAvatar person={message.sender} className="size-8 text-xs" />
      )}
      <div className="min-w-0 flex-1 pointer-fine:pr-8">
        {!continued && (
          <p className="flex items-baseline gap-2">
            <span className="truncate text-sm font-semibold text-neutral-100">{name}</span>
            {fromHost && (
              <span className="shrink-0 rounded bg-violet-500/20 px-1.5 text-[11px] font-medium text-violet-200">
                {t('chat.host')}
              </span>
            )}
            <time dateTime={time.iso} title={time.full} className="shrink-0 text-xs text-neutral-400">
              {time.short}
            </time>
          </p>
        )}
        {message.deleted ? (
          <p className="text-sm text-neutral-400 italic">{t('chat.deleted')}</p>
        ) : (
          <p
            className="text-sm leading-relaxed break-words whitespace-pre-wrap text-neutral-200"
            title={continued ? time.full : undefined}
          >
            <LinkifiedText text={message.text} />
          </p>
        )}
      </div>
      {/* On a touch screen in the row's flow, not over it: each row is as tall as its 44 px button, so no two overlap;
          with a mouse over the row's corner, shown on hover. Named by sender, time and first words: several from one
          sender must not all read alike. */}
      {onDelete && !message.deleted && (
        <button
          type="button"
          onClick={() => onDelete(message)}
          aria-label={t('chat.deleteMessage', { name, time: time.short, excerpt: excerpt(message.text) })}
          className="grid size-8 shrink-0 place-items-center self-start rounded-full text-neutral-400 hover:bg-white/10 hover:text-red-300 focus-visible:outline-2 focus-visible:outline-violet-400 pointer-coarse:size-11 pointer-fine:absolute pointer-fine:top-0.5 pointer-fine:right-0.5 pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:focus-visible:opacity-100"
        >
          <TrashIcon className="size-4" />
        </button>
      )}
    </li>
  );
}
