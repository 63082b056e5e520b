import { describe, expect, it } from 'vitest';
import { duckingWanted, filmDucked, setDuckingWanted, voiceSpeaking } from './callVoices.ts';

describe('callVoices (R128)', () => {
  it('lowers the film while anyone else speaks, and only if the viewer wants it, remembering the choice', () => {
    expect(duckingWanted.get()).toBe(true);
    voiceSpeaking('a', true);
    voiceSpeaking('b', true);
    expect(filmDucked.get()).toBe(true);
    voiceSpeaking('a', false);
    expect(filmDucked.get()).toBe(true);
    voiceSpeaking('b', false);
    expect(filmDucked.get()).toBe(false);

    setDuckingWanted(false);
    voiceSpeaking('a', true);
    expect(filmDucked.get()).toBe(false);
    expect(localStorage.getItem('xemchung.duckFilm')).toBe('off');
    setDuckingWanted(true);
    expect(filmDucked.get()).toBe(true);
    voiceSpeaking('a', false);
  });
});
