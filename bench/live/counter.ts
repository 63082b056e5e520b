// The frame counter of `npm run bench:live` (issue #23 item 4): a tab that paints the time it paints as blocks, and
// what each receiver runs on its shared <video> to read that time back. All the processes share this machine's
// clock, so a receiver's `Date.now()` when a frame is presented minus the time painted into it is the frame's
// glass-to-glass latency: capture, encoding, the network, decoding and presenting.
//
// The picture: a red frame (found again whatever the capture scaled or letterboxed) around `COLS × ROWS` blocks,
// black for 0 and white for 1: the 44 bits of `Date.now()` (most significant first), then a 4-bit check (the count
// of ones mod 16), so a frame that compression smeared is counted as unreadable rather than misread.

export const COUNTER_LAYOUT = {
  /** The counter tab's title: `--auto-select-tab-capture-source-by-title` picks it for getDisplayMedia. */
  title: 'XemChung bench live counter',
  cols: 12,
  rows: 4,
  timeBits: 44,
  checkBits: 4,
  /** The red frame's width, as a share of the painted area's width and height. */
  border: 0.03,
} as const;

export type CounterLayout = typeof COUNTER_LAYOUT;

/**
 * Runs in the counter tab (its only script): on every animation frame, the current time as blocks on a canvas that
 * fills the window (1280 × 720: blocks about 100 × 160 px, far above what video compression blurs away).
 */
export function paintCounter(layout: CounterLayout): void {
  const canvas = document.createElement('canvas');
  canvas.width = window.innerWidth;
  canvas.height = window.innerHeight;
  canvas.style.display = 'block';
  document.body.style.margin = '0';
  document.body.style.background = '#000';
  document.body.append(canvas);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  const { width, height } = canvas;
  const bx = Math.round(width * layout.border);
  const by = Math.round(height * layout.border);
  const cellW = (width - 2 * bx) / layout.cols;
  const cellH = (height - 2 * by) / layout.rows;
  const paint = () => {
    const now = Date.now();
    const bits: number[] = [];
    let ones = 0;
    for (let bit = layout.timeBits - 1; bit >= 0; bit--) {
      const value = Math.floor(now / 2 ** bit) % 2;
      ones += value;
      bits.push(value);
    }
    for (let bit = layout.checkBits - 1; bit >= 0; bit--) bits.push(Math.floor((ones % 16) / 2 ** bit) % 2);
    context.fillStyle = '#f00';
    context.fillRect(0, 0, width, height);
    bits.forEach((value, index) => {
      context.fillStyle = value === 1 ? '#fff' : '#000';
      const col = index % layout.cols;
      const row = Math.floor(index / layout.cols);
      context.fillRect(bx + col * cellW, by + row * cellH, Math.ceil(cellW), Math.ceil(cellH));
    });
    requestAnimationFrame(paint);
  };
  requestAnimationFrame(paint);
}

/** The counter tab's page, for `page.setContent`. */
export function counterPage(layout: CounterLayout = COUNTER_LAYOUT): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${layout.title}</title></head><body><script>(${paintCounter.toString()})(${JSON.stringify(layout)});</script></body></html>`;
}

/**
 * What a receiver recorded: each readable frame as [Date.now() at its callback, latency ms, how late the callback
 * ran after the frame was handed to the compositor (rVFC's presentationTime), ms], and how many were unreadable.
 */
export interface LiveSamples {
  frames: [number, number, number][];
  unreadable: number;
}

declare global {
  interface Window {
    __liveSamples?: LiveSamples;
  }
}

/**
 * Runs in every receiver's page (an init script): watches the room's share <video> (`selector`), and for every frame
 * it presents (requestVideoFrameCallback) takes `Date.now()` first, then draws the frame small (320 × 180), finds the
 * red frame, reads the blocks' centres and records the latency. Self-contained: Playwright sends it as source.
 */
export function installLiveProbe({ selector, layout }: { selector: string; layout: CounterLayout }): void {
  const samples: LiveSamples = { frames: [], unreadable: 0 };
  window.__liveSamples = samples;
  const W = 320;
  const H = 180;
  let canvas: HTMLCanvasElement | null = null;
  let context: CanvasRenderingContext2D | null = null;
  let watched: HTMLVideoElement | null = null;

  const read = (data: Uint8ClampedArray): number | null => {
    let minX = W;
    let maxX = -1;
    let minY = H;
    let maxY = -1;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const at = (y * W + x) * 4;
        if ((data[at] ?? 0) > 150 && (data[at + 1] ?? 0) < 100 && (data[at + 2] ?? 0) < 100) {
          if (x < minX) minX = x;
          if (x > maxX) maxX = x;
          if (y < minY) minY = y;
          if (y > maxY) maxY = y;
        }
      }
    }
    if (maxX - minX < W / 4 || maxY - minY < H / 4) return null;
    const width = maxX - minX + 1;
    const height = maxY - minY + 1;
    const left = minX + width * layout.border;
    const top = minY + height * layout.border;
    const cellW = (width * (1 - 2 * layout.border)) / layout.cols;
    const cellH = (height * (1 - 2 * layout.border)) / layout.rows;
    const bits: number[] = [];
    for (let index = 0; index < layout.cols * layout.rows; index++) {
      const cx = Math.round(left + (index % layout.cols) * cellW + cellW / 2);
      const cy = Math.round(top + Math.floor(index / layout.cols) * cellH + cellH / 2);
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const at = ((cy + dy) * W + (cx + dx)) * 4;
          sum += ((data[at] ?? 0) + (data[at + 1] ?? 0) + (data[at + 2] ?? 0)) / 3;
        }
      }
      bits.push(sum / 9 > 128 ? 1 : 0);
    }
    let time = 0;
    let ones = 0;
    for (let bit = 0; bit < layout.timeBits; bit++) {
      time = time * 2 + (bits[bit] ?? 0);
      ones += bits[bit] ?? 0;
    }
    let check = 0;
    for (let bit = layout.timeBits; bit < bits.length; bit++) check = check * 2 + (bits[bit] ?? 0);
    return check === ones % 16 ? time : null;
  };

  const onFrame = (video: HTMLVideoElement) => (_now: number, metadata: VideoFrameCallbackMetadata) => {
    const presentedAt = Date.now();
    const callbackLag = performance.now() - metadata.presentationTime;
    if (watched !== video) return;
    video.requestVideoFrameCallback(onFrame(video));
    if (!canvas) {
      canvas = document.createElement('canvas');
      canvas.width = W;
      canvas.height = H;
      context = canvas.getContext('2d', { willReadFrequently: true });
    }
    if (!context || video.videoWidth === 0) return;
    context.drawImage(video, 0, 0, W, H);
    const painted = read(context.getImageData(0, 0, W, H).data);
    // A check that passes by chance on a smeared frame still gives a time far from now: unreadable too.
    if (painted === null || presentedAt - painted < -50 || presentedAt - painted > 60_000) samples.unreadable++;
    else samples.frames.push([presentedAt, presentedAt - painted, callbackLag]);
  };

  // The share's <video> appears (and may be replaced) when the room's share starts: look for it every 100 ms.
  setInterval(() => {
    const video = document.querySelector<HTMLVideoElement>(selector);
    if (!video || video === watched) return;
    watched = video;
    video.requestVideoFrameCallback(onFrame(video));
  }, 100);
}
