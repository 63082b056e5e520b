import type { CommandPayload, RoomPresence, Viewer } from '@xemchung/protocol';
import { createStore, type Store } from '../../lib/createStore.ts';
import type { RoomSocket } from './roomSocket.ts';

/** The presence side of the room client (R52, R53): who is in the room, and this tab's own reports. */
export interface PresenceFeed {
  /** Who is in the room now, as last told (`room:presence`); empty until the server first says. */
  readonly viewers: Store<readonly Viewer[]>;
  /** Whether this page shows the list of viewers: only then does the server send it reports' changes. */
  readonly open: boolean;
  /** Opens or closes the list of viewers; opening asks for a report at once, so the server sends the list. */
  setOpen(open: boolean): void;
  /** Called when a report is wanted now: the list opened, so the server sends it with everyone's latest reports. */
  onReportWanted(listener: () => void): () => void;
  /** Sends this viewer's own player state without an ack, while `canReport()`. */
  report(report: Omit<CommandPayload<'presence:report'>, 'watching'>): void;
  dispose(): void;
}

export function createPresenceFeed(
  socket: RoomSocket,
  roomId: () => string | null,
  canReport: () => boolean,
): PresenceFeed {
  const viewers = createStore<readonly Viewer[]>([]);
  const wantedListeners = new Set<() => void>();
  let open = false;
  const onPresence = (presence: RoomPresence) => {
    if (presence.roomId === roomId()) viewers.set(presence.viewers);
  };
  socket.on('room:presence', onPresence);

  return {
    viewers,
    get open() {
      return open;
    },
    setOpen(next) {
      if (next === open) return;
      open = next;
      if (!open) return;
      for (const listener of wantedListeners) listener();
    },
    onReportWanted(listener) {
      wantedListeners.add(listener);
      return () => wantedListeners.delete(listener);
    },
    report(report) {
      if (!canReport()) return;
      (socket.emit as (event: string, payload: unknown) => void)('presence:report', { ...report, watching: open });
    },
    dispose() {
      socket.off('room:presence', onPresence);
      wantedListeners.clear();
    },
  };
}
