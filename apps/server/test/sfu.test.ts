import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CALL_MEMBERS_MAX, CALL_MEMBERS_MAX_SFU, CALL_SIGNAL_TOPIC, SFU_SDP_MAX } from '@xemchung/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JanusApi } from '../src/sfu/janus-api.ts';
import { type ManagedJanus, startJanus } from '../src/sfu/janus-process.ts';
import { roomAcross } from './backends.ts';
import { CLUSTER_SERVICES, Cluster } from './cluster.ts';
import { freePort } from './crash-node.ts';
import type { TestServer } from './harness.ts';
import { idOf } from './p2p-clients.ts';
import { connect, createRoom, signedInUser, type TestClient, waitFor } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

/** An offer Chromium made for a picture and its sound, candidates inline, as a sharing tab sends it (R129). */
const OFFER = readFileSync(new URL('./fixtures/chromium-share-offer.sdp', import.meta.url), 'utf8');
const JANUS = process.env.JANUS_PATH ?? '/usr/bin/janus';

const POLL = { timeout: 10_000 };

/** The id of the share `client` last heard of, once `wanted` takes it. */
const shareHeardBy = (client: TestClient, wanted: (id: string) => boolean) =>
  waitFor(
    () => {
      const id = (client.latest?.share ?? client.joined?.share)?.id;
      return id !== undefined && wanted(id) ? id : undefined;
    },
    10_000,
    'a share',
  );

/**
 * R129 on `nodes`: rooms whose co-host shares, their host and a guest watching, each on `nodes[i % length]`.
 * `askSfu` sends a request to the SFU's VideoRoom where the test can (null: Janus's secret is the server's).
 */
function sfuCases(
  nodes: () => TestServer[],
  askSfu: ((body: Record<string, unknown>) => Promise<Record<string, unknown>>) | null,
) {
  const roomAtSfu = askSfu && (async (room: string) => (await askSfu({ request: 'exists', room })).exists === true);
  /** The publishers of the VideoRoom `room`, or null where the test cannot ask. */
  const publishersAtSfu = async (room: string) => {
    if (!askSfu) return null;
    const data = await askSfu({ request: 'listparticipants', room }).catch(() => ({ participants: [] }));
    return ((data.participants ?? []) as { id: string }[]).map((participant) => participant.id).sort();
  };
  /** Whether the SFU holds the share's room, or null where the test cannot ask it. */
  const atSfu = async (shareId: string) => (roomAtSfu ? roomAtSfu(shareId) : null);
  const sockets: TestClient[] = [];
  afterAll(() => {
    for (const client of sockets.splice(0)) client.close();
  });

  async function sharingRoom() {
    const { roomId, hostUser, lanUser: cohostUser, join } = await roomAcross(nodes(), sockets);
    const host = await join(0, hostUser);
    expect(await host.request('cohost:grant', { uid: cohostUser.uid })).toMatchObject({ ok: true });
    const cohost = await join(1, cohostUser);
    const guest = await join(2);
    expect(await cohost.request('share:start')).toMatchObject({ ok: true });
    const shareId = await shareHeardBy(host, () => true);
    return { roomId, host, cohost, guest, shareId };
  }

  it('R129: the sharing tab publishes to the SFU and gets its answer; viewers ask until its picture flows', async () => {
    const { host, cohost, guest, shareId } = await sharingRoom();
    // Before the tab has published, and after it has but before its media is up (no browser here: the e2e has one),
    // a viewer on any node is told to ask again, which the page does.
    expect(await guest.request('sfu:subscribe', { id: shareId })).toMatchObject({
      ok: false,
      error: { code: 'unavailable', message: expect.stringContaining('ask again') },
    });
    const published = await cohost.request('sfu:publish', { id: shareId, sdp: OFFER });
    if (!published.ok) throw new Error(`not published: ${JSON.stringify(published.error)}`);
    // The SFU's answer takes the picture and the sound the tab offered, and names its own candidates.
    expect(published.sdp).toMatch(/^v=0/);
    expect(published.sdp).toMatch(/m=video [1-9]/);
    expect(published.sdp).toMatch(/a=recvonly/);
    expect(published.sdp).toMatch(/a=candidate:/);
    expect(await atSfu(shareId)).not.toBe(false);
    for (const viewer of [guest, host]) {
      expect(await viewer.request('sfu:subscribe', { id: shareId })).toMatchObject({
        ok: false,
        error: { code: 'unavailable', message: expect.stringContaining('ask again') },
      });
    }
  });

  it('R129: only the tab the share names publishes it; nobody publishes or watches a share that is not the room’s', async () => {
    const { host, cohost, guest, shareId } = await sharingRoom();
    // A controller, a guest: not the sharing tab.
    for (const other of [host, guest]) {
      expect(await other.request('sfu:publish', { id: shareId, sdp: OFFER })).toMatchObject({
        ok: false,
        error: { code: 'not_sharing' },
      });
    }
    // Another share's id (a room elsewhere, or one that ended) reaches nothing.
    const elsewhere = 'sh-00000000-0000-4000-8000-000000000000';
    expect(await cohost.request('sfu:publish', { id: elsewhere, sdp: OFFER })).toMatchObject({
      ok: false,
      error: { code: 'not_sharing' },
    });
    expect(await guest.request('sfu:subscribe', { id: elsewhere })).toMatchObject({
      ok: false,
      error: { code: 'not_sharing' },
    });
    // The sharing tab has its own picture; an answer with no offer waiting is refused.
    expect(await cohost.request('sfu:subscribe', { id: shareId })).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload' },
    });
    expect(await guest.request('sfu:answer', { id: shareId, sdp: OFFER })).toMatchObject({
      ok: false,
      error: { code: 'unavailable' },
    });
    // Once the share ends, its id opens nothing at the SFU.
    expect(await cohost.request('share:stop', { id: shareId })).toMatchObject({ ok: true });
    expect(await guest.request('sfu:subscribe', { id: shareId })).toMatchObject({
      ok: false,
      error: { code: 'not_sharing' },
    });
  });

  it('R129: the call through the SFU: only its tabs publish, and each receives only another tab of it', async () => {
    const { host, cohost, guest } = await sharingRoom();
    const call = CALL_SIGNAL_TOPIC;
    // Nobody is in the call yet: nobody publishes to it.
    expect(await host.request('sfu:publish', { id: call, sdp: OFFER })).toMatchObject({
      ok: false,
      error: { code: 'not_in_call' },
    });
    expect(await host.request('call:join', { audio: true, video: false })).toMatchObject({ ok: true });
    expect(await cohost.request('call:join', { audio: true, video: true })).toMatchObject({ ok: true });
    const published = await host.request('sfu:publish', { id: call, sdp: OFFER });
    if (!published.ok) throw new Error(`not published: ${JSON.stringify(published.error)}`);
    expect(published.sdp).toMatch(/^s=VideoRoom call-/m);
    // A guest outside the call, a tab asking for itself, a feed that is not in the call: refused.
    expect(await guest.request('sfu:subscribe', { id: call, feed: idOf(host) })).toMatchObject({
      ok: false,
      error: { code: 'not_in_call' },
    });
    for (const feed of [idOf(cohost), idOf(guest), undefined]) {
      expect(await cohost.request('sfu:subscribe', { id: call, ...(feed ? { feed } : {}) })).toMatchObject({
        ok: false,
        error: { code: 'not_in_call' },
      });
    }
    // Another tab of the call, published but with no media up yet (no browser here): ask again.
    expect(await cohost.request('sfu:subscribe', { id: call, feed: idOf(host) })).toMatchObject({
      ok: false,
      error: { code: 'unavailable', message: expect.stringContaining('ask again') },
    });
  });

  it('R129: what the room no longer lets be leaves the SFU: a tab out of the call, a stopped share, an emptied call', async () => {
    const { roomId, host, cohost, shareId } = await sharingRoom();
    const call = CALL_SIGNAL_TOPIC;
    expect(await cohost.request('sfu:publish', { id: shareId, sdp: OFFER })).toMatchObject({ ok: true });
    for (const tab of [host, cohost]) {
      expect(await tab.request('call:join', { audio: true, video: false })).toMatchObject({ ok: true });
      expect(await tab.request('sfu:publish', { id: call, sdp: OFFER })).toMatchObject({ ok: true });
    }
    const both = [idOf(host), idOf(cohost)].sort();
    if (askSfu) expect(await publishersAtSfu(`call-${roomId}`)).toEqual(both);
    // The co-host leaves the call but stays in the room: its voice leaves the SFU with it.
    expect(await cohost.request('call:leave')).toMatchObject({ ok: true });
    await expect.poll(() => publishersAtSfu(`call-${roomId}`), POLL).toEqual(askSfu ? [idOf(host)] : null);
    // The share is stopped while its tab stays: its room at the SFU goes.
    expect(await host.request('share:stop', { id: shareId })).toMatchObject({ ok: true });
    await expect.poll(() => atSfu(shareId), POLL).toBe(askSfu ? false : null);
    // The call empties: its room at the SFU goes too.
    expect(await host.request('call:leave')).toMatchObject({ ok: true });
    await expect.poll(async () => (roomAtSfu ? roomAtSfu(`call-${roomId}`) : null), POLL).toBe(askSfu ? false : null);
    // And a tab that joins the call again publishes into a room made afresh.
    expect(await host.request('call:join', { audio: true, video: false })).toMatchObject({ ok: true });
    expect(await host.request('sfu:publish', { id: call, sdp: OFFER })).toMatchObject({ ok: true });
  });

  it('R129: oversized or empty SDP is invalid, and the socket is kept', async () => {
    const { cohost, shareId } = await sharingRoom();
    for (const sdp of ['', 'v'.repeat(SFU_SDP_MAX + 1)]) {
      expect(await cohost.request('sfu:publish', { id: shareId, sdp })).toMatchObject({
        ok: false,
        error: { code: 'invalid_payload' },
      });
    }
    expect(await cohost.request('sfu:publish', { id: shareId, sdp: OFFER })).toMatchObject({ ok: true });
  });

  it('R129: a share’s picture leaves the SFU when its tab shares again or leaves', async () => {
    const { host, cohost, guest, shareId } = await sharingRoom();
    expect(await cohost.request('sfu:publish', { id: shareId, sdp: OFFER })).toMatchObject({ ok: true });
    // A second share by the same tab: the first one's room at the SFU goes when the new one is published.
    expect(await cohost.request('share:start')).toMatchObject({ ok: true });
    const second = await shareHeardBy(host, (id) => id !== shareId);
    expect(await cohost.request('sfu:publish', { id: second, sdp: OFFER })).toMatchObject({ ok: true });
    expect(await atSfu(shareId)).not.toBe(true);
    expect(await atSfu(second)).not.toBe(false);
    cohost.close();
    // The share ends with the tab (R126), and its room at the SFU with it.
    await expect
      .poll(async () => [(await guest.request('sfu:subscribe', { id: second })).ok, await atSfu(second)], POLL)
      .toEqual([false, roomAtSfu ? false : null]);
  });
}

describe('the screen share through Janus started by the server (SFU=janus)', () => {
  let janusPort = 0;
  beforeAll(async () => {
    janusPort = await freePort();
  });
  const server = suiteServer('sqlite', () => ({
    env: { SFU: 'janus', JANUS_PATH: JANUS, SFU_PORT: String(janusPort) },
  }));
  sfuCases(() => [server], null);

  it('tells the browser an SFU is there', async () => {
    expect(await (await fetch(`${server.url}/api/client-config`)).json()).toMatchObject({ sfu: true });
  });

  it('R129: the call holds more tabs through the SFU than the mesh does', async () => {
    expect(await callJoins(server, CALL_MEMBERS_MAX_SFU + 1)).toEqual([
      ...Array(CALL_MEMBERS_MAX_SFU).fill('ok'),
      'call_full',
    ]);
  });

  it('R129: a Janus that ends is started again, and the sharing tab publishes through it again', async () => {
    const sockets: TestClient[] = [];
    try {
      const { hostUser, join } = await roomAcross([server], sockets);
      const sharer = await join(0, hostUser);
      expect(await sharer.request('share:start')).toMatchObject({ ok: true });
      const shareId = await shareHeardBy(sharer, () => true);
      expect(await sharer.request('sfu:publish', { id: shareId, sdp: OFFER })).toMatchObject({ ok: true });
      // The managed Janus's process, as the server keeps it in its data folder.
      const pidFile = path.join(server.dataDir, 'janus.pid');
      const before = readFileSync(pidFile, 'utf8').trim();
      expect(running(Number(before))).toBe(true);
      process.kill(Number(before), 'SIGKILL');
      // As the page does: its link dropped, it publishes again until the SFU answers (past R129's budget of 3 at once,
      // one per 5 s: a refused try is tried again).
      await expect
        .poll(async () => (await sharer.request('sfu:publish', { id: shareId, sdp: OFFER })).ok, {
          timeout: 20_000,
          interval: 1000,
        })
        .toBe(true);
      const after = readFileSync(pidFile, 'utf8').trim();
      expect(after).not.toBe(before);
      expect(running(Number(after))).toBe(true);
    } finally {
      for (const client of sockets) client.close();
    }
  });
});

/** `count` signed-in people join one room's call, one after another: each answer's outcome ('ok' or its code). */
async function callJoins(server: TestServer, count: number): Promise<string[]> {
  const sockets: TestClient[] = [];
  try {
    const { roomId, hostUser } = await roomAcross([server], sockets);
    const outcomes: string[] = [];
    for (let index = 0; index < count; index++) {
      const user = index === 0 ? hostUser : await signedInUser(server, `Người ${index}`);
      const client = await connect(server, { user });
      sockets.push(client);
      expect(await client.join(roomId)).toMatchObject({ ok: true });
      const joined = await client.request('call:join', { audio: true, video: false });
      outcomes.push(joined.ok ? 'ok' : joined.error.code);
    }
    return outcomes;
  } finally {
    for (const client of sockets) client.close();
  }
}

describe('a managed Janus left running by a server killed hard', () => {
  it('R129: is stopped by the next start on its port, which then answers with its own secret', async () => {
    const port = await freePort();
    const pidFile = path.join(mkdtempSync(path.join(tmpdir(), 'xc-janus-pid-')), 'janus.pid');
    // A server process that starts Janus and is then killed with SIGKILL: its Janus keeps the port.
    const server = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { startJanus } = await import(${JSON.stringify(new URL('../src/sfu/janus-process.ts', import.meta.url).href)});
         const janus = await startJanus({ binary: ${JSON.stringify(JANUS)}, port: ${port}, pidFile: ${JSON.stringify(pidFile)}, onExit: () => {} });
         console.log('up', janus.pid);
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const leftPid = await new Promise<number>((resolve, reject) => {
      server.stdout?.setEncoding('utf8').on('data', (text: string) => {
        const up = /up (\d+)/.exec(text);
        if (up) resolve(Number(up[1]));
      });
      server.once('exit', () => reject(new Error('the server process ended before its Janus answered')));
    });
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    expect(running(leftPid)).toBe(true);
    const janus = await startJanus({ binary: JANUS, port, pidFile, onExit: () => {} });
    try {
      expect(running(leftPid)).toBe(false);
      expect(readFileSync(pidFile, 'utf8').trim()).toBe(String(janus.pid));
      const api = new JanusApi({ url: janus.url, secret: janus.secret });
      expect(await api.attach('janus.plugin.videoroom')).toBeGreaterThan(0);
      await api.close();
    } finally {
      await janus.stop();
      if (running(leftPid)) process.kill(leftPid, 'SIGKILL');
    }
  }, 40_000);
});

/** Whether process `pid` runs (a zombie waiting to be reaped does not: its command line is empty). */
function running(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').length > 0;
  } catch {
    return false;
  }
}

describe.runIf(CLUSTER_SERVICES)('the screen share through one Janus, across two nodes (SFU_URL)', () => {
  let janus: ManagedJanus | undefined;
  let cluster: Cluster | undefined;
  beforeAll(async () => {
    janus = await startJanus({ binary: JANUS, port: await freePort(), onExit: () => {} });
    cluster = await Cluster.start([{}, {}], { SFU: 'janus', SFU_URL: janus.url, SFU_SECRET: janus.secret });
  }, 60_000);
  afterAll(async () => {
    await cluster?.close();
    await janus?.stop();
  });
  sfuCases(
    () => cluster?.nodes ?? [],
    async (body) => {
      if (!janus) throw new Error('no Janus');
      const api = new JanusApi({ url: janus.url, secret: janus.secret });
      try {
        const handle = await api.attach('janus.plugin.videoroom');
        return (await api.message(handle, body)).data;
      } finally {
        await api.close();
      }
    },
  );
});

describe('without an SFU (SFU=off)', () => {
  const server = suiteServer('sqlite');

  it('R127: the call is full at CALL_MEMBERS_MAX tabs', async () => {
    expect(await callJoins(server, CALL_MEMBERS_MAX + 1)).toEqual([...Array(CALL_MEMBERS_MAX).fill('ok'), 'call_full']);
  });

  it('R129: a share stays tab to tab: the browser is told no SFU is there, and the SFU commands are unavailable', async () => {
    expect(await (await fetch(`${server.url}/api/client-config`)).json()).toMatchObject({ sfu: false });
    const hostUser = await signedInUser(server, 'Chủ phòng');
    const roomId = await createRoom(server, hostUser);
    const host = server.track(await connect(server, { user: hostUser }));
    expect(await host.join(roomId)).toMatchObject({ ok: true });
    const started = await host.request('share:start');
    expect(started).toMatchObject({ ok: true });
    const joined = await host.request('room:join', { roomId });
    const shareId = joined.ok ? (joined.room.share?.id ?? '') : '';
    expect(await host.request('sfu:publish', { id: shareId, sdp: OFFER })).toMatchObject({
      ok: false,
      error: { code: 'unavailable' },
    });
  });
});
