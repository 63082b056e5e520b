import type { BanEntry } from '@xemchung/protocol';
import { useCallback } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRoomSession } from '../room/roomSession.ts';
import { HeldPeopleList } from './HeldPeopleList.tsx';

const keyOf = (ban: BanEntry) => ban.uid;
const rowOf = (ban: BanEntry) => ({ name: ban.name });

/** The people banned from the room, newest first, each with 'Bỏ chặn' (R59). Read when shown. */
export function BansList() {
  const { t } = useTranslation();
  const { client } = useRoomSession();
  const load = useCallback(async () => {
    const ack = await client.bans();
    return ack.ok ? ack.bans : null;
  }, [client]);
  return (
    <HeldPeopleList
      heading={t('roomSettings.bans')}
      empty={t('roomSettings.noBans')}
      failed={t('roomSettings.bansFailed')}
      letIn={{ label: t('roomSettings.unban'), named: (name) => t('roomSettings.unbanNamed', { name }) }}
      load={load}
      keyOf={keyOf}
      rowOf={rowOf}
      lift={(ban) => client.unban(ban.uid)}
    />
  );
}
