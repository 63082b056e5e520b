import { randomUUID } from 'node:crypto';

// A client of Janus's HTTP API (https://janus.conf.meetecho.com/docs/rest.html), as much as the screen share through
// the SFU needs (R129): one session, handles attached to a plugin, requests answered at once or later through the
// session's long poll, and handles detached. The long poll also keeps the session alive.

/** A session description as Janus carries it (its `jsep`). */
export interface Jsep {
  type: 'offer' | 'answer';
  sdp: string;
}

/** What a plugin answered: its data (`plugindata.data`) and a session description if it sent one. */
export interface PluginReply {
  data: Record<string, unknown>;
  jsep?: Jsep;
}

interface JanusMessage {
  janus: string;
  transaction?: string;
  sender?: number;
  data?: { id?: number };
  error?: { code: number; reason: string };
  plugindata?: { data?: Record<string, unknown> };
  jsep?: Jsep;
}

/** An event of a handle's that no request waits for: its kind and the handle. */
export interface JanusEvent {
  janus: string;
  sender: number;
}

/** Janus refused a request, or did not answer it in time. */
export class JanusError extends Error {
  /** Janus's or the plugin's error code, when it gave one. */
  readonly code: number | null;
  constructor(message: string, code: number | null = null) {
    super(message);
    this.code = code;
  }
}

export interface JanusApiOptions {
  /** The API's base, e.g. `http://127.0.0.1:7088/janus`. */
  url: string;
  /** Janus's `api_secret`, sent with every request. */
  secret?: string;
  /** Longest wait for an answer, also one that comes through the long poll. */
  timeoutMs?: number;
  /** Told of a long poll that failed (the session is then opened again on the next request). */
  onError?: (error: unknown) => void;
}

/** One Janus session: opened on first use, and again after Janus lost it (a restart, a timeout). */
export class JanusApi {
  private readonly url: string;
  private readonly secret: string | undefined;
  private readonly timeoutMs: number;
  private readonly onError: (error: unknown) => void;
  private session: Promise<number> | null = null;
  /** Answers awaited through the long poll, by transaction. */
  private readonly waiting = new Map<
    string,
    { resolve: (message: JanusMessage) => void; reject: (error: Error) => void }
  >();
  /** Told of the events no request waits for (a handle's media up, a hang-up). */
  private readonly listeners = new Set<(event: JanusEvent) => void>();
  private closed = false;

  constructor(options: JanusApiOptions) {
    this.url = options.url;
    this.secret = options.secret;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.onError = options.onError ?? (() => {});
  }

  /** Hears the session's events that answer no request, as `{janus, sender}` (e.g. 'webrtcup', 'hangup'). */
  listen(listener: (event: JanusEvent) => void): void {
    this.listeners.add(listener);
  }

  /** Attaches a new handle to `plugin`; its id names it in `message` and `detach`. */
  async attach(plugin: string): Promise<number> {
    const session = await this.openSession();
    const reply = await this.post(`/${session}`, { janus: 'attach', plugin }, { session });
    if (reply.data?.id === undefined) throw new JanusError('attach answered without a handle id');
    return reply.data.id;
  }

  /**
   * Sends `body` (and `jsep`) to the plugin through `handle` and resolves with the plugin's answer: at once for a
   * synchronous request, or when its event comes through the long poll. A plugin's refusal rejects with its code.
   */
  async message(handle: number, body: Record<string, unknown>, jsep?: Jsep): Promise<PluginReply> {
    const session = await this.openSession();
    const transaction = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const later = new Promise<JanusMessage>((resolve, reject) => {
      timer = setTimeout(() => {
        this.waiting.delete(transaction);
        reject(new JanusError(`no answer to ${String(body.request)} within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.waiting.set(transaction, { resolve, reject });
    });
    later.catch(() => {});
    try {
      const reply = await this.post(
        `/${session}/${handle}`,
        { janus: 'message', body, ...(jsep ? { jsep } : {}) },
        { transaction, session },
      );
      const answer = reply.janus === 'ack' ? await later : reply;
      const data = answer.plugindata?.data ?? {};
      if (typeof data.error_code === 'number') throw new JanusError(String(data.error), data.error_code);
      return { data, ...(answer.jsep ? { jsep: answer.jsep } : {}) };
    } finally {
      clearTimeout(timer);
      this.waiting.delete(transaction);
    }
  }

  /** Detaches `handle`, which hangs up its media; a handle Janus no longer knows is already gone. */
  async detach(handle: number): Promise<void> {
    if (this.session === null) return;
    const session = await this.session;
    await this.post(`/${session}/${handle}`, { janus: 'detach' }, { session }).catch(() => {});
  }

  /**
   * Janus ended (its process, R129): the session and every handle in it are gone. The requests waiting on it fail
   * now rather than at their timeout, and the next request opens a new session.
   */
  lost(): void {
    this.session = null;
    for (const { reject } of this.waiting.values()) reject(new JanusError('the SFU stopped'));
    this.waiting.clear();
  }

  /** Ends the session and its long poll. */
  async close(): Promise<void> {
    this.closed = true;
    const session = this.session;
    this.session = null;
    if (session) await this.post(`/${await session.catch(() => 0)}`, { janus: 'destroy' }).catch(() => {});
  }

  private openSession(): Promise<number> {
    if (this.session === null) {
      const opening = this.post('', { janus: 'create' }).then((reply) => {
        const id = reply.data?.id;
        if (id === undefined) throw new JanusError('create answered without a session id');
        void this.poll(opening, id);
        return id;
      });
      this.session = opening;
      opening.catch(() => {
        if (this.session === opening) this.session = null;
      });
    }
    return this.session;
  }

  /**
   * The session's long poll: its events answer the requests waiting on them. A failed poll is tried again a second
   * later (the session lives on at Janus for its timeout); only Janus saying it no longer knows the session ends it.
   */
  private async poll(session: Promise<number>, id: number): Promise<void> {
    while (!this.closed && this.session === session) {
      try {
        const secret = this.secret ? `&apisecret=${encodeURIComponent(this.secret)}` : '';
        const response = await fetch(`${this.url}/${id}?maxev=10${secret}`, { signal: AbortSignal.timeout(60_000) });
        const body = (await response.json()) as JanusMessage | JanusMessage[];
        for (const message of Array.isArray(body) ? body : [body]) {
          if (message.janus === 'error') throw new JanusError(message.error?.reason ?? 'error', message.error?.code);
          const waiter = message.transaction ? this.waiting.get(message.transaction) : undefined;
          if (waiter) waiter.resolve(message);
          else if (message.sender !== undefined) {
            for (const listener of this.listeners) listener({ janus: message.janus, sender: message.sender });
          }
        }
      } catch (error) {
        if (this.closed || this.session !== session) return;
        this.onError(error);
        if (error instanceof JanusError && error.code === NO_SUCH_SESSION) {
          this.session = null;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  /** A request to Janus; a 458 for the session it was sent in (not a newer one) lets the next request open one. */
  private async post(
    path: string,
    request: Record<string, unknown>,
    { transaction = randomUUID(), session }: { transaction?: string; session?: number } = {},
  ): Promise<JanusMessage> {
    const body = { ...request, transaction, ...(this.secret ? { apisecret: this.secret } : {}) };
    const response = await fetch(`${this.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const reply = (await response.json()) as JanusMessage;
    if (reply.janus === 'error') {
      if (reply.error?.code === NO_SUCH_SESSION && session !== undefined) void this.forget(session);
      throw new JanusError(reply.error?.reason ?? 'error', reply.error?.code ?? null);
    }
    return reply;
  }

  /** Janus no longer knows `session`: the next request opens another, if that one is still the current. */
  private async forget(session: number): Promise<void> {
    const current = this.session;
    if (current && (await current.catch(() => null)) === session && this.session === current) this.session = null;
  }
}

/** Janus's code for a session it does not know (it timed out, or Janus restarted). */
const NO_SUCH_SESSION = 458;
