import type { RoomSnapshot } from '@xemchung/protocol';
import type { RoomBroadcast } from './room-commit.ts';

export interface RoomResyncDeps {
  load(roomId: string): Promise<RoomSnapshot | null>;
  broadcast: Pick<RoomBroadcast, 'state' | 'deleted'>;
  /** First pause after a failed load; doubles up to 5 s while the database stays away. */
  retryMs?: number;
  /** Told of each failed load; the pass stops there and resumes after a pause. */
  onError?(error: unknown): void;
}

const MAX_RETRY_MS = 5000;

/**
 * Re-broadcasts the committed state of rooms whose broadcasts may have been missed: after this node's Redis
 * link comes back (every room it has sockets in), or after a commit whose outcome is unknown (the database
 * connection died during it). Clients keep the highest version (R18), so a repeat is harmless and a missed
 * commit arrives. A room that fails to load stays pending and is retried until the database answers.
 */
export class RoomResync {
  private readonly deps: RoomResyncDeps;
  private readonly pending = new Set<string>();
  private running: Promise<void> | null = null;
  private closed = false;
  private wake: (() => void) | null = null;

  constructor(deps: RoomResyncDeps) {
    this.deps = deps;
  }

  schedule(roomIds: Iterable<string>): void {
    if (this.closed) return;
    for (const roomId of roomIds) this.pending.add(roomId);
    if (this.pending.size === 0) return;
    // While a pass pauses after a failure, new rooms wait for it: the database is away for them too.
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Stops retrying; resolves once the current pass is over. */
  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    await this.running;
  }

  private async drain(): Promise<void> {
    let pause = this.deps.retryMs ?? 200;
    while (this.pending.size > 0 && !this.closed) {
      let failure: { error: unknown } | undefined;
      for (const roomId of [...this.pending]) {
        if (this.closed) return;
        try {
          const room = await this.deps.load(roomId);
          this.pending.delete(roomId);
          if (room) this.deps.broadcast.state(room);
          else this.deps.broadcast.deleted(roomId);
        } catch (error) {
          failure = { error };
          break; // the database is away: wait, then go on from where this pass stopped
        }
      }
      if (!failure) continue;
      this.deps.onError?.(failure.error);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pause);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
      pause = Math.min(MAX_RETRY_MS, pause * 2);
    }
  }
}
