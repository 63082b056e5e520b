import { once } from 'node:events';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { afterStall, DelayLine, type DelayProxy, parseConnect, seededRandom, startDelayProxy } from './delay-proxy.ts';

describe('DelayLine', () => {
  it('delays each chunk by the delay ± the jitter, and never lets one overtake the one before', () => {
    const line = new DelayLine({ delayMs: 50, jitterMs: 25 }, undefined, seededRandom(1));
    let previous = Number.NEGATIVE_INFINITY;
    let reordersAvoided = 0;
    for (let now = 0; now < 2000; now += 3) {
      const at = line.deliveryTime(now);
      expect(at).toBeGreaterThanOrEqual(previous);
      expect(at - now).toBeGreaterThanOrEqual(25);
      // Held behind an earlier chunk it may wait longer than 75 ms, but never longer than that chunk's 75 ms.
      expect(at).toBeLessThanOrEqual(Math.max(now + 75, previous));
      if (at === previous) reordersAvoided++;
      previous = at;
    }
    // Chunks 3 ms apart with 50 ms of jitter would overtake each other often without the ordering.
    expect(reordersAvoided).toBeGreaterThan(100);
  });

  it('gives the same jitter sequence for the same seed', () => {
    const a = new DelayLine({ delayMs: 20, jitterMs: 10 }, undefined, seededRandom(7));
    const b = new DelayLine({ delayMs: 20, jitterMs: 10 }, undefined, seededRandom(7));
    const times = (line: DelayLine) => [0, 40, 80, 120].map((now) => line.deliveryTime(now));
    expect(times(a)).toEqual(times(b));
  });

  it('holds what falls in a stall until the stall ends, in both directions alike', () => {
    const stall = { everyMs: 20_000, durationMs: 300 };
    expect(afterStall(19_999, stall)).toBe(19_999);
    expect(afterStall(20_000, stall)).toBe(20_300);
    expect(afterStall(20_299, stall)).toBe(20_300);
    expect(afterStall(20_300, stall)).toBe(20_300);
    expect(afterStall(40_150, stall)).toBe(40_300);
    // Before the first period there is no stall (the page loads undisturbed).
    expect(afterStall(150, stall)).toBe(150);
    const line = new DelayLine({ delayMs: 10 }, stall, seededRandom(1));
    expect(line.deliveryTime(19_995)).toBe(20_300);
    expect(line.deliveryTime(20_100)).toBe(20_300);
    expect(line.deliveryTime(20_400)).toBe(20_410);
  });
});

describe('parseConnect', () => {
  const request = (address: number[], port: number) => Buffer.from([5, 1, 0, ...address, port >> 8, port & 0xff, 0x47]);

  it('reads IPv4 and domain destinations and how long the request was', () => {
    expect(parseConnect(request([1, 127, 0, 0, 1], 3510))).toEqual({ host: '127.0.0.1', port: 3510, length: 10 });
    const name = [...Buffer.from('localhost')];
    expect(parseConnect(request([3, name.length, ...name], 80))).toEqual({ host: 'localhost', port: 80, length: 16 });
  });

  it('waits for the whole request, and refuses what it cannot do', () => {
    expect(parseConnect(request([1, 127, 0, 0, 1], 3510).subarray(0, 8))).toBeNull();
    expect(() => parseConnect(Buffer.from([5, 1, 0, 9, 0, 0, 0]))).toThrow(/address type/);
    expect(() => parseConnect(Buffer.from([5, 2, 0, 1, 127, 0, 0, 1, 0, 80]))).toThrow(/CONNECT/);
  });
});

describe('startDelayProxy', () => {
  let echo: Server | null = null;
  let proxy: DelayProxy | null = null;
  afterEach(async () => {
    await proxy?.close();
    echo?.close();
  });

  /** An echo server that answers each chunk with itself. */
  async function startEcho(): Promise<number> {
    echo = createServer((socket) => socket.pipe(socket));
    echo.listen(0, '127.0.0.1');
    await once(echo, 'listening');
    return (echo.address() as { port: number }).port;
  }

  /** Opens a SOCKS5 connection through the proxy to 127.0.0.1:port. */
  async function connectThrough(proxyPort: number, port: number): Promise<Socket> {
    const socket = tcpConnect({ host: '127.0.0.1', port: proxyPort });
    await once(socket, 'connect');
    socket.write(Buffer.from([5, 1, 0]));
    socket.write(Buffer.from([5, 1, 0, 1, 127, 0, 0, 1, port >> 8, port & 0xff]));
    let reply = Buffer.alloc(0);
    while (reply.length < 12) reply = Buffer.concat([reply, (await once(socket, 'data'))[0] as Buffer]);
    expect([...reply.subarray(0, 2)]).toEqual([5, 0]);
    expect(reply[3]).toBe(0); // CONNECT succeeded
    return socket;
  }

  /** Sends `count` numbered lines, one every `gapMs`, and collects what comes back with each arrival time. */
  async function roundTrips(socket: Socket, count: number, gapMs: number) {
    const sent: number[] = [];
    const received: { line: string; at: number }[] = [];
    let partial = '';
    socket.on('data', (chunk: Buffer) => {
      partial += chunk.toString();
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) received.push({ line, at: performance.now() });
    });
    for (let index = 0; index < count; index++) {
      sent.push(performance.now());
      socket.write(`${index}\n`);
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
    const deadline = performance.now() + 5000;
    while (received.length < count && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return { sent, received };
  }

  it('delays the target port up and down, in order, with jitter', async () => {
    const port = await startEcho();
    proxy = await startDelayProxy({
      targetPort: port,
      profile: { up: { delayMs: 30, jitterMs: 15 }, down: { delayMs: 60, jitterMs: 15 } },
    });
    const socket = await connectThrough(proxy.port, port);
    const { sent, received } = await roundTrips(socket, 40, 4);
    socket.destroy();
    expect(received.map((entry) => entry.line)).toEqual(sent.map((_, index) => String(index)));
    const trips = received.map((entry, index) => entry.at - (sent[index] ?? 0));
    // At least the two delays' lower ends (15 + 45 ms), minus a millisecond of timer rounding.
    expect(Math.min(...trips)).toBeGreaterThanOrEqual(59);
    // Jittered: the trips are not all the same length.
    expect(Math.max(...trips) - Math.min(...trips)).toBeGreaterThan(5);
  });

  it('passes other destinations straight through', async () => {
    const port = await startEcho();
    proxy = await startDelayProxy({
      targetPort: port + 1,
      profile: { up: { delayMs: 500 }, down: { delayMs: 500 } },
    });
    const socket = await connectThrough(proxy.port, port);
    const { sent, received } = await roundTrips(socket, 3, 1);
    socket.destroy();
    expect(received.map((entry) => entry.line)).toEqual(['0', '1', '2']);
    expect((received[0]?.at ?? Number.POSITIVE_INFINITY) - (sent[0] ?? 0)).toBeLessThan(500);
  });

  it('freezes the link during a stall and lists the stall windows', async () => {
    const port = await startEcho();
    proxy = await startDelayProxy({
      targetPort: port,
      profile: { up: { delayMs: 1 }, down: { delayMs: 1 }, stall: { everyMs: 400, durationMs: 150 } },
    });
    const socket = await connectThrough(proxy.port, port);
    const { sent, received } = await roundTrips(socket, 60, 10);
    socket.destroy();
    expect(received.map((entry) => entry.line)).toEqual(sent.map((_, index) => String(index)));
    const trips = received.map((entry, index) => entry.at - (sent[index] ?? 0));
    // Something sent at a stall's start waits out most of its 150 ms.
    expect(Math.max(...trips)).toBeGreaterThan(100);
    const windows = proxy.stalls();
    expect(windows.length).toBeGreaterThanOrEqual(1);
    expect((windows[0]?.to ?? 0) - (windows[0]?.from ?? 0)).toBe(150);
  });
});
