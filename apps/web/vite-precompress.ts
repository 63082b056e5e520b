import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

/** Text is worth compressing; images, fonts and media are compressed formats already. */
const TEXT_FILE = /\.(?:html|m?js|css|svg|json|txt|xml|webmanifest)$/;
/** Vite's own folder (.vite/manifest.json): read by `npm run size`, never served. */
const VITE_DIR = '.vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Highest levels: the work is done once per build and saved on every visit (docs/decisions/017). */
const ENCODINGS = [
  {
    suffix: '.br' as const,
    encode: (data: Buffer) =>
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { suffix: '.gz' as const, encode: (data: Buffer) => gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }) },
];

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/**
 * Once `vite build` has written dist (the files copied from public/ included), writes `<file>.br` and `<file>.gz`
 * beside each text file, each kept only when smaller than the file. The server sends them as they are, chosen by
 * Accept-Encoding (@fastify/static `preCompressed`, apps/server/src/http/spa.ts).
 *
 * Our own rather than vite-plugin-compression2: that one replaces process.stdout.write as soon as it is
 * configured (to reorder Vite's "built in" line), which would stay in place in every vitest and dev-server run
 * that loads this config.
 */
export function precompress(): Plugin {
  let logger: Logger | undefined;
  return {
    name: 'xemchung:precompress',
    apply: 'build',
    configResolved(config) {
      logger = config.logger;
    },
    async writeBundle({ dir }) {
      if (!dir) return;
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        .filter((file) => path.relative(dir, file).split(path.sep)[0] !== VITE_DIR);
      const sent = { plain: 0, '.br': 0, '.gz': 0 };
      // zlib's async calls run on libuv's thread pool, so the files compress in parallel.
      await Promise.all(
        files.map(async (file) => {
          const plain = await readFile(file);
          sent.plain += plain.length;
          for (const { suffix, encode } of ENCODINGS) {
            const encoded = await encode(plain);
            const kept = encoded.length < plain.length ? encoded : plain;
            sent[suffix] += kept.length;
            if (kept === encoded) await writeFile(`${file}${suffix}`, encoded);
          }
        }),
      );
      logger?.info(
        `precompressed ${files.length} files: ${kb(sent.plain)} → ${kb(sent['.br'])} br, ${kb(sent['.gz'])} gzip`,
      );
    },
  };
}
