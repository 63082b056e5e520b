import { PROTOCOL_VERSION } from '@xemchung/protocol';
import { isCommandType, isRoomCommand, parseCommand } from '@xemchung/protocol/schemas';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_RATE, FLOOD_CUTOFF, MAX_MESSAGE_BYTES } from '../src/realtime/socket-server.ts';
import { type FuzzMessage, fuzzMessage, rawFrame } from './fuzz-arbitraries.ts';
import {
  comparable,
  expectTypedAnswer,
  flood,
  legitimateSteps,
  loadRoom,
  rawSocket,
  runLegitimately,
  sleep,
} from './fuzz-clients.ts';
import { DATABASE_KINDS } from './harness.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser, youtubeVideo } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

describe.each(DATABASE_KINDS)('hostile socket input on %s (R21, R22, R23)', (kind) => {
  const server = suiteServer(kind);
  let host: TestUser;
  /** The fuzzed room and its control twin, which gets the same legitimate commands and no fuzz. */
  let fuzzedId: string;
  let controlId: string;
  let hostInFuzzed: TestClient;
  let hostInControl: TestClient;
  const steps = legitimateSteps();

  const expectRoomsAlike = async () => {
    expect(comparable(await loadRoom(server, fuzzedId))).toEqual(comparable(await loadRoom(server, controlId)));
  };

  /** The server still answers HTTP and a well-behaved client still gets served. */
  const expectServerHealthy = async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const probe = await connect(server);
    try {
      expect(await probe.join(fuzzedId)).toMatchObject({ ok: true });
      expect(await probe.request('clock:ping', {})).toMatchObject({ ok: true });
    } finally {
      probe.close();
    }
  };

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ phòng');
    fuzzedId = await createRoom(server, host, 'Phòng thử');
    controlId = await createRoom(server, host, 'Phòng thử');
    hostInFuzzed = await connect(server, { user: host });
    hostInControl = await connect(server, { user: host });
    await hostInFuzzed.join(fuzzedId);
    await hostInControl.join(controlId);
  });

  afterAll(async () => {
    hostInFuzzed?.close();
    hostInControl?.close();
  });

  it('answers random and malformed payloads for every event with a typed refusal, from host and guest alike', async () => {
    const legit = runLegitimately(hostInFuzzed, hostInControl, steps.slice(0, 6));
    let judged = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fuzzMessage, fc.boolean()), { minLength: 1, maxLength: 15 }),
        async (batch) => {
          // Fresh sockets per run: a batch stays under the rate limit, so every message is really looked at.
          const senders = [await connect(server, { user: host }), await connect(server)];
          try {
            for (const sender of senders) await sender.join(fuzzedId);
            const answers = await Promise.all(
              batch.map(([message, asHost]) =>
                (senders[asHost ? 0 : 1] as TestClient).raw(message.event as string, ...message.args),
              ),
            );
            answers.forEach((ack, i) => {
              expectTypedAnswer(ack, harmlessWhenValid((batch[i] as [FuzzMessage, boolean])[0]));
              if (!(ack as { ok: boolean }).ok && (ack as { error: { code: string } }).error.code !== 'rate_limited')
                judged++;
            });
            for (const sender of senders) expect(sender.socket.connected).toBe(true);
          } finally {
            for (const sender of senders) sender.close();
          }
        },
      ),
      { numRuns: 60 },
    );
    await legit;
    expect(judged).toBeGreaterThan(100);
    await expectRoomsAlike();
    await expectServerHealthy();
  });

  it('survives raw frames no client library would send: bad packets, lying binary headers, deep nesting', async () => {
    const legit = runLegitimately(hostInFuzzed, hostInControl, steps.slice(6, 9));
    await fc.assert(
      fc.asyncProperty(fc.array(rawFrame, { minLength: 1, maxLength: 8 }), async (frames) => {
        const socket = await rawSocket(server);
        for (const frame of frames) if (socket.ws.readyState === socket.ws.OPEN) socket.ws.send(frame);
        // Give the server a moment to answer or hang up, then let go either way.
        await Promise.race([socket.closed, sleep(15)]);
        socket.ws.terminate();
        await socket.closed;
      }),
      { numRuns: 80 },
    );
    await legit;
    await expectRoomsAlike();
    await expectServerHealthy();
  });

  it('refuses a second connect on a connection that left the namespace, and closes it', async () => {
    // The connection's upgrade request is let go once connected (ADR 039): a connect that came back on the same
    // Engine.IO connection would be judged without it. Before the refusal, its handshake threw and the process died.
    const socket = await rawSocket(server);
    socket.ws.send('41');
    // Once the server has let the first go: a connect on its heels finds it still there and is dropped.
    await sleep(300);
    socket.ws.send(`40${JSON.stringify({ protocol: PROTOCOL_VERSION })}`);
    await Promise.race([socket.closed, sleep(5000)]);
    expect(socket.ws.readyState).toBe(socket.ws.CLOSED);
    const refusal = socket.frames.find((frame) => frame.startsWith('44'));
    expect(JSON.parse(refusal?.slice(2) ?? 'null')).toMatchObject({ data: { code: 'forbidden' } });
    await expectServerHealthy();
  });

  it('closes the connection of an oversized message without applying it, whoever sends it', async () => {
    const before = await loadRoom(server, fuzzedId);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: MAX_MESSAGE_BYTES + 1, max: 1_000_000 }),
        fc.boolean(),
        async (size, asHost) => {
          const sender = await connect(server, asHost ? { user: host } : {});
          await sender.join(fuzzedId);
          const closed = new Promise<string>((resolve) => sender.socket.once('disconnect', resolve));
          const video = { ...youtubeVideo(), title: 'x'.repeat(size) };
          sender.socket.emit('playlist:add', { video });
          expect(await closed).toMatch(/transport (close|error)/);
        },
      ),
      { numRuns: 6 },
    );
    expect(await loadRoom(server, fuzzedId)).toEqual(before);
    await expectServerHealthy();
  });

  it('cuts off every socket of a flood with rate_limited, while its room and other rooms carry on', async () => {
    const otherHost = await signedInUser(server, 'Phòng bên');
    const otherId = await createRoom(server, otherHost, 'Phòng bên');
    const bystander = await connect(server, { user: otherHost });
    await bystander.join(otherId);
    const flooders = await Promise.all(Array.from({ length: 12 }, () => connect(server)));
    await Promise.all(flooders.map((flooder) => flooder.join(fuzzedId)));
    try {
      const floods = Promise.all(flooders.map((flooder) => flood(flooder, 600)));
      const legit = runLegitimately(hostInFuzzed, hostInControl, steps.slice(9));
      const added = [];
      for (let i = 0; i < 8; i++) {
        const video = youtubeVideo(`Bên cạnh ${i}`);
        expect(await bystander.request('playlist:add', { video })).toMatchObject({ ok: true });
        added.push(video.id);
      }
      const results = await floods;
      await legit;

      for (const { answers, reason } of results) {
        // Told by the server, so socket.io-client does not reconnect on its own.
        expect(reason).toBe('io server disconnect');
        const limited = answers.get('rate_limited') ?? 0;
        expect(limited).toBeGreaterThan(0);
        // Cut off once the refusals run out, long before the 600 messages are through.
        expect(limited).toBeLessThanOrEqual(FLOOD_CUTOFF.capacity + 20);
        expect(answers.get('ok') ?? 0).toBeLessThanOrEqual(COMMAND_RATE.capacity + 20);
        expect([...answers.values()].reduce((sum, n) => sum + n, 0)).toBeLessThan(600);
      }
      expect((await loadRoom(server, otherId))?.playlist.map((item) => item.id)).toEqual(added);
      await expectRoomsAlike();
      await expectServerHealthy();
    } finally {
      bystander.close();
      for (const flooder of flooders) flooder.close();
    }
  });
});

/** A valid non-room command (ping, join, leave) may be answered ok; the arbitraries never yield a room command. */
function harmlessWhenValid(message: FuzzMessage): boolean {
  if (typeof message.event !== 'string' || !isCommandType(message.event) || message.args.length > 1) return false;
  const parsed = parseCommand(message.event, message.args[0]);
  return parsed.success && !isRoomCommand(parsed.data);
}
