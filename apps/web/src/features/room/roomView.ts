import { applyRoomDelta, type RoomDelta, type RoomSnapshot } from '@xemchung/protocol';
import { createStore, type Store } from '../../lib/createStore.ts';

/** Deltas held back for the room they apply to (R108); a client this far behind asks for the whole room. */
const PENDING_DELTAS_MAX = 100;

/** The room as this tab holds it (R18, R108): the newest version seen of the room it is in. */
export interface RoomView {
  /** The room held; null before the first snapshot of the room, and once it is forgotten. */
  readonly store: Store<RoomSnapshot | null>;
  /** Takes a snapshot of the room we are in if it is newer than the one held, then any deltas that follow it. */
  accept(room: RoomSnapshot): void;
  /**
   * Applies a delta to the version before it, or keeps it until that version is held. Returns true when a delta
   * came past a gap: one before it may have been lost, so the whole room should be asked for again.
   */
  acceptDelta(delta: RoomDelta): boolean;
  /** Forgets the room and the deltas held back (leaving it, joining another, or the room gone). */
  forget(): void;
}

export function createRoomView(roomId: () => string | null): RoomView {
  const store = createStore<RoomSnapshot | null>(null);
  /** R108: deltas that came before the room they apply to (during a join, or past a missed one), by version. */
  const pending = new Map<number, RoomDelta>();

  const accept = (room: RoomSnapshot) => {
    const held = store.get();
    if (room.id !== roomId() || (held && room.version <= held.version)) return;
    let next = room;
    for (let delta = pending.get(next.version + 1); delta; delta = pending.get(next.version + 1)) {
      next = applyRoomDelta(next, delta);
    }
    for (const version of pending.keys()) if (version <= next.version) pending.delete(version);
    store.set(next);
  };

  return {
    store,
    accept,
    acceptDelta(delta) {
      const held = store.get();
      if (delta.roomId !== roomId() || (held && delta.version <= held.version)) return false;
      if (held && delta.version === held.version + 1) {
        accept(applyRoomDelta(held, delta));
        return false;
      }
      if (pending.size >= PENDING_DELTAS_MAX) pending.clear();
      pending.set(delta.version, delta);
      return held !== null;
    },
    forget() {
      pending.clear();
      store.set(null);
    },
  };
}
