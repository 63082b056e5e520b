import type { SubtitleTrack } from '@xemchung/protocol';
import { useEffect, useState } from 'react';
import { shiftedVtt, subtitleCues } from './subtitleCues.ts';

/** What the player's <track> element shows: the shown track's label and its cues as a WebVTT blob URL. */
export interface TrackSource {
  label: string;
  url: string;
}

/**
 * The shown track as a WebVTT file of its own, moved by the room's shift (R112): a new shift makes a new file, and
 * the <track> element keyed by it loads it, on every viewer's player alike.
 */
export function useSubtitleTrack(roomId: string, track: SubtitleTrack | null, shiftMs: number): TrackSource | null {
  const [source, setSource] = useState<TrackSource | null>(null);
  const fileId = track?.id ?? null;
  const label = track?.label ?? '';
  useEffect(() => {
    if (fileId === null) {
      setSource(null);
      return;
    }
    let url: string | null = null;
    let cancelled = false;
    subtitleCues(roomId, fileId).then(
      (cues) => {
        if (cancelled) return;
        url = URL.createObjectURL(new Blob([shiftedVtt(cues, shiftMs)], { type: 'text/vtt' }));
        setSource({ label, url });
      },
      () => {
        if (!cancelled) setSource(null);
      },
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [roomId, fileId, label, shiftMs]);
  return source;
}
