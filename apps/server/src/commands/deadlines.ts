/** A deadline that has not passed yet; `cancel` it once the work is answered. */
export interface Deadline {
  cancel(): void;
}

interface Pending {
  at: number;
  expire: () => void;
}

/**
 * Deadlines of one length, all checked by one timer (R34's command deadline). A node commits a thousand commands a
 * second, each answered in a few ms; a timer of its own for each cost more than the deadline is worth (armed,
 * inserted into Node's timer lists, then cleared: about 1 % of a node's CPU in bench:fanout). Here a command costs a
 * Set entry, and one interval runs while any is pending. A deadline fires up to `timeoutMs / 4` (at most 250 ms)
 * late, never early.
 */
export class Deadlines {
  private readonly pending = new Set<Pending>();
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly tickMs: number;
  private timer: NodeJS.Timeout | null = null;

  constructor(timeoutMs: number, now: () => number = Date.now) {
    this.timeoutMs = timeoutMs;
    this.now = now;
    this.tickMs = Math.max(1, Math.min(250, Math.floor(timeoutMs / 4)));
  }

  /** Calls `expire` once `timeoutMs` have passed, unless cancelled first. */
  start(expire: () => void): Deadline {
    const entry: Pending = { at: this.now() + this.timeoutMs, expire };
    this.pending.add(entry);
    // Unref'd: a pending deadline never keeps the process alive on its own.
    this.timer ??= setInterval(() => this.check(), this.tickMs).unref();
    return { cancel: () => this.pending.delete(entry) };
  }

  private check(): void {
    const now = this.now();
    for (const entry of this.pending) {
      if (entry.at > now) continue;
      this.pending.delete(entry);
      entry.expire();
    }
    if (this.pending.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}
