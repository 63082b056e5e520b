import type { ListAddResult } from '@xemchung/protocol';
import { useCallback } from 'react';
import { useAlert } from '../../components/alertContext.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRoomSession } from './roomSession.ts';
import { useCommandAlert } from './useCommandAlert.ts';
import { useRoomState } from './useRoomState.ts';

/**
 * Adds a pasted YouTube playlist (R71): true when the room took some of it, and the user is told how many videos
 * went in and, when the rest did not fit, why; false with the refusal explained (a private, missing or empty list:
 * R72).
 */
export function useImportPlaylist(): (listId: string) => Promise<boolean> {
  const { client } = useRoomSession();
  const alertRefusal = useCommandAlert();
  const alert = useAlert();
  const { t } = useTranslation();
  const cap = useRoomState()?.settings.perPersonCap;
  return useCallback(
    async (listId) => {
      const ack = await client.addList(listId);
      if (!ack.ok) {
        alertRefusal(ack.error);
        return false;
      }
      alert(summary(ack, cap, t));
      return true;
    },
    [client, alertRefusal, alert, t, cap],
  );
}

function summary(result: ListAddResult, cap: number | undefined, t: ReturnType<typeof useTranslation>['t']): string {
  const { added: count, skipped, limit } = result;
  if (limit === 'playlist') return t('room.listAddedFull', { count });
  if (limit === 'cap') return t('room.listAddedCap', { count, cap });
  return skipped > 0 ? t('room.listAddedSkipped', { count, skipped }) : t('room.listAdded', { count });
}
