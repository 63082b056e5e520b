// A static file server for test media on its own origin, the way a user's direct links point at some other
// site. Byte ranges (206) work, so the browser can seek; CORS is open so hls.js could fetch from it too.
// Run by Playwright as a webServer (`node e2e/support/media-server.ts <dir> <port>`) and by bench/sync.
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';

export async function startMediaServer(root: string, port: number, host = '127.0.0.1'): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('access-control-allow-origin', '*');
    return payload;
  });
  await app.register(fastifyStatic, { root, acceptRanges: true });
  app.get('/healthz', async () => ({ ok: true }));
  await app.listen({ port, host });
  return app;
}

if (import.meta.main) {
  const [root, port] = process.argv.slice(2);
  if (!root || !port) {
    console.error('usage: node e2e/support/media-server.ts <directory> <port>');
    process.exit(2);
  }
  const { resolve } = await import('node:path');
  await startMediaServer(resolve(root), Number(port));
}
