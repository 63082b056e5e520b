import type { PlayerEvent } from './types.ts';

/** How long HTML5 media may go without data to play before the player says it cannot load it (ms, R89). */
export const MEDIA_LOAD_TIMEOUT_MS = 15_000;

/**
 * Watches one HTML5 media element load (R89). Without `canplay` (or `playing`) within the timeout, `onChange(true)`:
 * the page says the video did not load and offers a retry. A late `canplay` takes it back with `onChange(false)`.
 * It only tells the page: the player's sync goes on as it was, and nothing is sent to the room.
 */
export class LoadWatchdog {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timedOut = false;
  private readonly onChange: (timedOut: boolean) => void;
  private readonly timeoutMs: number;

  constructor(onChange: (timedOut: boolean) => void, timeoutMs = MEDIA_LOAD_TIMEOUT_MS) {
    this.onChange = onChange;
    this.timeoutMs = timeoutMs;
  }

  /** A media element started loading its source (a retry's fresh one too: the message goes until it times out). */
  start(): void {
    this.stop();
    this.set(false);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.set(true);
    }, this.timeoutMs);
  }

  handle(event: PlayerEvent): void {
    if (event !== 'canplay' && event !== 'playing') return;
    this.stop();
    this.set(false);
  }

  /** The element went away (a retry mounts a new one and starts again). */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private set(timedOut: boolean) {
    if (timedOut === this.timedOut) return;
    this.timedOut = timedOut;
    this.onChange(timedOut);
  }
}
