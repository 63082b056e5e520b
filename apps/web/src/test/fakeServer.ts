import { type ClientConfig, type Me, type RoomSummary, roomNameProblem } from '@xemchung/protocol';
import { vi } from 'vitest';

/** What apps/server answers on GET /api/client-config when none of its settings is set. */
export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  sentryDsn: null,
  supportUrl: 'https://www.facebook.com/xemchung',
  contactEmail: 'banquyen@xemchung.app',
  iceServers: [],
  sfu: false,
};

/**
 * An in-test stand-in for the few endpoints the shell calls (/api/me, /api/rooms, /auth/logout,
 * /api/client-config): the browser's network boundary, answered the way apps/server answers them. `hold(name)`
 * keeps a request in flight until `release(name)`, so tests can look at loading states.
 */
export function installFakeServer(
  initial: { user?: Me | null; rooms?: RoomSummary[]; clientConfig?: Partial<ClientConfig> } = {},
) {
  const state = {
    user: initial.user ?? null,
    rooms: [...(initial.rooms ?? [])],
    /** The server's defaults unless the test names an operator's settings. */
    clientConfig: { ...DEFAULT_CLIENT_CONFIG, ...initial.clientConfig },
    failClientConfig: false,
    failCreate: false,
    /** Answer room creation 400 invalid_room_name whatever the name (a rule the form does not know). */
    refuseName: false,
    /** Answer room creation as the server does past R103's rate (429) or the account's most rooms (409). */
    holdCreate: null as 429 | 409 | null,
    failLookup: false,
    requests: [] as { method: string; url: string; body: unknown }[],
  };
  const gates = new Map<string, { promise: Promise<void>; open: () => void }>();

  const unauthenticated = () =>
    Response.json({ error: { code: 'unauthenticated', message: 'Not signed in' } }, { status: 401 });

  const answer = async (method: string, url: string, body: unknown): Promise<Response> => {
    if (method === 'GET' && url === '/api/me') {
      return Response.json(state.user);
    }
    if (method === 'GET' && url === '/api/rooms?host=me') {
      if (!state.user) return unauthenticated();
      if (state.failLookup) return Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 });
      const uid = state.user.uid;
      return Response.json(state.rooms.filter((room) => room.host === uid));
    }
    if (method === 'POST' && url === '/api/rooms') {
      if (!state.user) return unauthenticated();
      const name = typeof body === 'object' && body && 'name' in body ? String(body.name).trim() : '';
      if (state.failCreate) return Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 });
      if (state.holdCreate === 429)
        return Response.json({ error: { code: 'rate_limited', message: 'x' } }, { status: 429 });
      if (state.holdCreate === 409)
        return Response.json({ error: { code: 'room_limit', message: 'x' } }, { status: 409 });
      if (state.refuseName || roomNameProblem(name)) {
        return Response.json({ error: { code: 'invalid_room_name', message: 'x' } }, { status: 400 });
      }
      const room = { id: `room${state.rooms.length + 1}`, name, host: state.user.uid };
      state.rooms.push(room);
      return Response.json(room, { status: 201 });
    }
    if (method === 'GET' && url === '/api/client-config') {
      if (state.failClientConfig) return Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 });
      return Response.json(state.clientConfig);
    }
    if (method === 'POST' && url === '/auth/logout') {
      state.user = null;
      return new Response(null, { status: 204 });
    }
    return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      state.requests.push({ method, url, body });
      await gates.get(`${method} ${url}`)?.promise;
      if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      return answer(method, url, body);
    }),
  );

  return {
    state,
    /** Holds requests such as 'GET /api/me' until released. */
    hold(key: string) {
      let open = () => {};
      const promise = new Promise<void>((resolve) => {
        open = resolve;
      });
      gates.set(key, { promise, open });
    },
    release(key: string) {
      gates.get(key)?.open();
      gates.delete(key);
    },
  };
}
