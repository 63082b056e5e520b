import { DEFAULT_CURRENT_VIDEO, type Video } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { mediaVideo } from '../../../test/fakeRoomSocket.ts';
import { nextOwnFile } from './useOwnFilePrefetch.ts';

const ownFile = (id: string): Video => ({
  ...mediaVideo(id, id),
  source: 'file',
  mediaUrl: null,
  file: { name: `${id}.mp4`, size: 1_000_000, duration: 60, mime: 'video/mp4', digest: 'a'.repeat(64), sharer: 'An' },
});
const playing = (id: string) => ({ ...DEFAULT_CURRENT_VIDEO, id, playing: true });

describe('nextOwnFile (R131)', () => {
  const playlist = [mediaVideo('m_a', 'A'), ownFile('f_b'), mediaVideo('m_c', 'C'), ownFile('f_d')];

  it('is the first shared file from the top while nothing is selected', () => {
    expect(nextOwnFile({ playlist, current_video: DEFAULT_CURRENT_VIDEO })?.id).toBe('f_b');
  });

  it('is the first shared file after the current item, not the current one nor one before it', () => {
    expect(nextOwnFile({ playlist, current_video: playing('m_a') })?.id).toBe('f_b');
    expect(nextOwnFile({ playlist, current_video: playing('f_b') })?.id).toBe('f_d');
    expect(nextOwnFile({ playlist, current_video: playing('f_d') })).toBeNull();
  });

  it('is none in a playlist without shared files', () => {
    expect(nextOwnFile({ playlist: [mediaVideo('m_a', 'A')], current_video: DEFAULT_CURRENT_VIDEO })).toBeNull();
  });
});
