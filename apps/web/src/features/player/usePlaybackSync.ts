import { CONTROLLER_HEARTBEAT_MS, SYNC_TICK_MS } from '@xemchung/protocol';
import { useEffect, useRef, useState } from 'react';
import type { RoomClient } from '../room/roomClient.ts';
import { PlaybackSync } from './sync/playbackSync.ts';

/**
 * The playback sync of one video on this page, wired to the room: it hears every new state, checks the position
 * every SYNC_TICK_MS (and as soon as a hidden tab comes back, R87), and for a controller (the host or a co-host,
 * R55) re-anchors the room every CONTROLLER_HEARTBEAT_MS. Mount it once per video (the caller keys it by the
 * video); a change of role swaps the sync's role in place, on the same player.
 */
export function usePlaybackSync(
  client: RoomClient,
  videoId: string,
  isController: boolean,
  onPlayRefused: () => void,
  onBrowserPause: (paused: boolean) => void,
): PlaybackSync {
  const refused = useRef(onPlayRefused);
  refused.current = onPlayRefused;
  const browserPause = useRef(onBrowserPause);
  browserPause.current = onBrowserPause;
  const [sync] = useState(
    () =>
      new PlaybackSync({
        videoId,
        isController,
        reference: () => {
          const room = client.state;
          if (!room) return null;
          const awaited = client.personKey !== null && room.readyWait.includes(client.personKey);
          return { video: room.current_video, version: room.version, awaited };
        },
        joinedAt: () => client.joinedAt,
        serverNow: () => client.clock.serverNow(),
        now: () => performance.now(),
        later: (ms, run) => {
          const timer = setTimeout(run, ms);
          return () => clearTimeout(timer);
        },
        oneWayDelayMs: () => (client.clock.best()?.delay ?? 0) / 2,
        report: async (report) => {
          const ack = await client.updatePlayback(report);
          if (ack.ok) return ack.version;
          return ack.error.code === 'unavailable' ? 'unheard' : 'refused';
        },
        ended: async (id) => {
          const ack = await client.ended(id);
          return ack.ok || ack.error.code !== 'unavailable';
        },
        ready: async (id, startsAt) => {
          const ack = await client.playerReady(id, startsAt);
          return ack.ok || ack.error.code !== 'unavailable';
        },
        onPlayRefused: () => refused.current(),
        hidden: () => document.visibilityState === 'hidden',
        onBrowserPause: (paused) => browserPause.current(paused),
      }),
  );

  useEffect(() => {
    sync.setController(isController);
    const unsubscribe = client.onState(() => sync.onState());
    const ticker = setInterval(() => sync.tick(), SYNC_TICK_MS);
    const heartbeat = isController ? setInterval(() => sync.heartbeat(), CONTROLLER_HEARTBEAT_MS) : undefined;
    const onVisibility = () => {
      if (document.visibilityState === 'visible') sync.shown();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      unsubscribe();
      clearInterval(ticker);
      clearInterval(heartbeat);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [client, sync, isController]);

  return sync;
}
