import type { Video } from '@xemchung/protocol';
import { useRoomState } from '../../room/useRoomState.ts';
import { type CueSize, shownTrack, useSubtitleChoice } from './subtitleChoice.ts';
import { type TrackSource, useSubtitleTrack } from './useSubtitleTrack.ts';

/** What this viewer's player shows of the item's subtitles (R112): the track they pick, moved by the room's shift. */
export function useShownSubtitles(video: Video): { track: TrackSource | null; size: CueSize } {
  const roomId = useRoomState()?.id ?? '';
  const choice = useSubtitleChoice();
  const track = useSubtitleTrack(roomId, shownTrack(video.subtitles ?? [], choice), video.subtitleShiftMs ?? 0);
  return { track, size: choice.size };
}
