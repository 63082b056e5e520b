import { createStore } from '../../lib/createStore.ts';

// R128: the film's sound is lowered while people in the call speak, if the viewer wants it. The call (features/call)
// says who speaks; the player (features/player) lowers its sound; this base store is where the two meet.

const STORAGE_KEY = 'xemchung.duckFilm';
/** How loud the film plays while someone speaks, as a share of the volume the viewer set. */
export const DUCKED_VOLUME = 0.3;

const speaking = new Set<string>();

/** Whether the film's sound should be lowered now: someone else in the call speaks and the viewer wants it. */
export const filmDucked = createStore(false);

function readWanted(): boolean {
  if (typeof localStorage === 'undefined') return true;
  return localStorage.getItem(STORAGE_KEY) !== 'off';
}

/** The viewer's choice, remembered on this device; on until they turn it off. */
export const duckingWanted = createStore(readWanted());

function update(): void {
  filmDucked.set(duckingWanted.get() && speaking.size > 0);
}

export function setDuckingWanted(wanted: boolean): void {
  duckingWanted.set(wanted);
  try {
    localStorage.setItem(STORAGE_KEY, wanted ? 'on' : 'off');
  } catch {
    // A browser that keeps nothing (private mode, full storage) still honours the choice for this page.
  }
  update();
}

/** The call's tile of `peer` heard its sound rise above silence (`true`) or fall back (`false`). */
export function voiceSpeaking(peer: string, loud: boolean): void {
  if (loud) speaking.add(peer);
  else speaking.delete(peer);
  update();
}
