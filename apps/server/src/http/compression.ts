import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: below about a packet, compressing saves no round trip. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
const JSON_API_PREFIX = '/api/';

/**
 * Compresses the JSON API's answers over 1 KB on the fly (br, else gzip, by Accept-Encoding). Only routes under
 * /api/ take part: the web app's files are compressed once at build time and served as they are (spa.ts), the
 * sign-in pages and /metrics stay as they were, and Socket.IO never passes through Fastify's routes. Request
 * bodies are not decompressed (no route takes a compressed body). docs/decisions/017.
 */
export async function registerJsonCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook (added below it), which reads `compress: false` as "leave alone".
  app.addHook('onRoute', (route) => {
    if (!route.url?.startsWith(JSON_API_PREFIX)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    // Levels stay the plugin's: brotli quality 4 and gzip 6; quality 11 costs many times the CPU per answer for a
    // few percent on small JSON (docs/decisions/017).
    globalDecompression: false,
  });
}
