// The `ready` scenario's media (issue #27 item 5): one file served under any `<name>.mp4`, so the host can queue
// several items that are the same clip under other links (a browser cache never helps the next one), with byte
// ranges (206) as a CDN answers a seeking player. With `bytesPerSecond`, every response of this server shares
// one link of that rate, paced in small chunks: the throttled follower's connection, whatever ranges its player
// opens and drops. Standing for a CDN, it is not behind the follower's delaying proxy (as scenarios.ts's media).

import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';

export interface MediaServer {
  port: number;
  /** Bytes sent in response bodies so far. */
  bytesSent(): number;
  close(): Promise<void>;
}

/** How much one paced write carries: 1 KiB is ~55 ms at the scenario's ~18 KB/s, smooth enough for a player. */
const CHUNK = 1024;

/** One link of a fixed rate, shared by whoever takes from it in turn (first come, first served per chunk). */
export function pacedLink(bytesPerSecond: number, now = () => performance.now()) {
  let freeAt = 0;
  return {
    /** Resolves when `bytes` have crossed the link, after whatever was taken before them. */
    take(bytes: number): Promise<void> {
      const start = Math.max(now(), freeAt);
      freeAt = start + (bytes / bytesPerSecond) * 1000;
      const wait = freeAt - now();
      return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
    },
  };
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` of a `size`-byte file, or null when absent or not satisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(size - 1, Number(match[2]));
  return start <= end && start < size ? { start, end } : null;
}

/** Resolves when `response` can take more, or is closed; leaves no listener behind. */
function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

export async function startMediaFile(
  path: string,
  port: number,
  options: { bytesPerSecond?: number } = {},
): Promise<MediaServer> {
  const file = readFileSync(path);
  const link = options.bytesPerSecond ? pacedLink(options.bytesPerSecond) : null;
  let sent = 0;

  async function send(response: ServerResponse, start: number, end: number): Promise<void> {
    let closed = false;
    response.on('close', () => {
      closed = true;
    });
    for (let offset = start; offset <= end && !closed; offset += CHUNK) {
      const chunk = file.subarray(offset, Math.min(end + 1, offset + CHUNK));
      if (link) await link.take(chunk.length);
      if (closed) break;
      sent += chunk.length;
      if (!response.write(chunk)) await drained(response);
    }
    response.end();
  }

  const server = createServer((request, response) => {
    const headers = {
      'access-control-allow-origin': '*',
      'accept-ranges': 'bytes',
      'content-type': 'video/mp4',
      'cache-control': 'no-store',
    };
    if (!/^\/[\w.-]+\.mp4$/.test(new URL(request.url ?? '/', 'http://x').pathname)) {
      response.writeHead(404, headers).end();
      return;
    }
    const range = parseRange(request.headers.range, file.length);
    if (request.headers.range && !range) {
      response.writeHead(416, { ...headers, 'content-range': `bytes */${file.length}` }).end();
      return;
    }
    const { start, end } = range ?? { start: 0, end: file.length - 1 };
    response.writeHead(range ? 206 : 200, {
      ...headers,
      'content-length': String(end - start + 1),
      ...(range ? { 'content-range': `bytes ${start}-${end}/${file.length}` } : {}),
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    void send(response, start, end);
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    port,
    bytesSent: () => sent,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The `ready` scenario's item `n`: the one clip under its own link; its title is the file's name (`ready-n`). */
export const readyItem = (port: number, n: number) => ({
  link: `http://127.0.0.1:${port}/ready-${n}.mp4`,
  title: `ready-${n}`,
});
