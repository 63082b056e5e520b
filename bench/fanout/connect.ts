// How the load generator's clients connect (load.ts): over the Socket.IO wire protocol to XemChung and the
// Socket.IO relays, or over a bare WebSocket to the ws relay. Each registers how to close it with `onClose`.
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '../../packages/protocol/src/protocol-version.ts';
import { WireClient } from '../lib/sio-wire.ts';

export interface ConnectOptions {
  url: string;
  roomId: string;
  /** The Origin header XemChung expects (its PUBLIC_URL). */
  origin: string;
  onClose: (close: () => void) => void;
}

/** Connects, then joins the room with `room:join` and its ack. */
export async function joinedWireClient(
  { url, roomId, origin, onClose }: ConnectOptions,
  cookie: string | null,
  onEvent: (frame: Buffer) => void,
): Promise<{ client: WireClient; playback: JoinedPlayback | null }> {
  const headers: Record<string, string> = { origin };
  if (cookie) headers.cookie = cookie;
  const client = await WireClient.connect({ url, headers, auth: { protocol: PROTOCOL_VERSION }, onEvent });
  onClose(() => client.close());
  const ack = (await client.request('room:join', { roomId })) as {
    ok: boolean;
    error?: unknown;
    room?: { current_video?: JoinedPlayback };
  };
  if (!ack.ok) throw new Error(`room:join ${roomId}: ${JSON.stringify(ack.error)}`);
  return { client, playback: ack.room?.current_video ?? null };
}

/** The room's clock as the join answered it (XemChung only; a baseline's join says nothing of it). */
export interface JoinedPlayback {
  playing: boolean;
  current_time: number;
  /** Server epoch ms. */
  updated_at: number;
}

/** The ws relay's client: the room is named in the URL. */
export function openWs(
  { url, roomId, onClose }: ConnectOptions,
  onMessage: (data: Buffer) => void,
): Promise<WebSocket> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/?room=${roomId}`, { perMessageDeflate: false });
  onClose(() => socket.terminate());
  socket.on('message', onMessage);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}
