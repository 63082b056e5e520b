import { betterReport, type Person, type SyncReport, syncLevel, type Viewer } from '@xemchung/protocol';

/** One node's account of one person in one room: how many of their tabs it holds, and their best report. */
export interface PresencePart {
  person: Person;
  tabs: number;
  report: SyncReport | null;
}

/** What changed in a room: who is there (`members`), or only how they are in step (`reports`). */
export type PresenceChange = 'members' | 'reports';

/** Rooms with a pending change; a members change outranks a reports change. */
export class ChangeSet {
  private readonly rooms = new Map<string, PresenceChange>();

  mark(roomId: string, change: PresenceChange): void {
    if (this.rooms.get(roomId) !== 'members') this.rooms.set(roomId, change);
  }

  get size(): number {
    return this.rooms.size;
  }

  entries(): IterableIterator<[string, PresenceChange]> {
    return this.rooms.entries();
  }

  /**
   * Hands each changed room to `take`, which answers whether it took it (it is then forgotten). Runs every step of
   * the scheduler over up to every room a node has: no [key, value] pair is allocated per room, as for…of would.
   */
  takeDue(take: (roomId: string, change: PresenceChange) => boolean): void {
    this.rooms.forEach((change, roomId) => {
      if (take(roomId, change)) this.rooms.delete(roomId);
    });
  }

  delete(roomId: string): void {
    this.rooms.delete(roomId);
  }
}

interface Tab {
  roomId: string;
  person: Person;
  report: SyncReport | null;
  /** When the tab was last heard from: it joined, reported, or answered a ping. */
  heardAt: number;
  pingedAt: number;
  /** A tab gone quiet for too long: not listed until it is heard from again. */
  silent: boolean;
}

/** How long a tab may go unheard (ms): pinged after `pingAfterMs`, unlisted after `silentAfterMs`. */
export interface Liveness {
  pingAfterMs: number;
  silentAfterMs: number;
  /** Least time between two pings of one tab. */
  pingEveryMs: number;
}

interface RemoteNode {
  heardAt: number;
  rooms: Map<string, PresencePart[]>;
}

/**
 * Whether two reports show the same badge (R53): the same state and colour. A keepalive's new numbers alone (the
 * error, the round trip) are no change worth sending the room's lists for: they go out with the next change, and the
 * tooltip shows the last number sent (issue #25 item 2; bench/README.md, viewer lists re-sent on keepalives).
 */
function sameReport(a: SyncReport | null, b: SyncReport | null): boolean {
  if (!a || !b) return a === b;
  return a.state === b.state && syncLevel(a) === syncLevel(b);
}

/** How `after` differs from `before` (both sorted by person key), or null when it does not. */
function changeBetween(before: readonly PresencePart[], after: readonly PresencePart[]): PresenceChange | null {
  if (before.length !== after.length) return 'members';
  let change: PresenceChange | null = null;
  for (let index = 0; index < after.length; index++) {
    const a = before[index];
    const b = after[index];
    if (!a || !b || a.person.key !== b.person.key || a.tabs !== b.tabs) return 'members';
    if (!sameReport(a.report, b.report)) change = 'reports';
  }
  return change;
}

const byKey = (a: { person: Person }, b: { person: Person }) =>
  a.person.key < b.person.key ? -1 : a.person.key > b.person.key ? 1 : 0;

/**
 * Who is in each room now (docs/room-rules.md R52), as one node knows it: its own sockets ("tabs"), and the parts
 * other nodes last announced. Pure bookkeeping (no sockets, timers or I/O): the caller says what happened and
 * when. One entry per person in a room, whatever their tabs and nodes; nothing here is ever written to SQL.
 */
export class PresenceRegistry {
  private readonly tabs = new Map<string, Tab>();
  private readonly localRooms = new Map<string, Set<string>>();
  private readonly nodes = new Map<string, RemoteNode>();
  /** Rooms whose part on this node changed since it was last announced to the other nodes (with `gossip`). */
  readonly localChanges = new ChangeSet();
  /** Rooms whose merged view changed since it was last sent to this node's sockets in them. */
  readonly viewChanges = new ChangeSet();
  private readonly gossip: boolean;

  /** `gossip`: other nodes hear of this node's changes (keeps `localChanges`; a single node has no use for it). */
  constructor(options: { gossip: boolean }) {
    this.gossip = options.gossip;
  }

  /** Socket `socketId` of `person` entered `roomId` at `now`. */
  join(socketId: string, roomId: string, person: Person, now: number): void {
    const previous = this.tabs.get(socketId);
    if (previous) this.leave(socketId, previous.roomId);
    this.tabs.set(socketId, { roomId, person, report: null, heardAt: now, pingedAt: 0, silent: false });
    let sockets = this.localRooms.get(roomId);
    if (!sockets) {
      sockets = new Set();
      this.localRooms.set(roomId, sockets);
    }
    sockets.add(socketId);
    this.changed(roomId, 'members');
  }

  /** Socket `socketId` left `roomId` (left, disconnected, or taken out of a deleted room). */
  leave(socketId: string, roomId: string): void {
    const tab = this.tabs.get(socketId);
    if (!tab || tab.roomId !== roomId) return;
    this.tabs.delete(socketId);
    const sockets = this.localRooms.get(roomId);
    sockets?.delete(socketId);
    if (sockets?.size === 0) this.localRooms.delete(roomId);
    this.changed(roomId, 'members');
  }

  /** The socket's own report, received at `now`: it also says the tab is alive. False when in no room. */
  report(socketId: string, report: SyncReport, now: number): boolean {
    const tab = this.tabs.get(socketId);
    if (!tab) return false;
    const same = sameReport(tab.report, report);
    tab.report = report;
    if (!this.heard(tab, now) && !same) this.changed(tab.roomId, 'reports');
    return true;
  }

  /** The socket answered a ping at `now`: its tab is alive. */
  pong(socketId: string, now: number): void {
    const tab = this.tabs.get(socketId);
    if (tab) this.heard(tab, now);
  }

  /**
   * Judges the tabs at `now` (R52): one unheard for `silentAfterMs` is unlisted (its socket may be dead without
   * having closed); the ids returned are the tabs to ping, unheard for `pingAfterMs`.
   */
  sweep(now: number, liveness: Liveness): string[] {
    const ping: string[] = [];
    // forEach, not for…of over entries: that allocates a [key, value] pair per tab, 55,000 a second on a node of
    // 11,000 tabs swept every 200 ms (a tenth of bench:fanout's allocations, profiled).
    this.tabs.forEach((tab, socketId) => {
      const quiet = now - tab.heardAt;
      if (quiet < liveness.pingAfterMs) return;
      if (!tab.silent && quiet >= liveness.silentAfterMs) {
        tab.silent = true;
        this.changed(tab.roomId, 'members');
      }
      if (now - tab.pingedAt >= liveness.pingEveryMs) {
        tab.pingedAt = now;
        ping.push(socketId);
      }
    });
    return ping;
  }

  /** Whether this node has sockets in `roomId`. */
  hasLocal(roomId: string): boolean {
    return this.localRooms.has(roomId);
  }

  /** The rooms this node has sockets in. */
  localRoomIds(): IterableIterator<string> {
    return this.localRooms.keys();
  }

  /** This node's part of `roomId`: one entry per person, sorted by key. */
  localPart(roomId: string): PresencePart[] {
    const byPerson = new Map<string, PresencePart>();
    for (const socketId of this.localRooms.get(roomId) ?? []) {
      const tab = this.tabs.get(socketId);
      if (!tab || tab.silent) continue;
      const part = byPerson.get(tab.person.key);
      if (part) {
        part.tabs += 1;
        part.report = betterReport(part.report, tab.report);
      } else {
        byPerson.set(tab.person.key, { person: tab.person, tabs: 1, report: tab.report });
      }
    }
    return [...byPerson.values()].sort(byKey);
  }

  /**
   * What node `nodeId` announced at `now`: its parts of the listed rooms (an empty list: it has nobody there any
   * more). A `full` announcement lists every room it has people in, so its rooms not listed are emptied.
   */
  applyRemote(nodeId: string, rooms: Record<string, PresencePart[]>, full: boolean, now: number): void {
    let node = this.nodes.get(nodeId);
    if (!node) {
      node = { heardAt: now, rooms: new Map() };
      this.nodes.set(nodeId, node);
    }
    node.heardAt = now;
    if (full) {
      for (const roomId of node.rooms.keys()) if (!(roomId in rooms)) this.setRemote(node, roomId, []);
    }
    for (const [roomId, parts] of Object.entries(rooms)) this.setRemote(node, roomId, [...parts].sort(byKey));
  }

  /** Forgets node `nodeId` and everyone it held (it said goodbye, or fell silent). */
  dropNode(nodeId: string): void {
    const node = this.nodes.get(nodeId);
    if (!node) return;
    this.nodes.delete(nodeId);
    for (const roomId of node.rooms.keys()) this.viewChanges.mark(roomId, 'members');
  }

  /** Nodes not heard from for `silenceMs` or longer before `now`. */
  silentNodes(now: number, silenceMs: number): string[] {
    return [...this.nodes].filter(([, node]) => now - node.heardAt >= silenceMs).map(([id]) => id);
  }

  /** Everyone in `roomId` on every node: one entry per person, their tabs summed, their best report. */
  viewers(roomId: string): Viewer[] {
    const parts = [this.localPart(roomId)];
    for (const node of this.nodes.values()) {
      const remote = node.rooms.get(roomId);
      if (remote) parts.push(remote);
    }
    const byPerson = new Map<string, Viewer>();
    for (const part of parts.flat()) {
      const viewer = byPerson.get(part.person.key);
      if (viewer) {
        viewer.tabs += part.tabs;
        viewer.report = betterReport(viewer.report, part.report);
      } else {
        byPerson.set(part.person.key, { ...part.person, tabs: part.tabs, report: part.report });
      }
    }
    return [...byPerson.values()];
  }

  private setRemote(node: RemoteNode, roomId: string, parts: PresencePart[]): void {
    const change = changeBetween(node.rooms.get(roomId) ?? [], parts);
    if (parts.length === 0) node.rooms.delete(roomId);
    else node.rooms.set(roomId, parts);
    if (change) this.viewChanges.mark(roomId, change);
  }

  /** Marks `tab` heard at `now`; true when it was unlisted and is now back (its room's people changed). */
  private heard(tab: Tab, now: number): boolean {
    tab.heardAt = now;
    if (!tab.silent) return false;
    tab.silent = false;
    this.changed(tab.roomId, 'members');
    return true;
  }

  private changed(roomId: string, change: PresenceChange): void {
    if (this.gossip) this.localChanges.mark(roomId, change);
    this.viewChanges.mark(roomId, change);
  }
}
