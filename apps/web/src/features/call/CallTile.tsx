import type { CallMember } from '@xemchung/protocol';
import { useEffect, useRef } from 'react';
import { PersonAvatar } from '../../components/PersonAvatar.tsx';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { voiceSpeaking } from '../room/callVoices.ts';
import { usePersonName } from '../room/usePersonName.ts';
import { useSpeaking } from './useSpeaking.ts';

export interface CallTileProps {
  member: CallMember;
  stream: MediaStream | undefined;
  mine: boolean;
  /** This viewer's own volume for the tab (0–1); absent for their own tile. */
  volume?: number;
  onVolume?: (volume: number) => void;
  /** Shown to the host and co-hosts while the tab's microphone is on (the host's only to the host). */
  onMute?: () => void;
}

/**
 * One tab of the call (R127): its camera or the person's avatar, their name, a ring while they speak, and the
 * microphone's state; its sound plays from a hidden element of its own, at this viewer's volume for it.
 */
export function CallTile({ member, stream, mine, volume = 1, onVolume, onMute }: CallTileProps) {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  const name = mine ? t('call.you') : nameOf(member.by);
  // Measured on what arrives, not on what the room says: a muted microphone's silence is what makes the ring go.
  const speaking = useSpeaking(stream);
  // R128: another's voice lowers the film for this viewer, if they want it; their own does not.
  useEffect(() => {
    if (mine) return;
    voiceSpeaking(member.peer, speaking);
    return () => voiceSpeaking(member.peer, false);
  }, [mine, member.peer, speaking]);
  const picture = useRef<HTMLVideoElement>(null);
  const sound = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const shown = stream ?? null;
    if (picture.current && picture.current.srcObject !== shown) picture.current.srcObject = shown;
    const element = sound.current;
    if (element && element.srcObject !== shown) {
      element.srcObject = shown;
      // Joining was a click, so the browser lets it play.
      if (shown) void element.play().catch(() => {});
    }
  });
  useEffect(() => {
    if (sound.current) sound.current.volume = volume;
  }, [volume]);

  return (
    <li
      data-call-peer={member.peer}
      data-speaking={speaking}
      className="flex w-24 shrink-0 flex-col gap-1 text-xs text-neutral-200"
    >
      <div
        className={`relative flex aspect-video items-center justify-center overflow-hidden rounded-lg bg-neutral-800 ring-2 ${speaking ? 'ring-emerald-400' : 'ring-transparent'}`}
      >
        {member.video && stream ? (
          <video ref={picture} autoPlay playsInline muted className="size-full object-cover" />
        ) : (
          <PersonAvatar person={member.by} className="size-9 text-sm" />
        )}
        {!member.audio && (
          <span
            role="img"
            aria-label={t('call.muted')}
            className="absolute right-1 bottom-1 rounded-full bg-black/70 p-1 text-red-300"
          >
            <svg viewBox="0 0 20 20" className="size-3.5 fill-current" aria-hidden="true">
              <path d="M10 2a3 3 0 0 0-3 3v4.6l6 6V5a3 3 0 0 0-3-3Zm-7.7.3L2.3 3.7l4.7 4.7V10a3 3 0 0 0 4.5 2.6l1.2 1.2A5 5 0 0 1 5 10H3.5a6.5 6.5 0 0 0 5.75 6.46V19h1.5v-2.54a6.4 6.4 0 0 0 3-1.2l3.95 3.95 1.4-1.42L2.3 2.3Z" />
            </svg>
          </span>
        )}
      </div>
      <span className="truncate font-medium">{name}</span>
      {/* biome-ignore lint/a11y/useMediaCaption: a live call has no captions to give */}
      {!mine && <audio ref={sound} autoPlay data-call-audio={member.peer} />}
      {onVolume && (
        <input
          type="range"
          min={0}
          max={1}
          step={0.1}
          value={volume}
          onChange={(event) => onVolume(Number(event.target.value))}
          aria-label={t('call.volume', { name })}
          className="h-4 w-full accent-violet-500"
        />
      )}
      {onMute && (
        <button
          type="button"
          onClick={onMute}
          aria-label={t('call.muteFor', { name })}
          className="min-h-7 rounded-full px-2 text-neutral-300 ring-1 ring-white/15 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          {t('call.micOff')}
        </button>
      )}
    </li>
  );
}
