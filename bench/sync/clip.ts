import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf';

/** The benchmark's clip: 120 s of H.264 at 60 fps with an AAC tone, each frame showing its timestamp and number. */
export const CLIP_NAME = 'sync-120s-60fps.mp4';
export const CLIP_SECONDS = 120;

/**
 * Makes the clip once (cached in the system's temp folder, ~1.5 MB) and returns its folder. 60 fps so a
 * displayed frame pins the position to 17 ms; a keyframe every second keeps seeks cheap; the audio track
 * makes the browser's audio clock drive playback, as it does for real videos.
 */
export function ensureClip(): string {
  const dir = join(tmpdir(), 'xemchung-bench-media');
  if (existsSync(join(dir, CLIP_NAME))) return dir;
  if (!existsSync(FFMPEG)) {
    throw new Error(`${FFMPEG} is missing: run 'npm run bench:sync' (it installs ffmpeg with apt) or set FFMPEG_PATH`);
  }
  mkdirSync(dir, { recursive: true });
  const text = existsSync(FONT)
    ? `,drawtext=fontfile=${FONT}:text='%{pts\\:hms}  f%{n}':fontcolor=white:fontsize=22:x=(w-tw)/2:y=(h-th)/2`
    : '';
  // Written under another name and renamed when complete, so an interrupted run leaves no broken clip behind.
  const partial = join(dir, `partial-${CLIP_NAME}`);
  execFileSync(
    FFMPEG,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `color=c=0x1e1b4b:s=320x180:r=60:d=${CLIP_SECONDS}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${CLIP_SECONDS}`],
      ...['-vf', `null${text}`],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-g', '60', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '32k', '-shortest', '-movflags', '+faststart'],
      partial,
    ],
    { stdio: 'inherit' },
  );
  renameSync(partial, join(dir, CLIP_NAME));
  return dir;
}
