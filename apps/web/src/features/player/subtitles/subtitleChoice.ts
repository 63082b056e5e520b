import type { SubtitleTrack } from '@xemchung/protocol';
import { createStore, useStore } from '../../../lib/createStore.ts';

/** How large this viewer's subtitles are drawn (R112). */
export const CUE_SIZES = ['small', 'medium', 'large'] as const;
export type CueSize = (typeof CUE_SIZES)[number];

/**
 * What one viewer wants of subtitles, on this device (R112): the label of the track they last picked, 'off' when
 * they turned subtitles off, or null before they chose (then the item's first track shows); and the text size.
 */
export interface SubtitleChoice {
  track: string | null;
  size: CueSize;
}

const STORAGE_KEY = 'xemchung:subtitles';
const DEFAULT_CHOICE: SubtitleChoice = { track: null, size: 'medium' };

function readSaved(): SubtitleChoice {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<SubtitleChoice> | null;
    return {
      track: typeof saved?.track === 'string' ? saved.track : null,
      size: CUE_SIZES.includes(saved?.size as CueSize) ? (saved?.size as CueSize) : DEFAULT_CHOICE.size,
    };
  } catch {
    return DEFAULT_CHOICE; // storage blocked or a value written by hand
  }
}

const choice = createStore<SubtitleChoice>(typeof localStorage === 'undefined' ? DEFAULT_CHOICE : readSaved());

export function useSubtitleChoice(): SubtitleChoice {
  return useStore(choice);
}

export function chooseSubtitles(change: Partial<SubtitleChoice>): void {
  const next = { ...choice.get(), ...change };
  choice.set(next);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Kept for this page only when the browser refuses storage.
  }
}

export const SUBTITLES_OFF = 'off';

/** The track to show of an item's (R112): the one labelled as last picked, else the first; none when turned off. */
export function shownTrack(tracks: readonly SubtitleTrack[], picked: SubtitleChoice): SubtitleTrack | null {
  if (picked.track === SUBTITLES_OFF) return null;
  return tracks.find((track) => track.label === picked.track) ?? tracks[0] ?? null;
}
