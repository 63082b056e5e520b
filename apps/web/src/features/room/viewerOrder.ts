import { type Role, type RoomRoles, roleOf, shortGuestTag, type Viewer } from '@xemchung/protocol';

const ROLE_ORDER: Record<Role, number> = { host: 0, cohost: 1, member: 2, guest: 3 };

/** A viewer with the role the room gives them (from the room's host and co-hosts, R50). */
export interface RankedViewer {
  viewer: Viewer;
  role: Role;
}

/** The host first, then co-hosts, signed-in viewers by name, and guests by tag. */
export function rankViewers(viewers: readonly Viewer[], room: RoomRoles): RankedViewer[] {
  const collator = new Intl.Collator('vi');
  const label = (viewer: Viewer) => viewer.name ?? shortGuestTag(viewer);
  return viewers
    .map((viewer) => ({ viewer, role: roleOf(room, viewer.uid) }))
    .sort(
      (a, b) =>
        ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
        collator.compare(label(a.viewer), label(b.viewer)) ||
        collator.compare(a.viewer.key, b.viewer.key),
    );
}
