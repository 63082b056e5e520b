import { parseSubtitles } from '@xemchung/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { chooseSubtitles, SUBTITLES_OFF, shownTrack } from './subtitleChoice.ts';
import { shiftedVtt } from './subtitleCues.ts';

const tracks = [
  { id: 'AAAAAAAAAAAAAAAAAAAAAA', label: 'Tiếng Việt', cues: 3, by: 'u:host' },
  { id: 'BBBBBBBBBBBBBBBBBBBBBB', label: 'English', cues: 3, by: 'u:host' },
];

describe('each viewer’s subtitles (R112)', () => {
  beforeEach(() => localStorage.clear());

  it('shows the first track to a viewer who never chose, the picked one by label, none after Tắt', () => {
    expect(shownTrack(tracks, { track: null, size: 'medium' })?.label).toBe('Tiếng Việt');
    expect(shownTrack(tracks, { track: 'English', size: 'medium' })?.label).toBe('English');
    expect(shownTrack(tracks, { track: 'Français', size: 'medium' })?.label).toBe('Tiếng Việt');
    expect(shownTrack(tracks, { track: SUBTITLES_OFF, size: 'medium' })).toBeNull();
    expect(shownTrack([], { track: 'English', size: 'medium' })).toBeNull();
  });

  it('remembers the choice on the device', () => {
    chooseSubtitles({ track: SUBTITLES_OFF, size: 'large' });
    expect(JSON.parse(localStorage.getItem('xemchung:subtitles') ?? '{}')).toEqual({ track: 'off', size: 'large' });
  });

  it('moves every cue by the room’s shift, dropping what falls before the start', () => {
    const cues = [
      { start: 0.2, end: 1, text: 'một' },
      { start: 2, end: 3.5, text: '<i>hai</i>' },
    ];
    const later = parseSubtitles(shiftedVtt(cues, 500));
    expect(later).toMatchObject({
      cues: [
        { start: 0.7, end: 1.5 },
        { start: 2.5, end: 4, text: '<i>hai</i>' },
      ],
    });
    const earlier = parseSubtitles(shiftedVtt(cues, -1200));
    expect(earlier).toMatchObject({ cues: [{ start: 0.8, end: 2.3, text: '<i>hai</i>' }] });
    const straddling = parseSubtitles(shiftedVtt(cues, -500));
    expect(straddling).toMatchObject({
      cues: [
        { start: 0, end: 0.5, text: 'một' },
        { start: 1.5, end: 3 },
      ],
    });
  });
});
