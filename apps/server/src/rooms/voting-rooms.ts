import type { RoomSnapshot } from '@xemchung/protocol';

/**
 * The rooms this node last saw, in its own commits and reads, with skip votes standing (R66). When the people in
 * a room change, only these are re-checked: a leave can complete a vote. The node that took the last vote knows
 * the room has votes; a node that saw them cleared elsewhere may re-check once for nothing (a fresh read finds no
 * votes), which costs a read and changes nothing.
 */
export class VotingRooms {
  private readonly ids = new Set<string>();

  /** The room as committed or read: remembered while it has votes. */
  seen(room: Pick<RoomSnapshot, 'id' | 'skipVotes'>): void {
    if (room.skipVotes.length > 0) this.ids.add(room.id);
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
