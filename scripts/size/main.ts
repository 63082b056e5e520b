// `npm run size [-- --check]`: the gzip size of the JS each route loads and of the CSS, from the last
// `npm run build`, and whether a route carries code it must not. With --check it exits 1 when a budget is
// exceeded or forbidden code is found (issue #4 item 9, issue #12 item 2; docs/decisions/007 and 018).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHUNK_MODULES_FILE } from './chunk-modules-plugin.ts';
import {
  budgetFailures,
  type ChunkModules,
  cssFailures,
  entryKeys,
  entryLazyFiles,
  type ForbiddenCode,
  forbiddenCodeFailures,
  formatCssReport,
  formatKb,
  formatReport,
  type Manifest,
  measureCss,
  measureRoutes,
  type RouteBudget,
} from './route-bundles.ts';

const DIST = 'apps/web/dist';
const MANIFEST = join(DIST, '.vite/manifest.json');

// Module ids as chunk-modules.json names them: `node_modules/<package>/…` or `apps/web/src/…`.
const ZOD: ForbiddenCode = { what: 'zod', module: /^node_modules\/zod\//, lazyToo: true };
const SENTRY: ForbiddenCode = { what: 'the Sentry SDK (loaded only with a DSN)', module: /^node_modules\/@sentry\// };
/** mediaVideoId's SHA-256, loaded when a direct link is pasted (packages/protocol/src/media-video-id.ts). */
const LINK_HASH: ForbiddenCode = {
  what: 'the link hash (loaded with the first direct link)',
  module: /^node_modules\/(@noble\/hashes|@scure\/base)\//,
};
const ENGLISH: ForbiddenCode = { what: 'English texts (loaded only when chosen)', module: /^apps\/web\/src\/i18n\/en/ };
/** What only the room page needs, never the home page. */
const ROOM_ONLY: ForbiddenCode[] = [
  { what: 'socket.io', module: /^node_modules\/(socket\.io-client|engine\.io-client|socket\.io-parser)\// },
  { what: 'hls.js', module: /^node_modules\/hls\.js\// },
  { what: 'the player', module: /^apps\/web\/src\/features\/player\// },
  { what: 'search', module: /^apps\/web\/src\/features\/search\// },
  { what: 'the room store and its panels', module: /^apps\/web\/src\/features\/(room|chat|moderation)\// },
  { what: 'the room texts', module: /^apps\/web\/src\/i18n\/(vi|en)Room/ },
];

/** Bytes of gzip (1 KB = 1000 bytes). */
export const BUDGETS: RouteBudget[] = [
  {
    name: 'home (/): initial JS',
    page: 'src/routes/HomePage.tsx',
    maxInitialGzip: 90_000,
    forbidden: [...ROOM_ONLY, { ...ZOD, lazyToo: true }, SENTRY, ENGLISH, LINK_HASH],
  },
  {
    name: 'room (/room/:roomId): total JS',
    page: 'src/routes/RoomPage.tsx',
    maxInitialGzip: 150_000,
    forbidden: [ZOD, SENTRY, ENGLISH, LINK_HASH],
  },
];
/** All the CSS of the build, which index.html loads as its one render-blocking file. */
export const MAX_CSS_GZIP = 12_000;

const CHUNK_MODULES = join(DIST, CHUNK_MODULES_FILE);
for (const [file, why] of [
  [MANIFEST, 'build.manifest is on in vite.config.ts'],
  [CHUNK_MODULES, 'chunkModulesPlugin in vite.config.ts writes it'],
] as const) {
  if (!existsSync(file)) {
    console.error(`size: ${file} is missing; run \`npm run build\` first (${why}).`);
    process.exit(1);
  }
}

const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
const indexHtml = readFileSync(join(DIST, 'index.html'), 'utf8');
// zlib's default level (6), what Vite's report and most servers use.
const gzipSize = (file: string) => gzipSync(readFileSync(join(DIST, file))).length;
const sizes = measureRoutes(manifest, indexHtml, BUDGETS, gzipSize);
const css = measureCss(manifest, indexHtml, gzipSize);
const chunkModules = JSON.parse(readFileSync(CHUNK_MODULES, 'utf8')) as ChunkModules;
console.log(formatReport(sizes));
console.log(formatCssReport(css, MAX_CSS_GZIP));
console.log('any route, after the first render when needed (not in the budgets)');
for (const file of entryLazyFiles(manifest, entryKeys(manifest, indexHtml), 'src/routes/')) {
  console.log(`  ${formatKb(gzipSize(file)).padStart(10)}  ${file}`);
}

const failures = [
  ...budgetFailures(sizes),
  ...cssFailures(css, MAX_CSS_GZIP),
  ...forbiddenCodeFailures(sizes, chunkModules),
];
if (process.argv.includes('--check')) {
  if (failures.length > 0) {
    for (const failure of failures) console.error(`size check failed — ${failure}`);
    process.exit(1);
  }
  console.log('size budgets and forbidden code: ok');
}
