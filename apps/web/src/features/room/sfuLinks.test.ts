import { ackFailure, type CommandAck, type SfuPublishedEvent } from '@xemchung/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SfuReceiver, SfuSender } from './sfuLinks.ts';

/** The little of RTCPeerConnection the SFU links use (jsdom has none): descriptions set, candidates all gathered. */
class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  localDescription: { type: string; sdp: string } | null = null;
  remote: { type: string; sdp: string } | null = null;
  readonly iceGatheringState = 'complete';
  connectionState = 'new';
  onconnectionstatechange: (() => void) | null = null;
  ontrack: ((event: { track: MediaStreamTrack }) => void) | null = null;
  closed = false;
  readonly sending: unknown[] = [];
  constructor() {
    FakePeerConnection.made.push(this);
  }
  readonly replaced: unknown[] = [];
  addTransceiver(track: unknown) {
    this.sending.push(track);
    return { sender: { replaceTrack: async (next: unknown) => void this.replaced.push(next) } };
  }
  async createOffer() {
    return { type: 'offer', sdp: 'offer-with-candidates' };
  }
  async createAnswer() {
    return { type: 'answer', sdp: 'answer-with-candidates' };
  }
  async setLocalDescription(description: { type: string; sdp: string }) {
    this.localDescription = description;
  }
  async setRemoteDescription(description: { type: string; sdp: string }) {
    this.remote = description;
  }
  addEventListener() {}
  removeEventListener() {}
  close() {
    this.closed = true;
  }
  /** What the browser does when ICE fails. */
  fail() {
    this.connectionState = 'failed';
    this.onconnectionstatechange?.();
  }
}

const notYet = () => ackFailure('unavailable', 'The share is not at the SFU yet; ask again');

function requests() {
  const published = new Set<(event: SfuPublishedEvent) => void>();
  return {
    /** The room says a tab published (`sfu:published`). */
    publish: (event: Omit<SfuPublishedEvent, 'roomId'>) => {
      for (const listener of published) listener({ roomId: 'room', ...event });
    },
    onSfuPublished: (listener: (event: SfuPublishedEvent) => void) => {
      published.add(listener);
      return () => void published.delete(listener);
    },
    sfuPublish: vi.fn(async (): Promise<CommandAck<'sfu:publish'>> => ({ ok: true, sdp: 'sfu-answer' })),
    sfuSubscribe: vi.fn(async (): Promise<CommandAck<'sfu:subscribe'>> => ({ ok: true, sdp: 'sfu-offer' })),
    sfuAnswer: vi.fn(async (): Promise<CommandAck<'sfu:answer'>> => ({ ok: true })),
  };
}

describe('the share through the SFU, in the page (R129)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakePeerConnection.made = [];
    vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
    vi.stubGlobal('MediaStream', class {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('the sharing tab sends each captured track once, in one offer, and takes the SFU’s answer', async () => {
    const server = requests();
    const tracks = [{ kind: 'video' }, { kind: 'audio' }];
    const stream = { getTracks: () => tracks } as unknown as MediaStream;
    const sender = new SfuSender(stream, 'sh-1', server, () => []);
    await vi.runAllTimersAsync();
    expect(server.sfuPublish).toHaveBeenCalledExactlyOnceWith('sh-1', 'offer-with-candidates');
    const [link] = FakePeerConnection.made;
    expect(link?.sending).toEqual(tracks);
    expect(link?.remote).toEqual({ type: 'answer', sdp: 'sfu-answer' });
    sender.close();
    expect(link?.closed).toBe(true);
  });

  it('a tab of the call sends its microphone and a video transceiver from the start; a camera turned on replaces', async () => {
    const server = requests();
    const microphone = { kind: 'audio' };
    const stream = { getTracks: () => [microphone] } as unknown as MediaStream;
    const sender = new SfuSender(stream, 'call', server, () => [], { bothKinds: true });
    await vi.runAllTimersAsync();
    const [link] = FakePeerConnection.made;
    expect(link?.sending).toEqual([microphone, 'video']);
    expect(server.sfuPublish).toHaveBeenCalledExactlyOnceWith('call', 'offer-with-candidates');
    const camera = { kind: 'video' } as MediaStreamTrack;
    await sender.sendVideo(camera);
    expect(link?.replaced).toEqual([camera]);
  });

  it('a viewer asks again every second while the picture is not at the SFU, then answers its offer', async () => {
    const server = requests();
    server.sfuSubscribe.mockResolvedValueOnce(notYet()).mockResolvedValueOnce(notYet());
    new SfuReceiver(
      { id: 'sh-1' },
      server,
      () => [],
      () => {},
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sfuSubscribe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.sfuSubscribe).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.sfuSubscribe).toHaveBeenCalledTimes(3);
    expect(server.sfuAnswer).toHaveBeenCalledExactlyOnceWith('sh-1', 'answer-with-candidates', {});
    expect(FakePeerConnection.made.at(-1)?.remote).toEqual({ type: 'offer', sdp: 'sfu-offer' });
    // The links of the refused asks are closed, not left open.
    expect(FakePeerConnection.made.slice(0, -1).every((link) => link.closed)).toBe(true);
  });

  it('a viewer whose link fails, or that the SFU hangs up, shows no picture and asks again', async () => {
    const server = requests();
    const shown: Array<MediaStream | null> = [];
    new SfuReceiver(
      { id: 'sh-1' },
      server,
      () => [],
      (stream) => shown.push(stream),
    );
    await vi.advanceTimersByTimeAsync(0);
    FakePeerConnection.made.at(-1)?.fail();
    // A second report of the same failure makes no second link.
    FakePeerConnection.made.at(-1)?.fail();
    expect(shown).toEqual([null]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.sfuSubscribe).toHaveBeenCalledTimes(2);
    expect(FakePeerConnection.made).toHaveLength(2);
  });

  it('asks every second 15 times, then every 10 s for as long as it is wanted; a refusal for good or a close stops it', async () => {
    const server = requests();
    server.sfuSubscribe.mockResolvedValue(notYet());
    const receiver = new SfuReceiver(
      { id: 'sh-1' },
      server,
      () => [],
      () => {},
    );
    await vi.advanceTimersByTimeAsync(15_000);
    expect(server.sfuSubscribe).toHaveBeenCalledTimes(16);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(server.sfuSubscribe).toHaveBeenCalledTimes(16);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sfuSubscribe).toHaveBeenCalledTimes(17);
    // The share ended meanwhile: the page closes the link when the room says so; until then it asks no more.
    server.sfuSubscribe.mockResolvedValue(ackFailure('not_sharing', 'That share is not the room’s share now'));
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.sfuSubscribe).toHaveBeenCalledTimes(18);
    receiver.close();
    expect(FakePeerConnection.made.every((link) => link.closed)).toBe(true);
  });

  it('asks at once when the room says what it waits for was published, and again when it is published anew', async () => {
    const server = requests();
    server.sfuSubscribe.mockResolvedValueOnce(notYet());
    const receiver = new SfuReceiver(
      { id: 'call', feed: 'tab-2' },
      server,
      () => [],
      () => {},
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sfuSubscribe).toHaveBeenCalledTimes(1);
    // Another tab's publication, or the share's, is not this one.
    server.publish({ id: 'call', feed: 'tab-3' });
    server.publish({ id: 'sh-1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sfuSubscribe).toHaveBeenCalledTimes(1);
    server.publish({ id: 'call', feed: 'tab-2' });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sfuSubscribe).toHaveBeenLastCalledWith('call', { feed: 'tab-2' });
    expect(server.sfuSubscribe).toHaveBeenCalledTimes(2);
    // Its tab published again (its own link was made anew): the subscription is made afresh, the old link closed.
    server.publish({ id: 'call', feed: 'tab-2' });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sfuSubscribe).toHaveBeenCalledTimes(3);
    expect(FakePeerConnection.made.slice(0, -1).every((link) => link.closed)).toBe(true);
    receiver.close();
    server.publish({ id: 'call', feed: 'tab-2' });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sfuSubscribe).toHaveBeenCalledTimes(3);
  });
});
