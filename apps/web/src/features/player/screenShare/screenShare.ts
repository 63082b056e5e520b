import type { ErrorCode, RoomSnapshot, ScreenShare } from '@xemchung/protocol';
import { createStore, type Store } from '../../../lib/createStore.ts';
import { iceServers, sfuEnabled } from '../../clientConfig/clientConfigStore.ts';
import type { RoomClient } from '../../room/roomClient.ts';
import { SfuReceiver, SfuSender } from '../../room/sfuLinks.ts';

import { ShareReceiver, ShareSender } from './shareLinks.ts';

/** A link of the share, tab to tab (R126) or through the SFU (R129). */
interface ShareLink {
  close(): void;
}

/** Why a share did not start: the browser's refusal or none to give, or the server's code (R126). */
export type ShareStartProblem = 'denied' | 'unsupported' | ErrorCode;

/** What the player area shows of the room's share: the picture, and whether it is this tab's own. */
export interface ShownShare {
  share: ScreenShare;
  stream: MediaStream | null;
  mine: boolean;
}

/** Whether this browser can share a screen at all (phones mostly cannot). */
export function canShareScreen(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';
}

/**
 * One page's part in the room's screen share (R126), following the room's `share`: while it names this tab, the
 * captured tracks go to every viewer who asks (ShareSender), or once to the server's SFU (SfuSender, R129);
 * while it names another tab, this page asks that tab, or the SFU, for the picture (ShareReceiver, SfuReceiver). A capture whose share the room no longer names (stopped by a controller, ended
 * by a reconnect) is stopped, and a capture the browser ends ('Stop sharing') stops the share.
 */
export class ScreenShareSession {
  readonly shown: Store<ShownShare | null> = createStore<ShownShare | null>(null);
  private captured: MediaStream | null = null;
  /** The room version a start was answered with: older states do not yet know of the share. */
  private startedAt = 0;
  private sender: { id: string; link: ShareLink } | null = null;
  private receiver: { share: ScreenShare; link: ShareLink; stream: MediaStream | null } | null = null;
  private readonly stopFollowing: () => void;
  private readonly stopWatching: () => void;
  private readonly client: RoomClient;
  /** The connection dropped while this tab captured: the server ended its share, and it shares again once back. */
  private away = false;

  constructor(client: RoomClient) {
    this.client = client;
    this.stopFollowing = client.onState((room) => this.follow(room));
    this.stopWatching = client.onConnection(({ status }) => this.connectionChanged(status));
    if (client.state) this.follow(client.state);
  }

  /** Captures a screen, a window or a tab (with its sound where offered) and shares it with the room. */
  async start(): Promise<ShareStartProblem | null> {
    if (!canShareScreen()) return 'unsupported';
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: true });
    } catch {
      return 'denied';
    }
    this.release();
    this.captured = stream;
    for (const track of stream.getVideoTracks()) track.addEventListener('ended', () => this.captureEnded(stream));
    return this.announce();
  }

  /** Tells the room this tab shares what it captures (a start, or again after a reconnect). */
  private async announce(): Promise<ShareStartProblem | null> {
    this.startedAt = Number.POSITIVE_INFINITY;
    const ack = await this.client.startShare();
    if (!ack.ok) {
      this.release();
      return ack.error.code;
    }
    this.startedAt = ack.version;
    if (this.client.state) this.follow(this.client.state);
    return null;
  }

  /**
   * R126: a share ends with its socket, so a dropped connection ends it for the room; a tab that still captures when
   * it is back in the room shares again (the same person's start takes their share over), and the viewers ask again.
   */
  private connectionChanged(status: string): void {
    if (status === 'reconnecting' || status === 'connecting') {
      if (this.captured) this.away = true;
      return;
    }
    if (status !== 'joined' || !this.away) return;
    this.away = false;
    if (this.captured) void this.announce();
  }

  /** Ends this tab's share, or as a controller the room's share. */
  stop(): void {
    const share = this.client.state?.share;
    this.release();
    if (share) void this.client.stopShare(share.id);
  }

  dispose(): void {
    this.stopFollowing();
    this.stopWatching();
    this.release();
    this.closeReceiver();
    this.shown.set(null);
  }

  /** The browser ended the capture (its own 'Stop sharing' bar, a closed window): the share ends if it is this one. */
  private captureEnded(stream: MediaStream): void {
    if (this.captured !== stream) return;
    const share = this.client.state?.share;
    this.release();
    if (share && share.peer === this.client.peers.peerId) void this.client.stopShare(share.id);
  }

  private follow(room: RoomSnapshot): void {
    const share = room.share;
    const mine = share !== null && share.peer === this.client.peers.peerId;
    if (this.captured && !mine && !this.away && room.version >= this.startedAt) this.release();
    if (share === null || mine) this.closeReceiver();
    if (share === null) {
      this.show(null);
      return;
    }
    if (mine) {
      if (this.captured && this.sender?.id !== share.id) {
        this.sender?.link.close();
        const link = sfuEnabled()
          ? new SfuSender(this.captured, share.id, this.client, iceServers)
          : new ShareSender(this.captured, share.id, this.client.peers, iceServers);
        this.sender = { id: share.id, link };
      }
      this.show({ share, stream: this.captured, mine: true });
      return;
    }
    if (this.receiver?.share.id !== share.id || this.receiver.share.peer !== share.peer) {
      this.closeReceiver();
      const receiver = { share, stream: null as MediaStream | null, link: null as unknown as ShareLink };
      const onStream = (stream: MediaStream | null) => {
        receiver.stream = stream;
        if (this.receiver === receiver) this.show({ share, stream, mine: false });
      };
      receiver.link = sfuEnabled()
        ? new SfuReceiver({ id: share.id }, this.client, iceServers, onStream)
        : new ShareReceiver(share, this.client.peers, iceServers, onStream);
      this.receiver = receiver;
    }
    this.show({ share, stream: this.receiver.stream, mine: false });
  }

  /** Tells the player area only of a change: most states are heartbeats that leave the share as it was. */
  private show(next: ShownShare | null): void {
    const shown = this.shown.get();
    const same =
      next === null
        ? shown === null
        : shown !== null && shown.share === next.share && shown.stream === next.stream && shown.mine === next.mine;
    if (!same) this.shown.set(next);
  }

  /** Stops this tab's capture and whatever it was sending. */
  private release(): void {
    this.sender?.link.close();
    this.sender = null;
    for (const track of this.captured?.getTracks() ?? []) track.stop();
    this.captured = null;
  }

  private closeReceiver(): void {
    this.receiver?.link.close();
    this.receiver = null;
  }
}
