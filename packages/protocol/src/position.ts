import type { CurrentVideo } from './schemas/room.ts';

/** The part of current_video that fixes where playback is. */
export type PlaybackReference = Pick<CurrentVideo, 'playing' | 'current_time' | 'updated_at' | 'rate'>;

/**
 * Where playback should be at server time `serverNow` (epoch ms), in seconds: the position stamped at
 * `updated_at`, plus the elapsed time × rate while playing, never past `duration` when it is known.
 *
 * Always pass server time (`ClockOffsetEstimator.serverNow()`), never the local clock: `updated_at` is stamped
 * by the server, so a client whose clock is off by minutes still computes the same position as everyone else.
 * An `updated_at` of 0 means the default current_video (never stamped), so no time has elapsed from it; a
 * `serverNow` before `updated_at` (a slightly wrong offset) counts as no time elapsed rather than rewinding.
 *
 * The first version's follower fell back to the stored time when the sum passed the duration, which replays a finished
 * video for late joiners; we clamp to the duration instead (docs/room-rules.md R19).
 */
export function expectedPosition(reference: PlaybackReference, serverNow: number, duration?: number | null): number {
  let position = reference.current_time;
  if (reference.playing && reference.updated_at > 0) {
    const elapsedSeconds = Math.max(0, serverNow - reference.updated_at) / 1000;
    position += elapsedSeconds * reference.rate;
  }
  if (duration !== undefined && duration !== null && Number.isFinite(duration) && duration > 0) {
    position = Math.min(position, duration);
  }
  return position;
}
