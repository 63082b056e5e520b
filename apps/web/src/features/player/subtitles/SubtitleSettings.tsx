import { SUBTITLE_SHIFT_MAX_MS, SUBTITLE_SHIFT_STEP_MS, type Video } from '@xemchung/protocol';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useRoomSession } from '../../room/roomSession.ts';
import { useCommandAlert } from '../../room/useCommandAlert.ts';
import { useRoomState } from '../../room/useRoomState.ts';
import { CUE_SIZES, chooseSubtitles, SUBTITLES_OFF, shownTrack, useSubtitleChoice } from './subtitleChoice.ts';

const SIZE_TEXTS = {
  small: 'subtitles.sizeSmall',
  medium: 'subtitles.sizeMedium',
  large: 'subtitles.sizeLarge',
} as const;
const OPTION =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm text-neutral-200 ring-1 ring-white/10 has-checked:bg-violet-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-violet-400';
const SMALL_BUTTON =
  'min-h-10 rounded-full px-3 text-sm text-neutral-200 ring-1 ring-white/15 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-violet-400 disabled:opacity-50';

/** '+0,3 giây', '−1,2 giây', '0 giây': a shift as Vietnamese writes seconds. */
function shiftText(shiftMs: number, language: string): string {
  const seconds = Math.abs(shiftMs) / 1000;
  const number = new Intl.NumberFormat(language, { minimumFractionDigits: shiftMs === 0 ? 0 : 1 }).format(seconds);
  return shiftMs > 0 ? `+${number}` : shiftMs < 0 ? `−${number}` : number;
}

/** A shift this dialog asked for: shown until the room's version reaches `answeredAt` (Infinity until answered). */
interface PendingShift {
  videoId: string;
  shiftMs: number;
  answeredAt: number;
}

/**
 * R112: this viewer's track ('Tắt' or one of the item's) and text size, kept on this device; for a controller, the
 * shift of every viewer's subtitles in 0.1 s steps; and a way to remove a track for whoever may.
 */
export function SubtitleSettings({ video, controller }: { video: Video; controller: boolean }) {
  const { t, language } = useTranslation();
  const { client } = useRoomSession();
  const alertRefusal = useCommandAlert();
  const choice = useSubtitleChoice();
  const group = useId();
  const tracks = video.subtitles ?? [];
  const shown = shownTrack(tracks, choice);
  // R112: the shift last asked for is shown, and stepped from, until the room has caught up with its answer
  // (the ack comes before the room's delta), so quick clicks add up instead of each starting from the old value.
  const roomVersion = useRoomState()?.version ?? 0;
  const [pendingShift, setPendingShift] = useState<PendingShift | null>(null);
  const latestShiftRequest = useRef(0);
  /** The last shift the room took, until the room's state has it: what a refused click falls back to. */
  const acceptedShift = useRef<PendingShift | null>(null);
  const shiftMs =
    pendingShift?.videoId === video.id && roomVersion < pendingShift.answeredAt
      ? pendingShift.shiftMs
      : (video.subtitleShiftMs ?? 0);

  const remove = (fileId: string) =>
    void client.removeSubtitle(video.id, fileId).then((ack) => {
      if (!ack.ok) alertRefusal(ack.error);
    });
  const shift = (next: number) => {
    const target = Math.max(-SUBTITLE_SHIFT_MAX_MS, Math.min(SUBTITLE_SHIFT_MAX_MS, next));
    const request = ++latestShiftRequest.current;
    const videoId = video.id;
    setPendingShift({ videoId, shiftMs: target, answeredAt: Number.POSITIVE_INFINITY });
    void client.shiftSubtitles(videoId, target).then((ack) => {
      const latest = request === latestShiftRequest.current;
      if (!ack.ok) {
        if (latest) setPendingShift(acceptedShift.current);
        alertRefusal(ack.error);
        return;
      }
      const accepted = { videoId, shiftMs: target, answeredAt: ack.version };
      if (ack.version > (acceptedShift.current?.answeredAt ?? -1)) acceptedShift.current = accepted;
      if (latest) setPendingShift(accepted);
    });
  };

  return (
    <div className="flex flex-col gap-5">
      {tracks.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold text-white">{t('subtitles.show')}</legend>
          <label className={OPTION}>
            <input
              type="radio"
              name={`${group}-track`}
              className="sr-only"
              checked={shown === null}
              onChange={() => chooseSubtitles({ track: SUBTITLES_OFF })}
            />
            {t('subtitles.off')}
          </label>
          {tracks.map((track) => (
            <div key={track.id} className="flex items-center gap-2">
              <label className={`${OPTION} flex-1`}>
                <input
                  type="radio"
                  name={`${group}-track`}
                  className="sr-only"
                  checked={shown?.id === track.id}
                  onChange={() => chooseSubtitles({ track: track.label })}
                />
                {track.label}
              </label>
              {(controller || track.by === client.personKey) && (
                <button type="button" className={SMALL_BUTTON} onClick={() => remove(track.id)}>
                  <span aria-hidden="true">{t('subtitles.removeShort')}</span>
                  <span className="sr-only">{t('subtitles.remove', { label: track.label })}</span>
                </button>
              )}
            </div>
          ))}
        </fieldset>
      )}
      {tracks.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold text-white">{t('subtitles.size')}</legend>
          <div className="flex gap-2">
            {CUE_SIZES.map((size) => (
              <label key={size} className={OPTION}>
                <input
                  type="radio"
                  name={`${group}-size`}
                  className="sr-only"
                  checked={choice.size === size}
                  onChange={() => chooseSubtitles({ size })}
                />
                {t(SIZE_TEXTS[size])}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {controller && tracks.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold text-white">{t('subtitles.shift')}</legend>
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" className={SMALL_BUTTON} onClick={() => shift(shiftMs - SUBTITLE_SHIFT_STEP_MS)}>
              {t('subtitles.earlier')}
            </button>
            <span aria-live="polite" className="min-w-20 text-center text-sm text-white tabular-nums">
              {t('subtitles.shiftValue', { value: shiftText(shiftMs, language) })}
            </span>
            <button type="button" className={SMALL_BUTTON} onClick={() => shift(shiftMs + SUBTITLE_SHIFT_STEP_MS)}>
              {t('subtitles.later')}
            </button>
            <button type="button" className={SMALL_BUTTON} disabled={shiftMs === 0} onClick={() => shift(0)}>
              {t('subtitles.resetShift')}
            </button>
          </div>
        </fieldset>
      )}
    </div>
  );
}
