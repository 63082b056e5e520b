import { CALL_MEMBERS_MAX_SFU, type RoomSnapshot } from '@xemchung/protocol';
import { type JanusApi, JanusError } from './janus-api.ts';

// The screen share and the call through Janus's VideoRoom (R129). Each share is a VideoRoom of its own, named by the
// share's id, with one publisher, the sharing tab; each viewer subscribes to it. A room's call is one VideoRoom, each
// tab of the call a publisher named by its socket id, and each tab subscribes to each other tab. This node keeps
// the handles of its own sockets, one per socket and what it sends or receives, and detaches a handle (which hangs
// up its media) when its socket publishes or subscribes the same again, leaves the room, or is no longer let by the
// room (`prune`): a share that ended or is another's, a tab out of the call, a feed out of it. A share's VideoRoom
// goes with its publisher, and a call's once the call is empty.

const VIDEOROOM = 'janus.plugin.videoroom';
/** VideoRoom's error codes this file reads: no such room (426), the room exists already (427), no such feed (428). */
const NO_SUCH_ROOM = 426;
const ROOM_EXISTS = 427;
export const NO_SUCH_FEED = 428;

/** The publisher's id in a share's VideoRoom (string ids: the plugin runs with `string_ids`). */
const SHARER = 'sharer';
/** A room's call's VideoRoom at the SFU. */
const callRoom = (roomId: string) => `call-${roomId}`;

/** What of a room decides its media at the SFU. */
type LiveOfRoom = Pick<RoomSnapshot, 'id' | 'share' | 'call'>;

/** What a tab sends or receives through the SFU, in the room `roomId`: the room's share, or the call. */
export type SfuSubject = { roomId: string } & ({ kind: 'share'; shareId: string } | { kind: 'call' });

/** What the SFU commands need of the SFU (socket ids name the handles' owners). */
export interface SfuMediaRelay {
  /** Publishes a tab's offer for the share or the call; resolves with the SFU's answer. */
  publish(socketId: string, subject: SfuSubject, offer: string): Promise<string>;
  /** Subscribes a tab to the share, or to the call's tab `feed`; resolves with the SFU's offer. */
  subscribe(socketId: string, subject: SfuSubject, feed: string | null): Promise<string>;
  /** The tab's answer to that offer: the media start. */
  answer(socketId: string, subject: SfuSubject, feed: string | null, answer: string): Promise<void>;
  /** The socket left the room: its media at the SFU end. */
  release(socketId: string): void;
}

interface Held {
  handle: number;
  socketId: string;
  subject: SfuSubject;
  /** The call's tab received, for a subscription to the call; else null. */
  feed: string | null;
  publishes: boolean;
}

/** The VideoRoom of a subject and, for a publication, the tab's id there. */
function placeOf(subject: SfuSubject, socketId: string) {
  return subject.kind === 'share'
    ? { room: subject.shareId, publisher: SHARER, publishers: 1 }
    : { room: callRoom(subject.roomId), publisher: socketId, publishers: CALL_PUBLISHERS };
}

/** How long a socket that left counts as gone for its requests still under way (longer than any Janus request). */
const DEPARTED_MS = 60_000;

/** At most as many tabs as the call holds through the SFU (R129), and as many again leaving while others join. */
const CALL_PUBLISHERS = 2 * CALL_MEMBERS_MAX_SFU;

/** Whether the room, as it is now, still lets the handle be: its share, its call, its feed. */
function stillLet(held: Held, room: LiveOfRoom): boolean {
  const { subject, socketId } = held;
  if (subject.kind === 'share') {
    const share = room.share;
    if (share?.id !== subject.shareId) return false;
    return held.publishes ? share.peer === socketId : share.peer !== socketId;
  }
  const members = new Set(room.call.map((member) => member.peer));
  return members.has(socketId) && (held.feed === null || members.has(held.feed));
}

export class SfuMedia implements SfuMediaRelay {
  private readonly janus: JanusApi;
  /** By socket, subject and feed. */
  private readonly held = new Map<string, Held>();
  /** How many handles are held in each room, by room id. */
  private readonly heldIn = new Map<string, number>();
  /** Each key's requests, one after another: a second ask for the same waits for the first and replaces it. */
  private readonly turns = new Map<string, Promise<unknown>>();
  /** The rooms whose calls this node published into, by room id: destroyed at the SFU once the call is empty. */
  private readonly calls = new Set<string>();
  /** Sockets that left their room lately: a request of theirs that ends after that keeps nothing at the SFU. */
  private readonly departed = new Set<string>();

  /** Told when a tab's publication is up at the SFU (its media flow): the room's tabs then ask for it. */
  private readonly live = new Set<(socketId: string, subject: SfuSubject) => void>();

  constructor(janus: JanusApi) {
    this.janus = janus;
    janus.listen(({ janus: kind, sender }) => {
      if (kind !== 'webrtcup') return;
      for (const held of this.held.values()) {
        if (held.handle !== sender || !held.publishes) continue;
        for (const listener of this.live) listener(held.socketId, held.subject);
      }
    });
  }

  /** Hears each publication that comes up at the SFU (its WebRTC up): first, or again after its tab published anew. */
  onLive(listener: (socketId: string, subject: SfuSubject) => void): void {
    this.live.add(listener);
  }

  publish(socketId: string, subject: SfuSubject, offer: string): Promise<string> {
    const key = keyOf(socketId, subject, null);
    return this.inTurn(key, async () => {
      // This tab's earlier publication of the same, and any earlier share of its, end at the SFU first.
      await this.drop(key);
      if (subject.kind === 'share') {
        const shares = [...this.held].filter(
          ([, held]) => held.socketId === socketId && held.publishes && held.subject.kind === 'share',
        );
        await Promise.all(shares.map(([earlier]) => this.drop(earlier)));
      } else {
        this.calls.add(subject.roomId);
      }
      const place = placeOf(subject, socketId);
      const handle = await this.janus.attach(VIDEOROOM);
      this.hold(key, { handle, socketId, subject, feed: null, publishes: true });
      const join = () =>
        this.janus.message(
          handle,
          { request: 'joinandconfigure', room: place.room, ptype: 'publisher', id: place.publisher },
          { type: 'offer', sdp: offer },
        );
      try {
        await this.createRoom(handle, place);
        // A call's room destroyed meanwhile (its call emptied) is made again once.
        const reply = await join().catch(async (error: unknown) => {
          if (!(error instanceof JanusError && error.code === NO_SUCH_ROOM)) throw error;
          await this.createRoom(handle, place);
          return join();
        });
        if (reply.jsep?.type !== 'answer') throw new JanusError('the SFU answered the offer without a description');
        if (this.departed.has(socketId)) throw new JanusError('the tab left the room meanwhile', NO_SUCH_FEED);
        return reply.jsep.sdp;
      } catch (error) {
        await this.drop(key, handle);
        throw error;
      }
    });
  }

  subscribe(socketId: string, subject: SfuSubject, feed: string | null): Promise<string> {
    const key = keyOf(socketId, subject, feed);
    return this.inTurn(key, async () => {
      await this.drop(key);
      const room = placeOf(subject, socketId).room;
      const handle = await this.janus.attach(VIDEOROOM);
      this.hold(key, { handle, socketId, subject, feed, publishes: false });
      try {
        const reply = await this.janus.message(handle, {
          request: 'join',
          room,
          ptype: 'subscriber',
          streams: [{ feed: feed ?? SHARER }],
        });
        if (reply.jsep?.type !== 'offer') throw new JanusError('the SFU subscribed without an offer');
        if (this.departed.has(socketId)) throw new JanusError('the tab left the room meanwhile', NO_SUCH_FEED);
        return reply.jsep.sdp;
      } catch (error) {
        await this.drop(key, handle);
        // A publisher not yet there (its tab still connecting) has no room, or no feed, at the SFU yet.
        if (error instanceof JanusError && error.code === NO_SUCH_ROOM)
          throw new JanusError(error.message, NO_SUCH_FEED);
        throw error;
      }
    });
  }

  answer(socketId: string, subject: SfuSubject, feed: string | null, answer: string): Promise<void> {
    const key = keyOf(socketId, subject, feed);
    return this.inTurn(key, async () => {
      const held = this.held.get(key);
      if (!held) throw new JanusError('no offer of this feed is waiting for an answer', NO_SUCH_FEED);
      await this.janus.message(held.handle, { request: 'start' }, { type: 'answer', sdp: answer });
    });
  }

  release(socketId: string): void {
    this.departed.add(socketId);
    setTimeout(() => this.departed.delete(socketId), DEPARTED_MS).unref();
    for (const [key, held] of this.held) if (held.socketId === socketId) void this.inTurn(key, () => this.drop(key));
  }

  /** The rooms this node holds media of at the SFU: the ones `prune` should be shown. */
  rooms(): string[] {
    return [...new Set([...[...this.held.values()].map((held) => held.subject.roomId), ...this.calls])];
  }

  /**
   * The room as it is now: the handles it no longer lets be are detached (a share that ended or is another's, a tab
   * out of the call, a feed out of it), and its call's VideoRoom is destroyed once the call is empty.
   */
  prune(room: LiveOfRoom): void {
    // Shown every room this node commits or reads, playback reports included: most hold nothing at the SFU.
    if (!this.heldIn.has(room.id) && !this.calls.has(room.id)) return;
    for (const [key, held] of this.held) {
      if (held.subject.roomId === room.id && !stillLet(held, room)) void this.inTurn(key, () => this.drop(key));
    }
    if (room.call.length === 0 && this.calls.delete(room.id)) void this.destroyRoom(callRoom(room.id));
  }

  /**
   * The SFU ended and starts afresh (a managed Janus's restart): nothing this node held there exists any more. The
   * tabs' links drop with it and are made again, as new publications and subscriptions.
   */
  lost(): void {
    this.held.clear();
    this.heldIn.clear();
    this.calls.clear();
  }

  /** The room is gone: everything of it at the SFU goes. */
  forget(roomId: string): void {
    this.prune({ id: roomId, share: null, call: [] });
  }

  private hold(key: string, held: Held): void {
    this.held.set(key, held);
    this.heldIn.set(held.subject.roomId, (this.heldIn.get(held.subject.roomId) ?? 0) + 1);
  }

  private inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.turns.get(key) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(task);
    const settled = next.catch(() => {});
    this.turns.set(key, settled);
    void settled.then(() => {
      if (this.turns.get(key) === settled) this.turns.delete(key);
    });
    return next;
  }

  /** The VideoRoom of a publication: VP8 and Opus (what every browser sends). */
  private async createRoom(handle: number, { room, publishers }: { room: string; publishers: number }): Promise<void> {
    try {
      await this.janus.message(handle, {
        request: 'create',
        room,
        publishers,
        is_private: true,
        videocodec: 'vp8',
        audiocodec: 'opus',
        notify_joining: false,
      });
    } catch (error) {
      if (!(error instanceof JanusError && error.code === ROOM_EXISTS)) throw error;
    }
  }

  /** Detaches the handle held as `key` (only `handle` if named: a newer one stays); a share's room goes too. */
  private async drop(key: string, handle?: number): Promise<void> {
    const current = this.held.get(key);
    if (!current || (handle !== undefined && current.handle !== handle)) return;
    this.held.delete(key);
    const left = (this.heldIn.get(current.subject.roomId) ?? 1) - 1;
    if (left > 0) this.heldIn.set(current.subject.roomId, left);
    else this.heldIn.delete(current.subject.roomId);
    await this.janus.detach(current.handle);
    if (current.publishes && current.subject.kind === 'share') await this.destroyRoom(current.subject.shareId);
  }

  /** A VideoRoom ends: its subscribers are hung up. */
  private async destroyRoom(room: string): Promise<void> {
    try {
      const handle = await this.janus.attach(VIDEOROOM);
      await this.janus.message(handle, { request: 'destroy', room }).catch(() => {});
      await this.janus.detach(handle);
    } catch {
      // The SFU is gone: so is the room.
    }
  }
}

function keyOf(socketId: string, subject: SfuSubject, feed: string | null): string {
  const what = subject.kind === 'share' ? `share ${subject.shareId}` : 'call';
  return `${socketId} ${subject.roomId} ${what} ${feed ?? ''}`;
}
