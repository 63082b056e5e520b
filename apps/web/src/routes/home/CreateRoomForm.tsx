import { ROOM_NAME_MAX, type RoomSummary } from '@xemchung/protocol';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { createRoom } from './roomsApi.ts';

/**
 * Room name + 'Tạo phòng' (spec §5): the button is disabled while the trimmed name is empty or a creation is in
 * flight; a failed creation just re-enables it, with no message (spec §8).
 */
export function CreateRoomForm({ onCreated }: { onCreated: (room: RoomSummary) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [name, setName] = useState('');
  const [creating, setCreating] = useState(false);
  const trimmed = name.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || creating) return;
    setCreating(true);
    try {
      onCreated(await createRoom(trimmed));
    } catch {
      setCreating(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex w-full max-w-md flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-1.5 text-left">
        <label htmlFor={inputId} className="pl-5 text-sm font-medium text-neutral-300">
          {t('home.roomName')}
        </label>
        <input
          id={inputId}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={ROOM_NAME_MAX}
          placeholder={t('home.roomNamePlaceholder')}
          autoComplete="off"
          className="min-h-11 rounded-full border border-white/15 bg-neutral-900 px-5 text-white placeholder:text-neutral-500 focus:border-violet-500 focus:outline-none focus:ring-2 focus:ring-violet-500/40"
        />
      </div>
      <Button type="submit" loading={creating} disabled={!trimmed}>
        {t('home.createRoom')}
      </Button>
    </form>
  );
}
