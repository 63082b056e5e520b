import { applyRoomDelta, type RoomDelta, type RoomSnapshot } from '@xemchung/protocol';

/**
 * A client's copy of a room as the web client keeps it (R18, R108): the newest whole room (a join's answer or a
 * `room:state`), and deltas applied to the room one version older, held back until it is here.
 */
export class RoomReplica {
  current: RoomSnapshot | undefined;
  private readonly pending = new Map<number, RoomDelta>();

  /** A whole room: kept when newer than the one held, then every delta that follows it. */
  keep(room: RoomSnapshot): void {
    if (this.current && room.version <= this.current.version) return;
    let next = room;
    for (let delta = this.pending.get(next.version + 1); delta; delta = this.pending.get(next.version + 1)) {
      next = applyRoomDelta(next, delta);
    }
    for (const version of this.pending.keys()) if (version <= next.version) this.pending.delete(version);
    this.current = next;
  }

  /**
   * A delta: applied when the room one version older is held, else held back. True when a room is held and the
   * delta is further ahead than the next version: one may have been lost, and the caller should join again.
   */
  delta(delta: RoomDelta): boolean {
    if (this.current && delta.version <= this.current.version) return false;
    if (this.current && delta.version === this.current.version + 1) {
      this.keep(applyRoomDelta(this.current, delta));
      return false;
    }
    this.pending.set(delta.version, delta);
    return this.current !== undefined;
  }
}
