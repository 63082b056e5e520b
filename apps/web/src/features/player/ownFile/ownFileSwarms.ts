import type { Video } from '@xemchung/protocol';
import type { RoomClient } from '../../room/roomClient.ts';
import { FileSwarm } from './fileSwarm.ts';

/**
 * The shared files of one room as this tab knows them (R119): a swarm per item, made when the tab first plays
 * or shares it and kept until the tab leaves the room, so what was fetched stays (R120). The room client's
 * announces and signals reach the swarm of their item; those about items this tab never touched are ignored.
 */
export class OwnFileSwarms {
  private readonly swarms = new Map<string, FileSwarm>();
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
    }
    return swarm;
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
