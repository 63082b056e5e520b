import type { OwnFile } from '@xemchung/protocol';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { usePersonName } from './usePersonName.ts';
import { usePresence } from './usePresence.ts';

/** '1,4 GB' or '640 MB': a file's size as people read it. */
function readableSize(bytes: number, language: string): string {
  const [value, unit] = bytes >= 1024 ** 3 ? [bytes / 1024 ** 3, 'GB'] : [bytes / 1024 ** 2, 'MB'];
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: value < 10 ? 1 : 0 }).format(value)} ${unit}`;
}

/** '1:42:05' or '3:07'. */
function readableDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

/** A shared file's row line (R117): its size, its duration and whose device it plays from. */
export function OwnFileFacts({ file }: { file: OwnFile }) {
  const { t, language } = useTranslation();
  const nameOf = usePersonName();
  const sharer = usePresence().find((viewer) => viewer.key === file.sharer);
  const from = sharer ? t('ownFile.sharedBy', { name: nameOf(sharer) }) : t('ownFile.sharerGone');
  return (
    <span className="text-xs text-neutral-400">
      {readableSize(file.size, language)} · {readableDuration(file.duration)} · {from}
    </span>
  );
}
