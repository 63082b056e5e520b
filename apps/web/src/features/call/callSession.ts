import {
  CALL_SIGNAL_TOPIC,
  type CallMember,
  type ErrorCode,
  type P2pSignalEvent,
  type RoomSnapshot,
} from '@xemchung/protocol';
import { createStore, type Store } from '../../lib/createStore.ts';
import { iceServers, sfuEnabled } from '../clientConfig/clientConfigStore.ts';
import { addCandidate, trickle } from '../room/peerConnections.ts';
import type { RoomClient } from '../room/roomClient.ts';
import { SfuReceiver, SfuSender } from '../room/sfuLinks.ts';

// The room's call (docs/room-rules.md R127): every tab in it sends its microphone and camera to every other (a mesh,
// ADR 043). Of each pair the tab with the smaller socket id makes the offer; the signals travel as R113's, with the
// topic CALL_SIGNAL_TOPIC, and only those from a tab of the call are heard. When the server runs an SFU (R129), each
// tab sends once, to the SFU, and receives each other tab from there (sfuLinks.ts).

/** Why joining did not work: the browser's refusal, no device, or the server's code. */
export type CallJoinProblem = 'denied' | 'noDevice' | ErrorCode;

/** What the page shows of the call. */
export interface CallView {
  /** This tab's socket when it is in the call; null otherwise. */
  me: string | null;
  /** The call's tabs as the room has them. */
  members: readonly CallMember[];
  /** What each tab sends, as this page has it: its own capture for this tab, what arrived for the others. */
  streams: ReadonlyMap<string, MediaStream>;
}

const EMPTY: CallView = { me: null, members: [], streams: new Map() };

/** What this page has of another tab of the call: what arrives from it, and how the camera reaches it. */
interface PeerOfCall {
  readonly stream: MediaStream;
  sendVideo(track: MediaStreamTrack | null): Promise<void>;
  close(): void;
}

/** Another tab of the call through the SFU: its media, received; this tab's go by the one SfuSender. */
class SfuPeerOfCall implements PeerOfCall {
  stream = new MediaStream();
  private readonly receiver: SfuReceiver;

  constructor(peer: string, client: RoomClient, onStream: () => void) {
    this.receiver = new SfuReceiver({ id: CALL_SIGNAL_TOPIC, feed: peer }, client, iceServers, (stream) => {
      this.stream = stream ?? new MediaStream();
      onStream();
    });
  }

  async sendVideo(): Promise<void> {}

  close(): void {
    this.receiver.close();
  }
}

/** One connection to another tab of the call, tab to tab. */
class CallLink implements PeerOfCall {
  readonly connection: RTCPeerConnection;
  /** What arrived from the tab: a new stream with each track, so the page attaches it afresh (a script's addTrack
   * tells no listener). */
  stream = new MediaStream();
  private turn: Promise<void> = Promise.resolve();
  private readonly peer: string;
  private readonly local: MediaStream;
  private readonly client: RoomClient;
  private readonly onStream: () => void;

  constructor(peer: string, local: MediaStream, client: RoomClient, onStream: () => void) {
    this.peer = peer;
    this.local = local;
    this.client = client;
    this.onStream = onStream;
    this.connection = new RTCPeerConnection({ iceServers: iceServers() });
    this.connection.ontrack = ({ track }) => {
      this.stream = new MediaStream([...this.stream.getTracks(), track]);
      this.onStream();
    };
  }

  /** This side offers: one audio and one video transceiver, sending what it has (a camera turned on later replaces). */
  async offer(): Promise<void> {
    for (const kind of ['audio', 'video'] as const) {
      const track = this.local.getTracks().find((candidate) => candidate.kind === kind) ?? null;
      const transceiver = this.connection.addTransceiver(kind, { direction: 'sendrecv', streams: [this.local] });
      await transceiver.sender.replaceTrack(track);
    }
    const offer = await this.connection.createOffer();
    await this.connection.setLocalDescription(offer);
    this.client.peers.signal(this.peer, CALL_SIGNAL_TOPIC, { description: { type: 'offer', sdp: offer.sdp ?? '' } });
    trickle(this.connection, this.client.peers, this.peer, CALL_SIGNAL_TOPIC);
  }

  heard(event: P2pSignalEvent): void {
    this.turn = this.turn.then(() => this.handle(event)).catch(() => {});
  }

  /** The camera turned on or off: what goes on the video transceiver. */
  async sendVideo(track: MediaStreamTrack | null): Promise<void> {
    const sender = this.connection.getTransceivers().find((transceiver) => transceiver.receiver.track.kind === 'video');
    await sender?.sender.replaceTrack(track);
  }

  close(): void {
    this.connection.close();
  }

  private async handle({ description, candidate }: P2pSignalEvent): Promise<void> {
    if (description?.type === 'answer') return this.connection.setRemoteDescription(description);
    if (description?.type !== 'offer') return addCandidate(this.connection, candidate);
    await this.connection.setRemoteDescription(description);
    for (const transceiver of this.connection.getTransceivers()) {
      const kind = transceiver.receiver.track.kind;
      transceiver.direction = 'sendrecv';
      await transceiver.sender.replaceTrack(this.local.getTracks().find((track) => track.kind === kind) ?? null);
      transceiver.sender.setStreams(this.local);
    }
    const answer = await this.connection.createAnswer();
    await this.connection.setLocalDescription(answer);
    this.client.peers.signal(this.peer, CALL_SIGNAL_TOPIC, { description: { type: 'answer', sdp: answer.sdp ?? '' } });
    trickle(this.connection, this.client.peers, this.peer, CALL_SIGNAL_TOPIC);
  }
}

/**
 * One page's part in the room's call (R127), following the room's `call`: while it lists this tab, a link to every
 * other tab listed; when it stops listing it (a leave, a kick, a stricter setting), the capture stops. A controller's
 * mute turns the microphone off here too.
 */
export class CallSession {
  readonly view: Store<CallView> = createStore<CallView>(EMPTY);
  private local: MediaStream | null = null;
  private readonly links = new Map<string, PeerOfCall>();
  /** Through the SFU: this tab's one link sending its microphone and camera. */
  private sender: SfuSender | null = null;
  /** The room version a join was answered with: older states do not yet list this tab. */
  private joinedAt = Number.POSITIVE_INFINITY;
  private readonly client: RoomClient;
  private readonly stopFollowing: () => void;
  private readonly stopHearing: () => void;

  constructor(client: RoomClient) {
    this.client = client;
    this.stopFollowing = client.onState((room) => this.follow(room));
    this.stopHearing = client.peers.onSignal((event) => {
      if (event.itemId !== CALL_SIGNAL_TOPIC || !this.local) return;
      if (!this.members().some((member) => member.peer === event.from)) return;
      const known = this.links.get(event.from);
      // A new offer from a tab (it joined again) starts afresh.
      let link = known instanceof CallLink ? known : null;
      if (event.description?.type === 'offer' || !link) {
        known?.close();
        link = this.link(event.from);
      }
      link.heard(event);
    });
    if (client.state) this.follow(client.state);
  }

  /** Joins with the microphone, and the camera if `video`. */
  async join(video: boolean): Promise<CallJoinProblem | null> {
    let local: MediaStream;
    try {
      local = await navigator.mediaDevices.getUserMedia({ audio: true, video });
    } catch (error) {
      const name = error instanceof DOMException ? error.name : '';
      return name === 'NotFoundError' || name === 'OverconstrainedError' ? 'noDevice' : 'denied';
    }
    this.release();
    this.local = local;
    this.joinedAt = Number.POSITIVE_INFINITY;
    const ack = await this.client.joinCall(true, video);
    if (!ack.ok) {
      this.release();
      return ack.error.code;
    }
    this.joinedAt = ack.version;
    if (this.client.state) this.follow(this.client.state);
    return null;
  }

  leave(): void {
    this.release();
    void this.client.leaveCall();
  }

  /** Turns this tab's microphone on or off for everyone (the track follows once the room has it). */
  setAudio(on: boolean): void {
    void this.client.updateCall({ audio: on });
  }

  /** Turns this tab's camera on (asking the browser for it) or off. */
  async setVideo(on: boolean): Promise<CallJoinProblem | null> {
    const local = this.local;
    if (!local) return null;
    let track: MediaStreamTrack | null = null;
    if (on) {
      try {
        track = (await navigator.mediaDevices.getUserMedia({ video: true })).getVideoTracks()[0] ?? null;
      } catch {
        return 'denied';
      }
      if (track) local.addTrack(track);
    } else {
      for (const old of local.getVideoTracks()) {
        old.stop();
        local.removeTrack(old);
      }
    }
    for (const link of this.links.values()) void link.sendVideo(track);
    void this.sender?.sendVideo(track);
    void this.client.updateCall({ video: on });
    this.publish();
    return null;
  }

  dispose(): void {
    this.stopFollowing();
    this.stopHearing();
    this.release();
    this.view.set(EMPTY);
  }

  private members(): readonly CallMember[] {
    return this.client.state?.call ?? [];
  }

  private follow(room: RoomSnapshot): void {
    const me = this.client.peers.peerId ?? null;
    const mine = room.call.find((member) => member.peer === me);
    if (this.local && !mine && room.version >= this.joinedAt) this.release();
    if (this.local && mine) {
      // The microphone is what the room says: a controller's mute (R127) reaches it, and so does this tab's own turn.
      for (const track of this.local.getAudioTracks()) track.enabled = mine.audio;
      if (sfuEnabled()) this.followThroughSfu(room.call, me);
      else {
        for (const member of room.call) {
          if (member.peer === me || this.links.has(member.peer)) continue;
          // Of each pair the smaller socket id offers; the other waits for its offer.
          if (me !== null && me < member.peer) void this.link(member.peer).offer();
        }
      }
    }
    for (const [peer, link] of this.links) {
      if (!room.call.some((member) => member.peer === peer) || !this.local) {
        link.close();
        this.links.delete(peer);
      }
    }
    this.publish();
  }

  /** R129: this tab sends once, to the SFU, and receives every other tab of the call from there. */
  private followThroughSfu(call: readonly CallMember[], me: string | null): void {
    const local = this.local;
    if (!local) return;
    this.sender ??= new SfuSender(local, CALL_SIGNAL_TOPIC, this.client, iceServers, { bothKinds: true });
    for (const member of call) {
      if (member.peer === me || this.links.has(member.peer)) continue;
      this.links.set(member.peer, new SfuPeerOfCall(member.peer, this.client, () => this.publish()));
    }
  }

  private link(peer: string): CallLink {
    const local = this.local ?? new MediaStream();
    const link = new CallLink(peer, local, this.client, () => this.publish());
    this.links.set(peer, link);
    return link;
  }

  private publish(): void {
    const me = this.client.peers.peerId ?? null;
    const inCall = this.local !== null && this.members().some((member) => member.peer === me);
    const streams = new Map<string, MediaStream>();
    if (inCall && me !== null && this.local) streams.set(me, this.local);
    for (const [peer, link] of this.links) streams.set(peer, link.stream);
    const next = { me: inCall ? me : null, members: this.members(), streams };
    // Most states are heartbeats that leave the call as it was: the view changes only when the call does.
    const shown = this.view.get();
    const same =
      shown.me === next.me &&
      shown.members === next.members &&
      shown.streams.size === streams.size &&
      [...streams].every(([peer, stream]) => shown.streams.get(peer) === stream);
    if (!same) this.view.set(next);
  }

  private release(): void {
    for (const link of this.links.values()) link.close();
    this.links.clear();
    this.sender?.close();
    this.sender = null;
    for (const track of this.local?.getTracks() ?? []) track.stop();
    this.local = null;
  }
}
