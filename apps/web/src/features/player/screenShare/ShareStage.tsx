import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { usePersonName } from '../../room/usePersonName.ts';
import { UnmuteButton } from '../UnmuteButton.tsx';
import type { ShownShare } from './screenShare.ts';

export interface ShareStageProps {
  shown: ShownShare;
  muted: boolean;
  onMutedChange: (muted: boolean) => void;
  /** Shown to the sharer and to the host and co-hosts (R126); absent for everyone else. */
  onStop?: () => void;
}

/**
 * The room's shared screen in place of the player (R126), with who shares it. The sharer sees their own picture
 * without its sound (no echo); the others hear it once they unmute, as the player starts muted (R33).
 */
export function ShareStage({ shown, muted, onMutedChange, onStop }: ShareStageProps) {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  const video = useRef<HTMLVideoElement>(null);
  const silent = shown.mine || muted;
  const { stream } = shown;

  useEffect(() => {
    const element = video.current;
    if (!element || element.srcObject === stream) return;
    element.srcObject = stream;
    // A browser that refuses sound without a tap still plays the picture muted.
    if (stream) element.play().catch(() => onMutedChange(true));
  }, [stream, onMutedChange]);

  const unmute = () => {
    onMutedChange(false);
    // Inside the tap, so the browser lets the sound play.
    const element = video.current;
    if (element) {
      element.muted = false;
      void element.play().catch(() => onMutedChange(true));
    }
  };

  return (
    <div className="relative size-full">
      {/* biome-ignore lint/a11y/useMediaCaption: a live picture of someone's screen has no captions to give */}
      <video
        ref={video}
        autoPlay
        playsInline
        muted={silent}
        aria-label={t('screenShare.label')}
        data-testid="share-video"
        className="size-full object-contain"
      />
      {!stream && (
        <p className="absolute inset-0 flex items-center justify-center p-6 text-center text-neutral-300">
          {t('screenShare.connecting')}
        </p>
      )}
      <div className="absolute right-3 bottom-3 left-3 flex flex-wrap items-center justify-between gap-2">
        <p className="rounded-full bg-black/70 px-3 py-1.5 text-sm font-medium text-white ring-1 ring-white/15">
          {shown.mine ? t('screenShare.byYou') : t('screenShare.byOther', { name: nameOf(shown.share.by) })}
        </p>
        {onStop && (
          <button
            type="button"
            onClick={onStop}
            className="min-h-10 rounded-full bg-red-600 px-4 text-sm font-semibold text-white shadow-lg hover:bg-red-500 focus-visible:outline-2 focus-visible:outline-red-300"
          >
            {t('screenShare.stop')}
          </button>
        )}
      </div>
      {muted && !shown.mine && stream && <UnmuteButton onClick={unmute} />}
    </div>
  );
}
