// The `p2p-file` scenario's film (issue #22 item 4): a file big enough that a viewer cannot have fetched it all
// before the host seeks, made once with ffmpeg and cached beside bench/sync/clip.ts's clip.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf';

export const FILM_NAME = 'p2p-600s-60fps-200mb.mp4';
export const FILM_SECONDS = 600;

/**
 * Ten minutes of H.264 at 60 fps (640×360, a moving test pattern with each frame's timestamp and number), about
 * 2.65 Mbit/s with the AAC tone: ~200 MB. 60 fps as the clip's, so a displayed frame pins the position to 17 ms.
 * The pattern carries moving noise so the encoder spends its whole bitrate on every frame, as a real film does,
 * rather than padding a still picture. A keyframe every 2 s; the moov box at the front (+faststart), as a file
 * saved for the web has it (the service worker answers ranges, so a moov at the end costs one more range).
 * Returns the file's path; about 6 minutes of one core the first time.
 */
export function ensureFilm(): string {
  const dir = join(tmpdir(), 'xemchung-bench-media');
  const path = join(dir, FILM_NAME);
  if (existsSync(path)) return path;
  if (!existsSync(FFMPEG)) throw new Error(`${FFMPEG} is missing: install ffmpeg or set FFMPEG_PATH`);
  mkdirSync(dir, { recursive: true });
  const clock = `drawtext=fontfile=${FONT}:text='%{pts\\:hms}  f%{n}':fontcolor=white:box=1:boxcolor=black:fontsize=28:x=(w-tw)/2:y=(h-th)/2`;
  // Written under another name and renamed when complete, so an interrupted run leaves no broken film behind.
  const partial = join(dir, `partial-${FILM_NAME}`);
  execFileSync(
    FFMPEG,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc2=s=640x360:r=60:d=${FILM_SECONDS}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${FILM_SECONDS}`],
      ...['-vf', `noise=alls=25:allf=t,${existsSync(FONT) ? clock : 'null'}`],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '2550k', '-maxrate', '3200k', '-bufsize', '5100k'],
      ...['-g', '120', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-shortest', '-movflags', '+faststart'],
      partial,
    ],
    { stdio: 'inherit' },
  );
  renameSync(partial, path);
  return path;
}

if (import.meta.main) console.log(ensureFilm());
