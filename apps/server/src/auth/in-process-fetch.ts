import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { CustomFetch, FetchBody } from 'openid-client';

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function payloadOf(body: FetchBody): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer || body instanceof Uint8Array) return Buffer.from(body as Uint8Array);
  throw new TypeError('streamed request bodies are not used by the relying party');
}

/**
 * Lets the relying party reach the embedded identity provider inside this process (Fastify inject) instead of
 * over the network: discovery, token and userinfo calls then work even where the server cannot reach its own
 * PUBLIC_URL (TLS ended at a proxy, split DNS). The issuer still sees the public scheme and host, so every URL
 * and the `iss` it issues are the public ones. Requests to any other origin go out with the global fetch.
 */
export function inProcessFetch(app: FastifyInstance, publicUrl: string): CustomFetch {
  const origin = new URL(publicUrl).origin;
  return async (url, options) => {
    const target = new URL(url);
    if (target.origin !== origin) return fetch(url, options);
    const response = await app.inject({
      method: options.method as HTTPMethods,
      url: `${target.pathname}${target.search}`,
      headers: { ...options.headers, host: target.host, 'x-forwarded-proto': target.protocol.slice(0, -1) },
      payload: payloadOf(options.body),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const body = NULL_BODY_STATUSES.has(response.statusCode) ? null : response.rawPayload;
    return new Response(body, { status: response.statusCode, headers });
  };
}
