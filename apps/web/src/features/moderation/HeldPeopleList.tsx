import type { AckResult } from '@xemchung/protocol';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useCommandAlert } from '../room/useCommandAlert.ts';
import { useFocusAfterRemoval } from '../room/useFocusAfterRemoval.ts';

/** One person kept out of the room, as their row shows them. */
export interface HeldRow {
  name: string;
  /** Said after the name (how long is left), if anything. */
  detail?: string;
}

export interface HeldPeopleListProps<Entry> {
  heading: string;
  /** Shown when nobody is held. */
  empty: string;
  /** Shown when the list does not load. */
  failed: string;
  /** The button of each row, and its name, which names the person. */
  letIn: { label: string; named: (name: string) => string };
  /** Reads the list when shown (again only when it changes): null when it could not. Keep it stable (useCallback). */
  load: () => Promise<Entry[] | null>;
  keyOf: (entry: Entry) => string;
  /** How a row shows its person; null once they are no longer held (a kick that ran out). */
  rowOf: (entry: Entry) => HeldRow | null;
  /** Lets the person back in; their row goes once the room agrees. */
  lift: (entry: Entry) => Promise<AckResult<object>>;
}

type Held<Entry> = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; entries: Entry[] };

/**
 * A section of the settings dialog listing people kept out of the room (the bans of R59, the kicks of R107), each
 * with a button that lets them back in. When that takes a row away, the focus goes to the next row's button, or to
 * the heading, never out of the dialog.
 */
export function HeldPeopleList<Entry>(props: HeldPeopleListProps<Entry>) {
  const { heading, empty, failed, letIn, load, keyOf, rowOf, lift } = props;
  const { t } = useTranslation();
  const headingId = useId();
  const alertRefusal = useCommandAlert();
  const [held, setHeld] = useState<Held<Entry>>({ status: 'loading' });
  const rows = (held.status === 'loaded' ? held.entries : []).flatMap((entry) => {
    const row = rowOf(entry);
    return row ? [{ entry, key: keyOf(entry), ...row }] : [];
  });
  const rowFocus = useFocusAfterRemoval<HTMLUListElement, HTMLHeadingElement>(rows.map((row) => row.key));

  useEffect(() => {
    let active = true;
    void load().then((entries) => {
      if (active) setHeld(entries ? { status: 'loaded', entries } : { status: 'failed' });
    });
    return () => {
      active = false;
    };
  }, [load]);

  const letBackIn = async (entry: Entry) => {
    const ack = await lift(entry);
    if (!ack.ok) return alertRefusal(ack.error);
    const key = keyOf(entry);
    setHeld((shown) =>
      shown.status === 'loaded'
        ? { status: 'loaded', entries: shown.entries.filter((other) => keyOf(other) !== key) }
        : shown,
    );
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 border-t border-white/10 pt-5">
      <h3 ref={rowFocus.fallback} id={headingId} tabIndex={-1} className="rounded-sm text-sm font-semibold text-white">
        {heading}
      </h3>
      {held.status === 'loading' && <p className="text-sm text-neutral-400">{t('common.loading')}…</p>}
      {held.status === 'failed' && <p className="text-sm text-red-300">{failed}</p>}
      {held.status === 'loaded' && rows.length === 0 && <p className="text-sm text-neutral-400">{empty}</p>}
      {rows.length > 0 && (
        <ul ref={rowFocus.list} onFocus={rowFocus.onFocus} onBlur={rowFocus.onBlur} className="flex flex-col gap-1">
          {rows.map((row) => (
            <li
              key={row.key}
              className="flex min-h-11 items-center justify-between gap-3 rounded-xl px-2 hover:bg-white/5"
            >
              <span className="flex min-w-0 items-baseline gap-2">
                <span className="min-w-0 truncate text-neutral-100" title={row.name}>
                  {row.name}
                </span>
                {row.detail && <span className="shrink-0 text-xs text-neutral-400">{row.detail}</span>}
              </span>
              <button
                type="button"
                onClick={() => void letBackIn(row.entry)}
                aria-label={letIn.named(row.name)}
                className="shrink-0 rounded-full border border-white/15 px-3 py-1.5 text-xs font-medium text-neutral-200 hover:border-violet-400 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400"
              >
                {letIn.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
