import {
  type ErrorCode,
  isController,
  roleOf,
  SUBTITLE_TRACKS_MAX,
  type SubtitleTrack,
  takesSubtitles,
  type Video,
} from '@xemchung/protocol';
import type { Actor } from '../commands/actor.ts';
import { waitingCount } from './room-adds.ts';
import { type RoomState, refuse, type Transition } from './room-state-types.ts';

// Subtitle tracks on playlist items (R111, R112). Part of the state machine of room-state.ts, which dispatches to
// it; pure like the rest of it.

/**
 * `subtitle:add` as the state machine takes it (R111): the file the client uploaded, found in this room by the
 * server, with the count of its cues.
 */
export interface SubtitleAdd {
  type: 'subtitle:add';
  id: string;
  fileId: string;
  label: string;
  cues: number;
}

/** The state with the item at `index` replaced. */
function withVideo(state: RoomState, index: number, video: Video): Transition {
  return { state: { ...state, playlist: state.playlist.map((item, i) => (i === index ? video : item)) } };
}

function itemAt(state: RoomState, id: string): { index: number; video: Video } | null {
  const index = state.playlist.findIndex((video) => video.id === id);
  const video = state.playlist[index];
  return video ? { index, video } : null;
}

/**
 * R111: the file goes on the item as one more track, at most SUBTITLE_TRACKS_MAX; attaching the same file twice is
 * a no-op. A viewer who is not a controller counts a track on a waiting item toward the per-person cap, as an item.
 */
export function addSubtitle(state: RoomState, command: SubtitleAdd, actor: Actor): Transition {
  const item = itemAt(state, command.id);
  if (!item) return refuse('video_not_found', 'That video is not in the playlist');
  const { index, video } = item;
  if (!takesSubtitles(video)) return refuse('subtitles_unsupported', 'Only direct links and streams take subtitles');
  const tracks = video.subtitles ?? [];
  if (tracks.some((track) => track.id === command.fileId)) return { state };
  if (tracks.length >= SUBTITLE_TRACKS_MAX) {
    return refuse('subtitles_full', `An item has at most ${SUBTITLE_TRACKS_MAX} subtitle tracks`);
  }
  const waiting = !video.visited && video.id !== state.current_video.id;
  const cap = state.settings.perPersonCap;
  if (waiting && !isController(roleOf(state, actor.uid)) && waitingCount(state, actor) >= cap) {
    return refuse('cap_reached', `You already have ${cap} videos waiting`);
  }
  const track: SubtitleTrack = { id: command.fileId, label: command.label, cues: command.cues, by: actor.key };
  return withVideo(state, index, { ...video, subtitles: [...tracks, track] });
}

/** R111: a controller removes any track, anyone else only one they attached; removing a track gone is a no-op. */
export function removeSubtitle(state: RoomState, id: string, fileId: string, actor: Actor): Transition {
  const item = itemAt(state, id);
  if (!item) return refuse('video_not_found', 'That video is not in the playlist');
  const { index, video } = item;
  const track = video.subtitles?.find((candidate) => candidate.id === fileId);
  if (!track) return { state };
  if (track.by !== actor.key && !isController(roleOf(state, actor.uid))) {
    return refuse('forbidden', 'Only a controller or who attached it may remove a subtitle track');
  }
  const { subtitles: _all, ...rest } = video;
  const left = (video.subtitles ?? []).filter((candidate) => candidate.id !== fileId);
  return withVideo(state, index, left.length > 0 ? { ...rest, subtitles: left } : rest);
}

/** R112: the controllers set how far the item's subtitles are shifted, for everyone; 0 is no shift. */
export function shiftSubtitles(state: RoomState, id: string, shiftMs: number): Transition {
  const item = itemAt(state, id);
  if (!item) return refuse('video_not_found', 'That video is not in the playlist');
  const { index, video } = item;
  if (!takesSubtitles(video)) return refuse('subtitles_unsupported', 'Only direct links and streams take subtitles');
  if ((video.subtitleShiftMs ?? 0) === shiftMs) return { state };
  const { subtitleShiftMs: _old, ...rest } = video;
  return withVideo(state, index, shiftMs === 0 ? rest : { ...rest, subtitleShiftMs: shiftMs });
}
