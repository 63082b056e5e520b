import type { ErrorCode, SfuPublishedEvent } from '@xemchung/protocol';
import type { RoomCommands } from './roomCommands.ts';

// The WebRTC of the screen share and the call through the server's SFU (docs/room-rules.md R129): a tab sends its
// media once, to the SFU, and receives each other's from there, instead of one link per pair of tabs (R126's and
// R127's meshes). `id` names what is sent (the share's id, or the call), `feed` the tab of the call received. The
// server passes the session descriptions to the SFU after checking them against the room; the SFU takes no trickled
// candidates, so each side's description carries its own.

/** The SFU commands, and the room's word that a tab has published (`sfu:published`), where the page hears it. */
type SfuRequests = Pick<RoomCommands, 'sfuPublish' | 'sfuSubscribe' | 'sfuAnswer'> & {
  onSfuPublished?(listener: (event: SfuPublishedEvent) => void): () => void;
};

/** How long a description waits for its candidates: on one network they are all there in a few milliseconds. */
const GATHERING_MS = 3000;
/**
 * How a side that failed (what it asks for not yet at the SFU, a lost link) tries again: every second 15 times (a
 * tab connecting takes a few), then every 10 s for as long as the page wants it.
 */
const RETRY_MS = 1000;
const QUICK_RETRIES = 15;
const SLOW_RETRY_MS = 10_000;
/** How long a link may stay `disconnected` (it often comes back) before it is made again. */
const DISCONNECTED_MS = 5000;
/** Refusals that trying again does not change: the room no longer lets this tab have it (the page follows the room). */
const FINAL: readonly ErrorCode[] = ['not_sharing', 'not_in_call', 'forbidden', 'invalid_payload'];

/** What a try came to: set up, to be made again, or refused for good. */
type Outcome = 'done' | 'again' | 'stop';

/** A refused ack's outcome. */
const refused = (code: ErrorCode): Outcome => (FINAL.includes(code) ? 'stop' : 'again');

/** Resolves once `connection` has gathered its candidates (or after GATHERING_MS, with those it has). */
function gathered(connection: RTCPeerConnection): Promise<void> {
  if (connection.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      connection.removeEventListener('icegatheringstatechange', changed);
      resolve();
    };
    const changed = () => {
      if (connection.iceGatheringState === 'complete') done();
    };
    const timer = setTimeout(done, GATHERING_MS);
    connection.addEventListener('icegatheringstatechange', changed);
  });
}

/** One side's link to the SFU, made again when a try fails or the link drops, until it is closed or refused for good. */
abstract class SfuLink {
  private link: RTCPeerConnection | null = null;
  private tries = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disconnected: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  protected readonly id: string;
  protected readonly requests: SfuRequests;
  private readonly iceServers: () => RTCIceServer[];

  constructor(id: string, requests: SfuRequests, iceServers: () => RTCIceServer[]) {
    this.id = id;
    this.requests = requests;
    this.iceServers = iceServers;
  }

  /** Makes the first link: each side calls it once its own fields are set. */
  protected start(): void {
    void this.connect();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.disconnected);
    this.link?.close();
    this.link = null;
  }

  /** Sets `link` up with the SFU (`done`; also when it is no longer the current link), or says why not. */
  protected abstract negotiate(link: RTCPeerConnection): Promise<Outcome>;

  /** Told when a link fails, before the next try. */
  protected lost(): void {}

  /** Makes the link afresh now: what it receives was published (again) at the SFU. */
  protected renew(): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.tries = 0;
    void this.connect();
  }

  private async connect(): Promise<void> {
    this.link?.close();
    const link = new RTCPeerConnection({ iceServers: this.iceServers() });
    this.link = link;
    link.onconnectionstatechange = () => {
      const state = link.connectionState;
      clearTimeout(this.disconnected);
      if (state === 'connected') this.tries = 0;
      // The SFU hung up (its room ended, the publisher went) or the network did: made again.
      if (state === 'failed' || state === 'closed') this.again(link);
      if (state === 'disconnected') this.disconnected = setTimeout(() => this.again(link), DISCONNECTED_MS);
    };
    const outcome = await this.negotiate(link).catch((): Outcome => 'again');
    if (outcome === 'again') this.again(link);
  }

  /** Makes the link again after a pause, once however many times the failed link says so. */
  private again(failed: RTCPeerConnection): void {
    if (this.closed || this.link !== failed || this.timer !== undefined) return;
    this.tries += 1;
    this.lost();
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        void this.connect();
      },
      this.tries <= QUICK_RETRIES ? RETRY_MS : SLOW_RETRY_MS,
    );
  }

  protected isCurrent(link: RTCPeerConnection): boolean {
    return !this.closed && this.link === link;
  }
}

/**
 * A sending tab's side: one link to the SFU, sending an audio and a video track of `stream` (the call sends both
 * kinds from the start, so a camera turned on later is a `sendVideo`, not a new negotiation).
 */
export class SfuSender extends SfuLink {
  private readonly stream: MediaStream;
  private readonly kinds: readonly ('audio' | 'video')[];
  private video: RTCRtpSender | null = null;

  constructor(
    stream: MediaStream,
    id: string,
    requests: SfuRequests,
    iceServers: () => RTCIceServer[],
    { bothKinds = false }: { bothKinds?: boolean } = {},
  ) {
    super(id, requests, iceServers);
    this.stream = stream;
    this.kinds = bothKinds ? ['audio', 'video'] : [];
    this.start();
  }

  /** The camera turned on or off: what goes on the video transceiver. */
  async sendVideo(track: MediaStreamTrack | null): Promise<void> {
    await this.video?.replaceTrack(track);
  }

  protected async negotiate(link: RTCPeerConnection): Promise<Outcome> {
    const tracks = this.stream.getTracks();
    const kinds = this.kinds.length > 0 ? this.kinds : tracks.map((track) => track.kind as 'audio' | 'video');
    for (const kind of new Set(kinds)) {
      const track = tracks.find((candidate) => candidate.kind === kind);
      const transceiver = link.addTransceiver(track ?? kind, { direction: 'sendonly', streams: [this.stream] });
      if (kind === 'video') this.video = transceiver.sender;
    }
    await link.setLocalDescription(await link.createOffer());
    await gathered(link);
    if (!this.isCurrent(link)) return 'done';
    const ack = await this.requests.sfuPublish(this.id, link.localDescription?.sdp ?? '');
    if (!this.isCurrent(link)) return 'done';
    if (!ack.ok) return refused(ack.error.code);
    await link.setRemoteDescription({ type: 'answer', sdp: ack.sdp });
    return 'done';
  }
}

/**
 * A receiving tab's side: one link from the SFU for the share `id`, or for the tab `feed` of the call, whose tracks
 * come out as `onStream`'s stream (a new stream with each track, so the page attaches it afresh).
 */
export class SfuReceiver extends SfuLink {
  private readonly feed: string | undefined;
  private readonly onStream: (stream: MediaStream | null) => void;
  private readonly stopHearing: () => void;

  constructor(
    { id, feed }: { id: string; feed?: string },
    requests: SfuRequests,
    iceServers: () => RTCIceServer[],
    onStream: (stream: MediaStream | null) => void,
  ) {
    super(id, requests, iceServers);
    this.feed = feed;
    this.onStream = onStream;
    // Published at last, or again (its tab's link was made anew): ask now rather than at the next try.
    this.stopHearing =
      requests.onSfuPublished?.((event) => {
        if (event.id === id && event.feed === feed) this.renew();
      }) ?? (() => {});
    this.start();
  }

  override close(): void {
    this.stopHearing();
    super.close();
  }

  protected override lost(): void {
    this.onStream(null);
  }

  protected async negotiate(link: RTCPeerConnection): Promise<Outcome> {
    const asked = this.feed === undefined ? {} : { feed: this.feed };
    const ack = await this.requests.sfuSubscribe(this.id, asked);
    if (!this.isCurrent(link)) return 'done';
    if (!ack.ok) return refused(ack.error.code);
    let stream = new MediaStream();
    link.ontrack = ({ track }) => {
      stream = new MediaStream([...stream.getTracks(), track]);
      this.onStream(stream);
    };
    await link.setRemoteDescription({ type: 'offer', sdp: ack.sdp });
    await link.setLocalDescription(await link.createAnswer());
    await gathered(link);
    if (!this.isCurrent(link)) return 'done';
    const answered = await this.requests.sfuAnswer(this.id, link.localDescription?.sdp ?? '', asked);
    if (answered.ok || !this.isCurrent(link)) return 'done';
    return refused(answered.error.code);
  }
}
