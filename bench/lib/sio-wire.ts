import WebSocket from 'ws';

/** First bytes of the Engine.IO / Socket.IO text frames this client tells apart (Engine.IO v4, Socket.IO v5). */
const OPEN = 0x30; // '0' engine open, with the handshake JSON
const PING = 0x32; // '2' engine ping: answer '3'
const MESSAGE = 0x34; // '4' engine message, followed by a Socket.IO packet type:
const CONNECT = 0x30; //   '0' namespace connected
const EVENT = 0x32; //   '2' event
const ACK = 0x33; //   '3' ack
const CONNECT_ERROR = 0x34; //   '4' connection refused

export interface WireOptions {
  /** Base URL of the server (http://host:port). */
  url: string;
  headers: Record<string, string>;
  /** The handshake `auth` object. */
  auth: object;
  /** Called with every event frame (`42[...]`) as received, unparsed. */
  onEvent: (frame: Buffer) => void;
}

/**
 * The smallest Socket.IO client a load generator can afford: the real wire protocol over one WebSocket (the
 * transport XemChung allows), but an event frame is handed over as raw bytes, so a follower that only counts
 * deliveries never parses JSON. Acks are parsed. The generator then spends its CPU on the server's frames and
 * not on its own bookkeeping (bench/README.md, "Method"). socket.io-client does the same job for real users.
 */
export class WireClient {
  private readonly socket: WebSocket;
  private readonly pending = new Map<number, (args: unknown[]) => void>();
  private nextAckId = 0;

  private constructor(socket: WebSocket) {
    this.socket = socket;
  }

  /** Opens the connection and resolves once the namespace accepted the handshake. */
  static connect(options: WireOptions): Promise<WireClient> {
    const endpoint = `${options.url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
    const socket = new WebSocket(endpoint, { headers: options.headers, perMessageDeflate: false });
    const client = new WireClient(socket);
    return new Promise((resolve, reject) => {
      let connected = false;
      socket.on('error', (error) => {
        if (!connected) reject(error);
      });
      socket.on('close', () => {
        if (!connected) reject(new Error('closed during the handshake'));
      });
      socket.on('message', (data: Buffer) => {
        const first = data[0];
        if (first === PING && data.length === 1) return socket.send('3');
        if (first === MESSAGE) {
          const kind = data[1];
          if (kind === EVENT) return options.onEvent(data);
          if (kind === ACK) return client.settle(data);
          if (kind === CONNECT) {
            connected = true;
            return resolve(client);
          }
          if (kind === CONNECT_ERROR) return reject(new Error(`connect refused: ${data.toString('utf8', 2)}`));
        }
        if (first === OPEN) return socket.send(`40${JSON.stringify(options.auth)}`);
      });
    });
  }

  /** Emits `event` with one payload and resolves with the ack's first argument. */
  request(event: string, payload: unknown, timeoutMs = 10_000): Promise<unknown> {
    const id = this.nextAckId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${event}: no ack within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, (args) => {
        clearTimeout(timer);
        resolve(args[0]);
      });
      this.socket.send(`42${id}${JSON.stringify([event, payload])}`);
    });
  }

  /** Emits `event` with one payload and no ack, as clients send what they need no answer to. */
  emit(event: string, payload: unknown): void {
    this.socket.send(`42${JSON.stringify([event, payload])}`);
  }

  close(): void {
    this.socket.terminate();
  }

  /**
   * Bytes read from this client's TCP socket so far: what the server sent it on the wire, WebSocket frame headers,
   * Engine.IO and Socket.IO framing and pings included (TCP/IP headers not). `ws` keeps its socket private.
   */
  get bytesReceived(): number {
    return (this.socket as unknown as { _socket?: { bytesRead: number } })._socket?.bytesRead ?? 0;
  }

  /** `43<id>[args…]`: the digits up to `[` are the ack id. */
  private settle(frame: Buffer): void {
    const text = frame.toString('utf8', 2);
    const bracket = text.indexOf('[');
    const id = Number(text.slice(0, bracket));
    const resolve = this.pending.get(id);
    if (!resolve) return;
    this.pending.delete(id);
    resolve(JSON.parse(text.slice(bracket)) as unknown[]);
  }
}
