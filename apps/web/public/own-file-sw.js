// The service worker that lets a <video> play a file shared from someone's device (docs/room-rules.md R119,
// docs/decisions/040-own-file-transport.md). The page's player points at /own-file/<item id>; this worker turns
// each request the media element makes there into a question to that page ("bytes from a to b"), which fetches
// them from its peers over WebRTC and answers with a stream. Every other request goes to the network untouched.
const PREFIX = '/own-file/';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(PREFIX)) return;
  event.respondWith(answer(event, decodeURIComponent(url.pathname.slice(PREFIX.length))));
});

/** `bytes=a-` or `bytes=a-b` (what media elements send); the whole file without a Range. */
function rangeOf(request) {
  const match = /^bytes=(\d+)-(\d*)$/.exec(request.headers.get('range') ?? '');
  if (!match) return { start: 0, end: null, partial: false };
  return { start: Number(match[1]), end: match[2] === '' ? null : Number(match[2]) + 1, partial: true };
}

async function answer(event, itemId) {
  const client = await self.clients.get(event.clientId);
  if (!client) return new Response('No page to ask', { status: 503 });
  const range = rangeOf(event.request);
  const channel = new MessageChannel();
  const reply = new Promise((resolve) => {
    channel.port1.onmessage = (message) => resolve(message.data);
  });
  client.postMessage({ type: 'own-file:range', itemId, start: range.start, end: range.end }, [channel.port2]);
  const found = await reply;
  if (!found.ok) return new Response(found.message, { status: found.status });
  const headers = {
    'content-type': found.mime,
    'accept-ranges': 'bytes',
    'content-length': String(found.end - found.start),
    'cache-control': 'no-store',
  };
  if (!range.partial) return new Response(found.body, { status: 200, headers });
  headers['content-range'] = `bytes ${found.start}-${found.end - 1}/${found.size}`;
  return new Response(found.body, { status: 206, headers });
}
