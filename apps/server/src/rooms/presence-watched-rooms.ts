import type { RoomSnapshot } from '@xemchung/protocol';

/**
 * The rooms this node last saw, in its own commits and reads, with something standing that the people present
 * decide: skip votes (R66) or a start waiting for people to be ready (R122). When the people in a room change, only
 * these are re-checked: a leave can complete a vote or end a wait. The node that committed the votes or the wait
 * knows of them; a node that saw them cleared elsewhere may re-check once for nothing (a fresh read finds nothing
 * standing), which costs a read and changes nothing.
 */
export class PresenceWatchedRooms {
  private readonly ids = new Set<string>();

  /** The room as committed or read: remembered while it has votes or a start's wait list. */
  seen(room: Pick<RoomSnapshot, 'id' | 'skipVotes' | 'readyWait'>): void {
    if (room.skipVotes.length > 0 || room.readyWait.length > 0) this.ids.add(room.id);
    else this.ids.delete(room.id);
  }

  /** The room is gone. */
  forget(roomId: string): void {
    this.ids.delete(roomId);
  }

  has(roomId: string): boolean {
    return this.ids.has(roomId);
  }
}
