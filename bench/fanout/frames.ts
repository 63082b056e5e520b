// What the load generator's clients receive, told apart from the frame's bytes (load.ts), and the look-alike of
// XemChung's broadcast that the baselines relay.
import type { SeededRoom } from '../lib/seed.ts';

/**
 * The part of a room:state (or of a baseline's look-alike payload) a parsing follower reads, or of a room:delta
 * (R108), XemChung's broadcast of a playback report since the deltas: the same current video, under `set`.
 */
export interface StateFrame {
  current_video?: { current_time: number };
  set?: { current_video?: { current_time: number } };
  /** Absent from a vote a baseline relays as sent. */
  version?: number;
}

/** Whether a Socket.IO event frame (`42["<event>",…`) is `event`, read from its bytes without parsing it. */
function eventIs(event: string): (frame: Buffer) => boolean {
  const tag = Buffer.from(`["${event}"`);
  return (frame) => frame.compare(tag, 0, tag.length, 2, 2 + tag.length) === 0;
}
const isPresence = eventIs('room:presence');
const isChat = eventIs('chat:message');
const isRoomState = eventIs('room:state');
const isRoomDelta = eventIs('room:delta');
const CURRENT_VIDEO = Buffer.from('"current_video"');

/**
 * A frame's kind: who is in the room (R52), chat (R54), a host event's state (it carries the current video), a
 * vote's state (R65: a state frame without it), or something else (counted, never parsed).
 */
export type FrameKind = 'presence' | 'chat' | 'host' | 'vote' | 'other';
export function frameKind(frame: Buffer): FrameKind {
  if (isPresence(frame)) return 'presence';
  if (isChat(frame)) return 'chat';
  if (!isRoomState(frame) && !isRoomDelta(frame)) return 'other';
  return frame.includes(CURRENT_VIDEO) ? 'host' : 'vote';
}

/**
 * A payload shaped and sized like XemChung's broadcast of a host event at `position` s, for the baselines to
 * relay: a room:state as before the deltas (R108), or in the mix a room:delta of the current video.
 */
export function lookAlikeState(
  seeded: SeededRoom | undefined,
  room: number,
  k: number,
  position: number,
  mix: boolean,
) {
  const current_video = {
    id: seeded?.videoId,
    index: 0,
    playing: true,
    current_time: position,
    updated_at: Date.now(),
    rate: 1,
  };
  if (mix) return { roomId: seeded?.id, version: k + 3, set: { current_video } };
  return {
    id: seeded?.id,
    host: 'bench-host-uid-000',
    name: `Phòng đo tải ${room}`,
    playlist: [
      { id: seeded?.videoId, title: `Video ${room}`, thumbnail: '', visited: true, source: 'youtube', mediaUrl: null },
    ],
    current_video,
    version: k + 3,
  };
}
