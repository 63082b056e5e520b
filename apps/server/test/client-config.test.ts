import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';

describe('GET /api/client-config', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("names the original instance's support page and contact address when the operator sets none", async () => {
    server = await startServer('sqlite');
    const response = await fetch(`${server.url}/api/client-config`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({
      sentryDsn: null,
      supportUrl: 'https://www.facebook.com/xemchung',
      contactEmail: 'banquyen@xemchung.app',
      iceServers: [],
      sfu: false,
    });
  });

  it("gives the browser the operator's SUPPORT_URL and CONTACT_EMAIL", async () => {
    server = await startServer('sqlite', {
      env: { SUPPORT_URL: 'https://help.phim.example/lien-he', CONTACT_EMAIL: 'admin@phim.example' },
    });
    expect(await (await fetch(`${server.url}/api/client-config`)).json()).toEqual({
      sentryDsn: null,
      supportUrl: 'https://help.phim.example/lien-he',
      contactEmail: 'admin@phim.example',
      iceServers: [],
      sfu: false,
    });
  });

  it('R114: gives the browser the ICE servers of ICE_SERVERS as they were set', async () => {
    const iceServers = [
      { urls: 'stun:turn.phim.example:3478' },
      { urls: ['turn:turn.phim.example:3478', 'turns:turn.phim.example:5349'], username: 'xem', credential: 'chung' },
    ];
    server = await startServer('sqlite', { env: { ICE_SERVERS: JSON.stringify(iceServers) } });
    expect(await (await fetch(`${server.url}/api/client-config`)).json()).toMatchObject({ iceServers });
  });
});
