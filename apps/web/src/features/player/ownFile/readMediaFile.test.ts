import { nameProblem, OWN_FILE_NAME_MAX } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { playlistName } from './readMediaFile.ts';

describe("a shared file's name in the playlist (R117, R96)", () => {
  it('R117: keeps an ordinary name, in NFC', () => {
    expect(playlistName('Phim Tết 2026.mkv')).toBe('Phim Tết 2026.mkv');
    expect(playlistName('Phim Te\u0302\u0301t.mkv')).toBe('Phim Tết.mkv');
  });

  it('R117: drops what the name rule refuses, and a name with nothing visible is "Tệp"', () => {
    expect(playlistName('phim\nmới\u0000.mp4')).toBe('phim mới.mp4');
    expect(playlistName('\u202e\u200b')).toBe('Tệp');
  });

  it('R117: a long name is cut at a whole grapheme within 200 UTF-16 units, and the server takes it', () => {
    for (const long of ['a'.repeat(300), `${'a'.repeat(199)}🇻🇳🇻🇳`, '🇻🇳'.repeat(150)]) {
      const name = playlistName(long);
      expect(name.length).toBeLessThanOrEqual(OWN_FILE_NAME_MAX);
      expect(nameProblem(name, OWN_FILE_NAME_MAX)).toBeNull();
      expect(long.startsWith(name)).toBe(true);
    }
  });
});
