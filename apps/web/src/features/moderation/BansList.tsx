import type { BanEntry } from '@xemchung/protocol';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRoomSession } from '../room/roomSession.ts';
import { useCommandAlert } from '../room/useCommandAlert.ts';
import { useFocusAfterRemoval } from '../room/useFocusAfterRemoval.ts';

type Bans = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; bans: BanEntry[] };

/** The people banned from the room, newest first, each with 'Bỏ chặn' (R59). Read when shown. */
export function BansList() {
  const { t } = useTranslation();
  const headingId = useId();
  const { client } = useRoomSession();
  const alertRefusal = useCommandAlert();
  const [bans, setBans] = useState<Bans>({ status: 'loading' });
  // 'Bỏ chặn' takes its row away: the focus goes to the next row's, or to the heading, never out of the dialog.
  const rowFocus = useFocusAfterRemoval<HTMLUListElement, HTMLHeadingElement>(
    bans.status === 'loaded' ? bans.bans.map((ban) => ban.uid) : [],
  );

  useEffect(() => {
    let active = true;
    void client.bans().then((ack) => {
      if (active) setBans(ack.ok ? { status: 'loaded', bans: ack.bans } : { status: 'failed' });
    });
    return () => {
      active = false;
    };
  }, [client]);

  const unban = async (ban: BanEntry) => {
    const ack = await client.unban(ban.uid);
    if (!ack.ok) return alertRefusal(ack.error);
    setBans((shown) =>
      shown.status === 'loaded' ? { status: 'loaded', bans: shown.bans.filter((b) => b.uid !== ban.uid) } : shown,
    );
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 border-t border-white/10 pt-5">
      <h3 ref={rowFocus.fallback} id={headingId} tabIndex={-1} className="rounded-sm text-sm font-semibold text-white">
        {t('roomSettings.bans')}
      </h3>
      {bans.status === 'loading' && <p className="text-sm text-neutral-400">{t('common.loading')}…</p>}
      {bans.status === 'failed' && <p className="text-sm text-red-300">{t('roomSettings.bansFailed')}</p>}
      {bans.status === 'loaded' && bans.bans.length === 0 && (
        <p className="text-sm text-neutral-400">{t('roomSettings.noBans')}</p>
      )}
      {bans.status === 'loaded' && bans.bans.length > 0 && (
        <ul ref={rowFocus.list} onFocus={rowFocus.onFocus} onBlur={rowFocus.onBlur} className="flex flex-col gap-1">
          {bans.bans.map((ban) => (
            <li
              key={ban.uid}
              className="flex min-h-11 items-center justify-between gap-3 rounded-xl px-2 hover:bg-white/5"
            >
              <span className="min-w-0 truncate text-neutral-100" title={ban.name}>
                {ban.name}
              </span>
              <button
                type="button"
                onClick={() => void unban(ban)}
                aria-label={t('roomSettings.unbanNamed', { name: ban.name })}
                className="shrink-0 rounded-full border border-white/15 px-3 py-1.5 text-xs font-medium text-neutral-200 hover:border-violet-400 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400"
              >
                {t('roomSettings.unban')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
