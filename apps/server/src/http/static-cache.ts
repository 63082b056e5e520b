import path from 'node:path';

/** Vite's hashed output: `assets/<name>-<8-character hash>.<ext>`; a new build of changed content is a new URL. */
const HASHED_ASSET = /^assets\/[^/]+-[\w-]{8}\.[a-z0-9]+$/i;
/** The precompressed siblings the web build writes beside each text file (apps/web/vite-precompress.ts). */
const ENCODED_SUFFIX = /\.(?:br|gz)$/;

const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** The app shell: always revalidated (ETag → 304), so a deploy reaches every tab on its next load. */
const CACHE_REVALIDATE = 'no-cache';
/** Unhashed files copied from public/ (favicon.svg): they may change between versions, so a day, then the ETag. */
const CACHE_PUBLIC_FILE = 'public, max-age=86400';
/** A miss is never kept: during a rolling deploy a node that lacks a new asset must not pin the 404 anywhere. */
export const CACHE_MISS = 'no-store';

/**
 * The Cache-Control of a file of the built web app, from its path inside the dist folder (a `.br`/`.gz` sibling
 * counts as the file it encodes). docs/decisions/017.
 */
export function cacheControlFor(relativePath: string): string {
  const logical = relativePath.split(path.sep).join('/').replace(ENCODED_SUFFIX, '');
  if (HASHED_ASSET.test(logical)) return CACHE_IMMUTABLE;
  if (path.posix.basename(logical) === 'index.html') return CACHE_REVALIDATE;
  return CACHE_PUBLIC_FILE;
}
