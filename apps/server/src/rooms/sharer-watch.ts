import { OWN_FILE_SHARER_WAIT_MS, type RoomSnapshot } from '@xemchung/protocol';
import { currentItem, dropSharedFiles, moveOnFromAbsentSharer } from './room-own-files.ts';
import type { RoomState, Transition } from './room-state-types.ts';
import { type ServerDecisionDeps, serverDecisions } from './server-decision.ts';

export interface SharerWatchDeps extends ServerDecisionDeps {
  /** The person keys of the people in the room now, on every node (presence, R52). */
  present: (roomId: string) => ReadonlySet<string>;
  /** How long a sharer who left may take to come back (R120); OWN_FILE_SHARER_WAIT_MS unless a test says. */
  waitMs?: number;
}

/**
 * R120, R121: who shares the file each room plays, as this node last saw it in its commits and reads, and a timer
 * for each room whose sharer is away. `seen` is called with every room committed or read, `membersChanged` when
 * the people in a room change; the timer moves the room on through the room's queue, like a command (R17), and
 * only if the sharer is still away then. A node that restarts forgets its timers: the next change of people or of
 * the item sets them again.
 */
export class SharerWatch {
  private readonly sharers = new Map<string, { id: string; sharer: string }>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly deps: SharerWatchDeps;
  /** The move-on's commit, a start the server makes (R122: it waits for the players, as a select's does). */
  private readonly commit: (roomId: string, decide: (state: RoomState, now: number) => Transition) => void;

  constructor(deps: SharerWatchDeps) {
    this.deps = deps;
    this.commit = serverDecisions(deps, this);
  }

  /**
   * The room as committed or read. Presence is consulted only when the file playing (or its sharer) changed: most
   * commits are heartbeats of the same item, and a change of people comes through `membersChanged`.
   */
  seen(room: Pick<RoomSnapshot, 'id' | 'playlist' | 'current_video'>): void {
    const item = currentItem(room);
    const before = this.sharers.get(room.id);
    if (item?.file) {
      if (before?.id === item.id && before.sharer === item.file.sharer) return;
      this.sharers.set(room.id, { id: item.id, sharer: item.file.sharer });
    } else {
      if (!before) return;
      this.sharers.delete(room.id);
    }
    this.stop(room.id);
    this.membersChanged(room.id);
  }

  forget(roomId: string): void {
    this.sharers.delete(roomId);
    this.stop(roomId);
  }

  /** The people in the room changed: the sharer of what it plays left (the wait starts) or came back (it stops). */
  membersChanged(roomId: string): void {
    const playing = this.sharers.get(roomId);
    const present = this.deps.present(roomId);
    // A room nobody is in stands still, as it does for a link: moving on there is for no one, and a room looping
    // over files whose sharers are gone would commit every wait for ever. Whoever comes in starts the wait again.
    if (!playing || present.size === 0 || present.has(playing.sharer)) {
      this.stop(roomId);
      return;
    }
    if (this.timers.has(roomId)) return;
    const timer = setTimeout(() => {
      this.timers.delete(roomId);
      this.commit(roomId, (state, now) => moveOnFromAbsentSharer(state, playing.id, this.deps.present(roomId), now));
    }, this.deps.waitMs ?? OWN_FILE_SHARER_WAIT_MS);
    timer.unref();
    this.timers.set(roomId, timer);
  }

  /** R121: a kick takes the kicked person's shared files out of the playlist at once. */
  dropSharer(roomId: string, sharer: string): void {
    this.commit(roomId, (state, now) => dropSharedFiles(state, sharer, now));
  }

  /** Stops every timer (the server closing). */
  close(): void {
    for (const roomId of [...this.timers.keys()]) this.stop(roomId);
  }

  private stop(roomId: string): void {
    clearTimeout(this.timers.get(roomId));
    this.timers.delete(roomId);
  }
}
