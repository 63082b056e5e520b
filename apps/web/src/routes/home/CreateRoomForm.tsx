import {
  ROOM_NAME_MAX,
  ROOMS_PER_ACCOUNT_MAX,
  type RoomSummary,
  roomNameLength,
  roomNameProblem,
} from '@xemchung/protocol';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { HttpStatusError } from '../../lib/http.ts';
import { createRoom } from './roomsApi.ts';

/**
 * Room name + 'Tạo phòng'. The name is judged as the server judges it (R41, roomNameProblem): the counter counts
 * graphemes, the button is disabled while the name is blank, refused or a creation is in flight, and a name that
 * is too long or holds a forbidden character says so. A failed creation re-enables the button with no message,
 * unless the server refused the name itself (400) or would not create a room now (429, 409: R103).
 */
export function CreateRoomForm({ onCreated }: { onCreated: (room: RoomSummary) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const counterId = useId();
  const messageId = useId();
  const [name, setName] = useState('');
  const [creating, setCreating] = useState(false);
  /** The server answered 400 to this very name. */
  const [refused, setRefused] = useState(false);
  /** The server would not create a room now (R103): too many too fast, or the account has its most rooms. */
  const [held, setHeld] = useState<'home.roomCreateTooFast' | 'home.roomLimit' | null>(null);
  const trimmed = name.trim();
  const problem = roomNameProblem(trimmed);
  const length = roomNameLength(trimmed);
  const message = refused
    ? t('home.roomNameRefused')
    : held
      ? t(held, { max: ROOMS_PER_ACCOUNT_MAX })
      : problem === 'too_long'
        ? t('home.roomNameTooLong', { max: ROOM_NAME_MAX })
        : problem === 'invalid_character'
          ? t('home.roomNameInvalid')
          : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || refused || creating) return;
    setCreating(true);
    try {
      onCreated(await createRoom(trimmed));
    } catch (error) {
      if (error instanceof HttpStatusError && error.status === 400) setRefused(true);
      if (error instanceof HttpStatusError && error.status === 429) setHeld('home.roomCreateTooFast');
      if (error instanceof HttpStatusError && error.status === 409) setHeld('home.roomLimit');
      setCreating(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex w-full max-w-md flex-col gap-2">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5 text-left">
          <div className="flex items-baseline justify-between gap-3 px-5">
            <label htmlFor={inputId} className="text-sm font-medium text-neutral-300">
              {t('home.roomName')}
            </label>
            <span
              id={counterId}
              className={`text-xs tabular-nums ${length > ROOM_NAME_MAX ? 'text-red-300' : 'text-neutral-400'}`}
            >
              {t('home.roomNameLength', { count: length, max: ROOM_NAME_MAX })}
            </span>
          </div>
          <input
            id={inputId}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setRefused(false);
              setHeld(null);
            }}
            aria-describedby={message ? `${counterId} ${messageId}` : counterId}
            aria-invalid={message ? true : undefined}
            placeholder={t('home.roomNamePlaceholder')}
            autoComplete="off"
            className="min-h-11 rounded-full border border-white/15 bg-neutral-900 px-5 text-white placeholder:text-neutral-400 focus:border-violet-500"
          />
        </div>
        <Button type="submit" loading={creating} disabled={problem !== null || refused}>
          {t('home.createRoom')}
        </Button>
      </div>
      {message && (
        <p id={messageId} role="alert" className="px-5 text-left text-sm text-red-300">
          {message}
        </p>
      )}
    </form>
  );
}
