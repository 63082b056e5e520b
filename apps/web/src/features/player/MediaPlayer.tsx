import { parseVideoLink } from '@xemchung/protocol';
import { useEffect, useRef } from 'react';
import { attachSource } from './attachSource.ts';
import { attachMediaElement } from './mediaElementAdapter.ts';
import type { CueSize } from './subtitles/subtitleChoice.ts';
import type { TrackSource } from './subtitles/useSubtitleTrack.ts';
import type { PlayerAdapter, PlayerEvent } from './types.ts';

/** Links that carry sound only, played by an <audio> element over a title card. */
const AUDIO_EXTENSION = /\.(mp3|m4a|oga)$/i;

export interface PlayerProps {
  /** Shows the player's own controls (a controller's); followers get none, their player follows the room. */
  controls: boolean;
  muted: boolean;
  /** Called with the player once it exists, and with null when it goes away. */
  onAttach: (adapter: PlayerAdapter | null) => void;
  onEvent: (event: PlayerEvent) => void;
}

interface MediaPlayerProps extends PlayerProps {
  url: string;
  title: string;
  /** Sound only, over a title card; told by the link's extension when not given (a shared file's type says, R117). */
  audio?: boolean;
  /** The subtitle track this viewer sees (R112), drawn by the browser, in fullscreen too; none when null. */
  subtitles?: TrackSource | null;
  cueSize?: CueSize;
}

/** HTML5 media for a direct link: mp4, webm, mp3, ogg, and HLS (.m3u8) natively or through hls.js. */
export function MediaPlayer({
  url,
  title,
  controls,
  muted,
  onAttach,
  onEvent,
  subtitles = null,
  cueSize = 'medium',
  audio: soundOnly,
}: MediaPlayerProps) {
  const element = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const trackElement = useRef<HTMLTrackElement>(null);
  const callbacks = useRef({ onAttach, onEvent });
  callbacks.current = { onAttach, onEvent };
  const audio = soundOnly ?? AUDIO_EXTENSION.test(new URL(url).pathname);

  useEffect(() => {
    if (element.current) element.current.muted = muted;
  }, [muted]);

  // A <track> added after the media loaded is not picked by `default` alone: show it outright.
  useEffect(() => {
    const track = trackElement.current?.track;
    if (subtitles && track) track.mode = 'showing';
  }, [subtitles]);

  useEffect(() => {
    const media = element.current;
    if (!media) return;
    const emit = (event: PlayerEvent) => callbacks.current.onEvent(event);
    const { adapter, detach } = attachMediaElement(media, emit);
    callbacks.current.onAttach(adapter);
    const link = parseVideoLink(url);
    let cancelled = false;
    let release: (() => void) | null = null;
    attachSource(media, url, link?.kind === 'media' ? link.format : 'mp4', () => emit('error')).then(
      (releaseSource) => {
        if (cancelled) releaseSource();
        else release = releaseSource;
      },
      () => emit('error'), // the hls.js chunk could not be loaded
    );
    return () => {
      cancelled = true;
      release?.();
      detach();
      callbacks.current.onAttach(null);
    };
  }, [url]);

  const Tag = audio ? 'audio' : 'video';
  const media = (
    <Tag
      ref={element}
      data-testid="media-player"
      controls={controls}
      playsInline
      preload="auto"
      data-cue-size={cueSize}
      className={audio ? 'w-full' : 'size-full bg-black object-contain'}
    >
      {subtitles && (
        <track
          ref={trackElement}
          key={subtitles.url}
          kind="subtitles"
          src={subtitles.url}
          label={subtitles.label}
          default
        />
      )}
    </Tag>
  );
  if (!audio) return media;
  return (
    <div className="flex size-full flex-col items-center justify-center gap-6 bg-gradient-to-br from-violet-950 via-neutral-900 to-black p-6">
      <svg className="size-14 text-violet-300" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
        <path d="M9 18.5a2.5 2.5 0 1 1-2-2.45V5l12-2v11.5a2.5 2.5 0 1 1-2-2.45V6.3l-8 1.33z" />
      </svg>
      <p className="line-clamp-2 max-w-lg text-center text-lg font-semibold text-white">{title}</p>
      <div className="w-full max-w-lg">{media}</div>
    </div>
  );
}
