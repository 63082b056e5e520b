import type { RoomSnapshot } from '@xemchung/protocol';
import type { SfuMedia } from './sfu-media.ts';

/** How often the rooms this node holds media of at the SFU are read again, for changes other nodes committed. */
export const SFU_SWEEP_MS = 5000;

/**
 * R129: what a room no longer lets be at the SFU ends. Every room this node commits or reads is shown to the SFU's
 * handles at once (a tab's own `call:leave`, a share stopped here); and every SFU_SWEEP_MS the rooms this node holds
 * media of are read again, for what other nodes committed (a host's stricter call setting, a share stopped there).
 * It is one of the rooms' trackers (rooms/room-commit.ts `RoomsSeen`: `seen` and `forget`), put with the others by
 * realtime/socket-server.ts.
 */
export class SfuWatch {
  private readonly media: SfuMedia;
  private readonly load: (roomId: string) => Promise<RoomSnapshot | null>;
  private readonly onError: (error: unknown) => void;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    media: SfuMedia,
    load: (roomId: string) => Promise<RoomSnapshot | null>,
    onError: (error: unknown) => void,
  ) {
    this.media = media;
    this.load = load;
    this.onError = onError;
  }

  seen(room: RoomSnapshot): void {
    this.media.prune(room);
  }

  forget(roomId: string): void {
    this.media.forget(roomId);
  }

  start(intervalMs = SFU_SWEEP_MS): void {
    this.timer = setInterval(() => void this.sweep(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async sweep(): Promise<void> {
    for (const roomId of this.media.rooms()) {
      try {
        const room = await this.load(roomId);
        if (room) this.media.prune(room);
        else this.media.forget(roomId);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
