// What a page heard of the room, for the `ready` scenario (issue #27 item 5): each commit that changed what plays
// or whom a start waits for (`current_video`, `readyWait`, R122), from the `room:state` and `room:delta` frames of
// the page's WebSocket, and the page's person key from its join answer. Runs inside the page as an init script,
// changes nothing; it also keeps the page's sockets so the bench can send a command as the page
// (sendAsPage: the host's gate setting, which has no control the bench could rely on before the gate exists).

/** What plays, as `current_video` (packages/protocol schemas/room.ts) has it. */
export interface TappedVideo {
  id: string;
  playing: boolean;
  current_time: number;
  /** Server epoch ms; in the future while a start waits for players (R122). */
  updated_at: number;
  rate: number;
}

/** [heard at (common clock), version, what plays after the commit, whom a start waits for after it]. */
export type TappedCommit = [at: number, version: number, video: TappedVideo | null, readyWait: string[]];

export interface RoomTap {
  commits: TappedCommit[];
  /** This page's person key (R51), from its `room:join` answer. */
  personKey: string | null;
  /** Answers to what the bench sent with sendAsPage, by ack id. */
  answers: Record<string, unknown>;
}

declare global {
  interface Window {
    __roomTap?: RoomTap;
    __benchSockets?: WebSocket[];
  }
}

/** The ack ids the bench's own commands use: far above the page's own counter. */
export const BENCH_ACK_BASE = 900_000;

export function tapRoom(benchAckBase: number): void {
  const tap: RoomTap = { commits: [], personKey: null, answers: {} };
  window.__roomTap = tap;
  const sockets: WebSocket[] = [];
  window.__benchSockets = sockets;
  let video: TappedVideo | null = null;
  let readyWait: string[] = [];
  const heard = (text: string) => {
    const at = performance.timeOrigin + performance.now();
    const ack = /^43(\d+)(\[.*)$/s.exec(text);
    if (ack?.[1] && ack[2]) {
      const id = Number(ack[1]);
      const answer = (JSON.parse(ack[2]) as unknown[])[0];
      if (id >= benchAckBase) tap.answers[String(id)] = answer;
      const join = answer as { personKey?: string; room?: { current_video?: TappedVideo; readyWait?: string[] } };
      if (typeof join?.personKey === 'string') tap.personKey = join.personKey;
      return;
    }
    const event = /^42(\[.*)$/s.exec(text);
    if (!event?.[1] || !/^\["room:(state|delta)"/.test(event[1])) return;
    const [name, payload] = JSON.parse(event[1]) as [
      string,
      { version: number; current_video?: TappedVideo; readyWait?: string[]; set?: Record<string, unknown> },
    ];
    const fields = (name === 'room:state' ? payload : payload.set) ?? {};
    const nextVideo = (fields.current_video as TappedVideo | undefined) ?? video;
    const nextWait = (fields.readyWait as string[] | undefined) ?? readyWait;
    if (nextVideo === video && nextWait === readyWait) return;
    video = nextVideo;
    readyWait = nextWait;
    tap.commits.push([at, payload.version, video, readyWait]);
  };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      sockets.push(this);
      this.addEventListener('message', (event) => {
        if (typeof event.data === 'string') heard(event.data);
      });
    }
  };
}

/**
 * Runs inside a page: sends `[type, payload]` as a Socket.IO event with ack `ackId` over the page's open socket,
 * as its room client would (the answer lands in `__roomTap.answers`). False when the page has no open socket.
 */
export function sendAsPage({ type, payload, ackId }: { type: string; payload: unknown; ackId: number }): boolean {
  const socket = window.__benchSockets?.find((candidate) => candidate.readyState === WebSocket.OPEN);
  if (!socket) return false;
  socket.send(`42${ackId}${JSON.stringify([type, payload])}`);
  return true;
}
