import type { RoomSnapshot, Video } from '@xemchung/protocol';
import type { RoomClient } from '../../room/roomClient.ts';
import { FileSwarm } from './fileSwarm.ts';

/**
 * The shared files of one room as this tab knows them (R119): a swarm per item, made when the tab first plays
 * or shares it and kept until the tab leaves the room, so what was fetched stays (R120). The room client's
 * announces and signals reach the swarm of their item; those about items this tab never touched are ignored.
 */
export class OwnFileSwarms {
  private readonly swarms = new Map<string, FileSwarm>();
  /** Items whose swarm this tab has seen in the room's playlist: one gone from it since is closed. */
  private readonly listed = new Set<string>();
  private readonly client: RoomClient;
  private readonly iceServers: () => RTCIceServer[];
  private readonly unsubscribe: Array<() => void>;

  constructor(client: RoomClient, iceServers: () => RTCIceServer[]) {
    this.client = client;
    this.iceServers = iceServers;
    this.unsubscribe = [
      client.peers.onAnnounce(({ from, itemId, has }) => this.swarms.get(itemId)?.heardAnnounce(from, has)),
      client.peers.onSignal(({ from, itemId, description, candidate }) =>
        this.swarms.get(itemId)?.heardSignal(from, { description, candidate }),
      ),
      client.onState((room) => this.closeRemoved(room)),
    ];
  }

  /** The swarm of a shared file's item, made on first use. */
  swarmOf(video: Pick<Video, 'id' | 'file'>): FileSwarm | undefined {
    if (!video.file) return undefined;
    let swarm = this.swarms.get(video.id);
    if (!swarm) {
      swarm = new FileSwarm({
        itemId: video.id,
        size: video.file.size,
        iceServers: this.iceServers,
        signals: this.client.peers,
      });
      this.swarms.set(video.id, swarm);
      if (this.client.state?.playlist.some((listed) => listed.id === video.id)) this.listed.add(video.id);
    }
    return swarm;
  }

  /**
   * An item gone from the playlist takes its swarm with it: its links close and it stops asking the room for the
   * file. A swarm made before its item reached this tab's playlist (the sharer's, between the add's answer and the
   * room's delta) waits until it has been seen there.
   */
  private closeRemoved(room: RoomSnapshot): void {
    const ids = new Set(room.playlist.map((video) => video.id));
    for (const [itemId, swarm] of this.swarms) {
      if (ids.has(itemId)) {
        this.listed.add(itemId);
      } else if (this.listed.has(itemId)) {
        swarm.close();
        this.swarms.delete(itemId);
        this.listed.delete(itemId);
      }
    }
  }

  get(itemId: string): FileSwarm | undefined {
    return this.swarms.get(itemId);
  }

  dispose(): void {
    for (const stop of this.unsubscribe) stop();
    for (const swarm of this.swarms.values()) swarm.close();
    this.swarms.clear();
  }
}
