// The `ready` scenario's clip (issue #27 item 5), made once with ffmpeg and cached beside bench/sync/clip.ts's.
// Not that clip: at its ~100 kbit/s, the 187 KB moov box its 7,200 frames need takes 10 s at 1.5× the bitrate,
// so the throttled follower could never load an item within any bound. Real media carry far more bits per frame;
// this clip has a film's ratio of moov to bitrate (the moov, ~190 KB, is about a second at 1.5×).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf';

export const READY_CLIP_NAME = 'ready-120s-60fps-1mbit.mp4';
export const READY_CLIP_SECONDS = 120;

/**
 * Two minutes of H.264 at 60 fps (640×360, a moving test pattern with moving noise, so the encoder spends its
 * bitrate on every frame, and each frame's time and number), ~1 Mbit/s, a keyframe every second as the clip's,
 * an AAC tone, the moov at the front: ~15 MB. Returns its path; about a minute of one core the first time.
 */
export function ensureReadyClip(): string {
  const dir = join(tmpdir(), 'xemchung-bench-media');
  const path = join(dir, READY_CLIP_NAME);
  if (existsSync(path)) return path;
  if (!existsSync(FFMPEG)) throw new Error(`${FFMPEG} is missing: install ffmpeg or set FFMPEG_PATH`);
  mkdirSync(dir, { recursive: true });
  const clock = `drawtext=fontfile=${FONT}:text='%{pts\\:hms}  f%{n}':fontcolor=white:box=1:boxcolor=black:fontsize=28:x=(w-tw)/2:y=(h-th)/2`;
  // Written under another name and renamed when complete, so an interrupted run leaves no broken clip behind.
  const partial = join(dir, `partial-${READY_CLIP_NAME}`);
  execFileSync(
    FFMPEG,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc2=s=640x360:r=60:d=${READY_CLIP_SECONDS}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${READY_CLIP_SECONDS}`],
      ...['-vf', `noise=alls=12:allf=t,${existsSync(FONT) ? clock : 'null'}`],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '1000k', '-maxrate', '1250k', '-bufsize', '2000k'],
      ...['-g', '60', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '32k', '-shortest', '-movflags', '+faststart'],
      partial,
    ],
    { stdio: 'inherit' },
  );
  renameSync(partial, path);
  return path;
}

if (import.meta.main) console.log(ensureReadyClip());
