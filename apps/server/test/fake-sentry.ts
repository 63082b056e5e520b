import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One item of an envelope: its header (`type`: event, transaction, span, session…) and its parsed payload. */
export interface EnvelopeItem {
  header: { type?: string; length?: number } & Record<string, unknown>;
  payload: unknown;
}

export interface ReceivedEnvelope {
  /** The request path, e.g. `/api/42/envelope/`. */
  path: string;
  header: Record<string, unknown>;
  items: EnvelopeItem[];
}

export interface FakeSentry {
  /** A DSN pointing at this server, for `project`. */
  dsn(project?: string): string;
  envelopes: ReceivedEnvelope[];
  /** The payloads of every `event` item received (errors, not transactions). */
  events(): Record<string, unknown>[];
  close(): Promise<void>;
}

function parseJson(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Parses Sentry's envelope format (develop.sentry.dev/sdk/foundations/transport/envelopes): a JSON header
 * line, then for each item a JSON item-header line and a payload — `length` bytes when the header gives a
 * length, otherwise up to the next newline.
 */
export function parseEnvelope(body: Buffer): { header: Record<string, unknown>; items: EnvelopeItem[] } {
  let offset = 0;
  const line = (): Buffer => {
    const end = body.indexOf(0x0a, offset);
    const slice = body.subarray(offset, end === -1 ? body.length : end);
    offset = end === -1 ? body.length : end + 1;
    return slice;
  };
  const header = parseJson(line()) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const itemHeaderLine = line();
    if (itemHeaderLine.length === 0) continue;
    const itemHeader = parseJson(itemHeaderLine) as EnvelopeItem['header'];
    let payload: Buffer;
    if (typeof itemHeader.length === 'number') {
      payload = body.subarray(offset, offset + itemHeader.length);
      offset += itemHeader.length;
      if (body[offset] === 0x0a) offset += 1;
    } else {
      payload = line();
    }
    items.push({ header: itemHeader, payload: parseJson(payload) });
  }
  return { header, items };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  return request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
}

/**
 * A local stand-in for Sentry's ingestion endpoint `POST /api/<project>/envelope/`, recording every envelope.
 * It answers with CORS headers, as Sentry does, so browser SDKs can post to it from another origin.
 */
export async function startFakeSentry(port = 0): Promise<FakeSentry> {
  const envelopes: ReceivedEnvelope[] = [];
  const server = createServer(async (request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    if (request.method === 'GET' && path === '/healthz') return void response.writeHead(200).end('ok');
    if (request.method !== 'POST' || !/^\/api\/[^/]+\/envelope\/$/.test(path)) {
      return void response.writeHead(404).end();
    }
    const envelope = parseEnvelope(await readBody(request));
    envelopes.push({ path, ...envelope });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    dsn: (project = '42') => `http://publickey@127.0.0.1:${address.port}/${project}`,
    envelopes,
    events: () =>
      envelopes.flatMap((envelope) =>
        envelope.items
          .filter((item) => item.header.type === 'event')
          .map((item) => item.payload as Record<string, unknown>),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
