import { guestKey, type Person, type SyncReport, userKey } from '@xemchung/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PresencePart, PresenceRegistry } from './presence-registry.ts';

const an: Person = { key: userKey('an'), uid: 'an', name: 'An', photoURL: null, guestTag: null };
const binh: Person = { key: userKey('binh'), uid: 'binh', name: 'Bình', photoURL: null, guestTag: null };
const guest: Person = { key: guestKey('7KQ2M9XAB1'), uid: null, name: null, photoURL: null, guestTag: '7KQ2M9XAB1' };
const PEOPLE = [an, binh, guest];
const ROOM = 'room1234room1234';
const OTHER = 'other1234other12';

const playing = (errorMs: number): SyncReport => ({ state: 'playing', errorMs, rttMs: 30 });

const changes = (registry: PresenceRegistry) => Object.fromEntries(registry.viewChanges.entries());

describe('presence registry (R52)', () => {
  it('shows one entry per person, however many tabs they have, and counts the tabs', () => {
    const registry = new PresenceRegistry({ gossip: false });
    registry.join('s1', ROOM, an, 0);
    registry.join('s2', ROOM, an, 0);
    registry.join('s3', ROOM, guest, 0);
    registry.join('s4', OTHER, binh, 0);
    expect(registry.viewers(ROOM)).toEqual([
      { ...guest, tabs: 1, report: null },
      { ...an, tabs: 2, report: null },
    ]);
    registry.leave('s1', ROOM);
    expect(registry.viewers(ROOM)).toEqual([
      { ...guest, tabs: 1, report: null },
      { ...an, tabs: 1, report: null },
    ]);
    registry.leave('s2', ROOM);
    expect(registry.viewers(ROOM).map((viewer) => viewer.key)).toEqual([guest.key]);
  });

  it('a leave of a room the socket is not in changes nothing', () => {
    const registry = new PresenceRegistry({ gossip: false });
    registry.join('s1', ROOM, an, 0);
    registry.viewChanges.delete(ROOM);
    registry.leave('s1', OTHER);
    registry.leave('nobody', ROOM);
    expect(registry.viewers(ROOM)).toHaveLength(1);
    expect(changes(registry)).toEqual({});
  });

  it('joining another room moves the tab', () => {
    const registry = new PresenceRegistry({ gossip: false });
    registry.join('s1', ROOM, an, 0);
    registry.join('s1', OTHER, an, 0);
    expect(registry.viewers(ROOM)).toEqual([]);
    expect(registry.hasLocal(ROOM)).toBe(false);
    expect(registry.viewers(OTHER)).toHaveLength(1);
  });

  it('adds the parts other nodes announce, and forgets a node with everyone it held', () => {
    const registry = new PresenceRegistry({ gossip: true });
    registry.join('s1', ROOM, an, 0);
    registry.applyRemote(
      'node-b',
      {
        [ROOM]: [
          { person: an, tabs: 2, report: null },
          { person: binh, tabs: 1, report: null },
        ],
      },
      false,
      0,
    );
    expect(registry.viewers(ROOM)).toEqual([
      { ...an, tabs: 3, report: null },
      { ...binh, tabs: 1, report: null },
    ]);
    registry.dropNode('node-b');
    expect(registry.viewers(ROOM)).toEqual([{ ...an, tabs: 1, report: null }]);
  });

  it('a full announcement empties the node’s rooms it does not list', () => {
    const registry = new PresenceRegistry({ gossip: true });
    const part: PresencePart[] = [{ person: binh, tabs: 1, report: null }];
    registry.applyRemote('node-b', { [ROOM]: part, [OTHER]: part }, false, 0);
    registry.applyRemote('node-b', { [OTHER]: part }, true, 1);
    expect(registry.viewers(ROOM)).toEqual([]);
    expect(registry.viewers(OTHER)).toHaveLength(1);
  });

  it('tells members changes from report-only changes, and ignores announcements that change nothing', () => {
    const registry = new PresenceRegistry({ gossip: true });
    registry.applyRemote('node-b', { [ROOM]: [{ person: binh, tabs: 1, report: null }] }, false, 0);
    expect(changes(registry)).toEqual({ [ROOM]: 'members' });
    registry.viewChanges.delete(ROOM);
    registry.applyRemote('node-b', { [ROOM]: [{ person: binh, tabs: 1, report: playing(10) }] }, false, 1);
    expect(changes(registry)).toEqual({ [ROOM]: 'reports' });
    registry.viewChanges.delete(ROOM);
    registry.applyRemote('node-b', { [ROOM]: [{ person: binh, tabs: 1, report: playing(10) }] }, false, 2);
    expect(changes(registry)).toEqual({});
    // New numbers that leave the badge as it was (green) are no change; a new colour is.
    registry.applyRemote('node-b', { [ROOM]: [{ person: binh, tabs: 1, report: playing(-35) }] }, false, 3);
    expect(changes(registry)).toEqual({});
    registry.applyRemote('node-b', { [ROOM]: [{ person: binh, tabs: 1, report: playing(120) }] }, false, 4);
    expect(changes(registry)).toEqual({ [ROOM]: 'reports' });
  });

  it('does not mark a keepalive report that leaves the badge as it was (R53)', () => {
    const registry = new PresenceRegistry({ gossip: false });
    registry.join('s1', ROOM, binh, 0);
    registry.viewChanges.delete(ROOM);
    registry.report('s1', playing(12), 1);
    expect(changes(registry)).toEqual({ [ROOM]: 'reports' });
    registry.viewChanges.delete(ROOM);
    registry.report('s1', { ...playing(30), rttMs: 90 }, 2);
    expect(changes(registry)).toEqual({});
    expect(registry.viewers(ROOM)[0]?.report).toEqual({ ...playing(30), rttMs: 90 });
    registry.report('s1', { state: 'paused' }, 3);
    expect(changes(registry)).toEqual({ [ROOM]: 'reports' });
  });

  it('finds nodes that fell silent', () => {
    const registry = new PresenceRegistry({ gossip: true });
    registry.applyRemote('node-b', {}, false, 1000);
    registry.applyRemote('node-c', {}, false, 5000);
    expect(registry.silentNodes(11_000, 10_000)).toEqual(['node-b']);
  });

  it('keeps local changes for gossip only when there are other nodes to tell', () => {
    const alone = new PresenceRegistry({ gossip: false });
    alone.join('s1', ROOM, an, 0);
    expect(alone.localChanges.size).toBe(0);
    const clustered = new PresenceRegistry({ gossip: true });
    clustered.join('s1', ROOM, an, 0);
    expect(Object.fromEntries(clustered.localChanges.entries())).toEqual({ [ROOM]: 'members' });
  });
});

describe('sync reports in the registry (R53)', () => {
  it('a report changes only its sender’s entry', () => {
    const registry = new PresenceRegistry({ gossip: false });
    registry.join('s1', ROOM, an, 0);
    registry.join('s2', ROOM, binh, 0);
    expect(registry.report('s2', playing(-12), 0)).toBe(true);
    expect(registry.viewers(ROOM)).toEqual([
      { ...an, tabs: 1, report: null },
      { ...binh, tabs: 1, report: playing(-12) },
    ]);
  });

  it('refuses a report from a socket in no room', () => {
    const registry = new PresenceRegistry({ gossip: false });
    expect(registry.report('s1', playing(1), 0)).toBe(false);
  });

  it('shows the best of a person’s tabs: a playing one first, then the smaller error', () => {
    const registry = new PresenceRegistry({ gossip: false });
    registry.join('s1', ROOM, an, 0);
    registry.join('s2', ROOM, an, 0);
    registry.join('s3', ROOM, an, 0);
    registry.report('s1', { state: 'paused', errorMs: 0, rttMs: 20 }, 0);
    registry.report('s2', playing(-300), 0);
    registry.report('s3', playing(40), 0);
    expect(registry.viewers(ROOM)[0]?.report).toEqual(playing(40));
  });

  it('pings a tab gone quiet, unlists it when it stays quiet, and lists it again when it answers or reports', () => {
    const liveness = { pingAfterMs: 2500, silentAfterMs: 3500, pingEveryMs: 1000 };
    const registry = new PresenceRegistry({ gossip: false });
    registry.join('s1', ROOM, an, 0);
    registry.join('s2', ROOM, binh, 0);
    registry.report('s1', playing(5), 1000);
    registry.pong('s2', 1000);
    registry.viewChanges.delete(ROOM);
    expect(registry.sweep(3499, liveness)).toEqual([]);
    expect(registry.sweep(3500, liveness)).toEqual(['s1', 's2']);
    registry.pong('s2', 3550); // s2's pong comes back; s1's never does
    expect(registry.sweep(4000, liveness)).toEqual([]); // s1 pinged less than pingEveryMs ago
    expect(changes(registry)).toEqual({});
    expect(registry.sweep(4500, liveness)).toEqual(['s1']);
    expect(registry.viewers(ROOM).map((viewer) => viewer.key)).toEqual([binh.key]);
    expect(changes(registry)).toEqual({ [ROOM]: 'members' });
    registry.pong('s1', 4600);
    expect(registry.viewers(ROOM).map((viewer) => viewer.key)).toEqual([an.key, binh.key]);
    expect(registry.viewers(ROOM)[0]?.report).toEqual(playing(5)); // its last report, kept while unlisted
    expect(registry.sweep(8100, liveness)).toEqual(['s1', 's2']);
    registry.report('s1', playing(7), 8200);
    expect(registry.viewers(ROOM).map((viewer) => viewer.key)).toEqual([an.key]);
    expect(registry.viewers(ROOM)[0]?.report).toEqual(playing(7));
  });

  it('judges a tab from its join, whether or not it ever reports', () => {
    const registry = new PresenceRegistry({ gossip: false });
    registry.join('s1', ROOM, an, 10_000);
    const liveness = { pingAfterMs: 2500, silentAfterMs: 3500, pingEveryMs: 1000 };
    expect(registry.sweep(12_499, liveness)).toEqual([]);
    expect(registry.sweep(12_500, liveness)).toEqual(['s1']);
    expect(registry.sweep(13_500, liveness)).toEqual(['s1']);
    expect(registry.viewers(ROOM)).toHaveLength(0);
  });
});

// ---- Property: any sequence of joins, leaves, reports and announcements keeps the list honest. --------------

type Op =
  | { kind: 'join'; socket: number; room: number; person: number }
  | { kind: 'leave'; socket: number; room: number }
  | { kind: 'report'; socket: number; error: number }
  | { kind: 'remote'; node: number; room: number; parts: Array<{ person: number; tabs: number }> }
  | { kind: 'drop'; node: number };

const ROOMS = [ROOM, OTHER];
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('join' as const), socket: fc.nat(5), room: fc.nat(1), person: fc.nat(2) }),
  fc.record({ kind: fc.constant('leave' as const), socket: fc.nat(5), room: fc.nat(1) }),
  fc.record({ kind: fc.constant('report' as const), socket: fc.nat(5), error: fc.integer({ min: -500, max: 500 }) }),
  fc.record({
    kind: fc.constant('remote' as const),
    node: fc.nat(1),
    room: fc.nat(1),
    parts: fc.uniqueArray(fc.record({ person: fc.nat(2), tabs: fc.integer({ min: 1, max: 3 }) }), {
      selector: (part) => part.person,
      maxLength: 3,
    }),
  }),
  fc.record({ kind: fc.constant('drop' as const), node: fc.nat(1) }),
);

describe('presence registry, property (R52, R53)', () => {
  it('one entry per person, tabs summed over sockets and nodes, nobody without a tab, reports only move their sender', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const registry = new PresenceRegistry({ gossip: true });
        // The model: where each socket is, and what each node announced.
        const sockets = new Map<number, { room: string; person: Person }>();
        const nodes = new Map<number, Map<string, Array<{ person: number; tabs: number }>>>();
        for (const step of ops) {
          const before = ROOMS.map((room) => registry.viewers(room));
          switch (step.kind) {
            case 'join': {
              const person = PEOPLE[step.person] as Person;
              registry.join(`s${step.socket}`, ROOMS[step.room] as string, person, 0);
              sockets.set(step.socket, { room: ROOMS[step.room] as string, person });
              break;
            }
            case 'leave':
              registry.leave(`s${step.socket}`, ROOMS[step.room] as string);
              if (sockets.get(step.socket)?.room === ROOMS[step.room]) sockets.delete(step.socket);
              break;
            case 'report': {
              const sender = sockets.get(step.socket);
              expect(registry.report(`s${step.socket}`, playing(step.error), 0)).toBe(sender !== undefined);
              // Everyone else's entry is exactly as it was.
              ROOMS.forEach((room, index) => {
                const others = (list: (typeof before)[number]) =>
                  list.filter((viewer) => viewer.key !== sender?.person.key || room !== sender?.room);
                expect(others(registry.viewers(room))).toEqual(others(before[index] ?? []));
              });
              break;
            }
            case 'remote': {
              const parts = step.parts.map(({ person, tabs }) => ({
                person: PEOPLE[person] as Person,
                tabs,
                report: null,
              }));
              registry.applyRemote(`n${step.node}`, { [ROOMS[step.room] as string]: parts }, false, 0);
              const rooms = nodes.get(step.node) ?? new Map();
              rooms.set(ROOMS[step.room] as string, step.parts);
              nodes.set(step.node, rooms);
              break;
            }
            case 'drop':
              registry.dropNode(`n${step.node}`);
              nodes.delete(step.node);
              break;
          }
          for (const room of ROOMS) {
            const expected = new Map<string, number>();
            for (const { room: where, person } of sockets.values()) {
              if (where === room) expected.set(person.key, (expected.get(person.key) ?? 0) + 1);
            }
            for (const rooms of nodes.values()) {
              for (const { person, tabs } of rooms.get(room) ?? []) {
                const key = (PEOPLE[person] as Person).key;
                expected.set(key, (expected.get(key) ?? 0) + tabs);
              }
            }
            const viewers = registry.viewers(room);
            expect(new Set(viewers.map((viewer) => viewer.key)).size).toBe(viewers.length);
            expect(new Map(viewers.map((viewer) => [viewer.key, viewer.tabs]))).toEqual(expected);
          }
        }
      }),
    );
  });
});
