import type { IncomingMessage } from 'node:http';
import { PROTOCOL_VERSION } from '@xemchung/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import { describe, expect, it } from 'vitest';
import type { SessionStore } from '../auth/sessions.ts';
import { handshakeGuard } from './handshake.ts';
import type { ViewerIdentities } from './viewer-identity.ts';

const ORIGIN = 'https://xemchung.example';

/** A handshake whose session lookup fails with `failure`, and what the guard logged and answered. */
async function handshakeFailing(failure: Error) {
  const warned: string[] = [];
  const errors: string[] = [];
  const guard = handshakeGuard({
    publicOrigin: ORIGIN,
    sessions: { resolve: async () => Promise.reject(failure) } as unknown as SessionStore,
    parseCookie: () => ({ session: 'token' }),
    identities: {} as ViewerIdentities,
    log: { error: (_details: object, message: string) => errors.push(message) } as unknown as FastifyBaseLogger,
    warn: (_request, _details, message) => warned.push(message),
  });
  const socket = {
    request: {} as IncomingMessage,
    handshake: { headers: { origin: ORIGIN, cookie: 'session=token' }, auth: { protocol: PROTOCOL_VERSION } },
  } as unknown as Socket;
  const refusal = await new Promise<unknown>((resolve) => void guard(socket, resolve));
  return { warned, errors, refusal: (refusal as { data?: unknown }).data };
}

describe('handshake guard when the session cannot be read (R27, R37)', () => {
  it('answers unavailable and warns, bounded per client, when the database does not answer', async () => {
    const outage = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const { warned, errors, refusal } = await handshakeFailing(outage);
    expect(refusal).toMatchObject({ code: 'unavailable' });
    expect(warned).toEqual(['handshake refused: database unavailable']);
    expect(errors).toEqual([]);
  });

  it('logs any other failure as an error, and still answers unavailable', async () => {
    const { warned, errors, refusal } = await handshakeFailing(new TypeError('bug'));
    expect(refusal).toMatchObject({ code: 'unavailable' });
    expect(errors).toEqual(['handshake failed']);
    expect(warned).toEqual([]);
  });
});
