import type { KickEntry } from '@xemchung/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRoomSession } from '../room/roomSession.ts';
import { usePersonName } from '../room/usePersonName.ts';
import { HeldPeopleList } from './HeldPeopleList.tsx';

/** How often the minutes left are counted again while the list is shown. */
const TICK_MS = 15_000;
const MINUTE_MS = 60_000;

const keyOf = (kick: KickEntry) => kick.key;

/**
 * The kicks still running, newest first, each with the minutes left and 'Cho vào lại' (R107), which lifts the kick
 * and its hold on the person's network at once. Read when shown; a kick that runs out meanwhile leaves the list.
 */
export function KicksList() {
  const { t } = useTranslation();
  const { client } = useRoomSession();
  const personName = usePersonName();
  const [now, setNow] = useState(() => client.clock.serverNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(client.clock.serverNow()), TICK_MS);
    return () => clearInterval(timer);
  }, [client]);
  const load = useCallback(async () => {
    const ack = await client.kicks();
    return ack.ok ? ack.kicks : null;
  }, [client]);

  return (
    <HeldPeopleList
      heading={t('roomSettings.kicks')}
      empty={t('roomSettings.noKicks')}
      failed={t('roomSettings.kicksFailed')}
      letIn={{ label: t('roomSettings.unkick'), named: (name) => t('roomSettings.unkickNamed', { name }) }}
      load={load}
      keyOf={keyOf}
      // A minute begun counts as one, so the last one says 1, never 0.
      rowOf={(kick) =>
        kick.until > now
          ? {
              name: personName(kick),
              detail: t('roomSettings.kickTimeLeft', { minutes: Math.ceil((kick.until - now) / MINUTE_MS) }),
            }
          : null
      }
      lift={(kick) => client.unkick(kick.key)}
    />
  );
}
