import { type SyncLevel, type SyncReport, syncLevel } from '@xemchung/protocol';
import { useTranslation } from '../../i18n/useTranslation.ts';

const LEVEL_CLASSES: Record<SyncLevel, string> = {
  good: 'bg-emerald-500/15 text-emerald-300 ring-emerald-400/30',
  fair: 'bg-amber-500/15 text-amber-300 ring-amber-400/30',
  poor: 'bg-rose-500/15 text-rose-300 ring-rose-400/30',
  idle: 'bg-white/5 text-neutral-400 ring-white/10',
  unknown: 'bg-white/5 text-neutral-400 ring-white/10',
};
const DOT_CLASSES: Record<SyncLevel, string> = {
  good: 'bg-emerald-400',
  fair: 'bg-amber-400',
  poor: 'bg-rose-400',
  idle: 'bg-neutral-500',
  unknown: 'bg-neutral-600',
};

/**
 * How far one viewer's player is from the room's timeline (docs/room-rules.md R53): green up to SYNC_GOOD_MS,
 * amber up to SYNC_FAIR_MS, red beyond, grey with a word while it is not playing. The text for screen readers
 * and the tooltip say the same in words, the tooltip with the direction and the network round trip too.
 */
export function SyncBadge({ report }: { report: SyncReport | null }) {
  const { t, language } = useTranslation();
  const level = syncLevel(report);
  const number = new Intl.NumberFormat(language);
  const ms = (value: number) => number.format(Math.round(Math.abs(value)));
  const error = report?.errorMs;
  let label: string;
  let shown: string;
  if (!report) {
    label = t('presence.sync.unknown');
    shown = '—';
  } else if (level === 'idle' || error === undefined) {
    label = t(`presence.sync.${report.state === 'playing' ? 'buffering' : report.state}`);
    shown = t(`presence.state.${report.state === 'playing' ? 'buffering' : report.state}`);
  } else {
    label = t(`presence.sync.${level as 'good' | 'fair' | 'poor'}`, { ms: ms(error) });
    shown = `${ms(error)} ms`;
  }
  const details = [label];
  if (level !== 'idle' && level !== 'unknown' && error !== undefined && error !== 0) {
    details.push(t(error > 0 ? 'presence.sync.ahead' : 'presence.sync.behind'));
  }
  // The page reports when its colour changes or every 10 s (R53): the number is as of its last report.
  if (level !== 'idle' && level !== 'unknown') details.push(t('presence.sync.lastReported'));
  if (report?.rttMs !== undefined) details.push(t('presence.sync.rtt', { ms: ms(report.rttMs) }));
  return (
    <span
      role="img"
      aria-label={label}
      title={details.join(' · ')}
      data-level={level}
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap tabular-nums ring-1 ${LEVEL_CLASSES[level]}`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${DOT_CLASSES[level]}`} />
      {shown}
    </span>
  );
}
