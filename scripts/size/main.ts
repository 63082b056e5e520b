// `npm run size [-- --check]`: the gzip size of the JS each route loads, from the last `npm run build`.
// With --check it exits 1 when a route is over its budget (issue #4, item 9; docs/decisions/007).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  budgetFailures,
  entryKeys,
  entryLazyFiles,
  formatKb,
  formatReport,
  type Manifest,
  measureRoutes,
  type RouteBudget,
} from './route-bundles.ts';

const DIST = 'apps/web/dist';
const MANIFEST = join(DIST, '.vite/manifest.json');

/** Bytes of gzip (1 KB = 1000 bytes). */
export const BUDGETS: RouteBudget[] = [
  { name: 'home (/): initial JS', page: 'src/routes/HomePage.tsx', maxInitialGzip: 120_000 },
  { name: 'room (/room/:roomId): total JS', page: 'src/routes/RoomPage.tsx', maxInitialGzip: 180_000 },
];

if (!existsSync(MANIFEST)) {
  console.error(`size: ${MANIFEST} is missing; run \`npm run build\` first (build.manifest is on in vite.config.ts).`);
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
const indexHtml = readFileSync(join(DIST, 'index.html'), 'utf8');
// zlib's default level (6), what Vite's report and most servers use.
const gzipSize = (file: string) => gzipSync(readFileSync(join(DIST, file))).length;
const sizes = measureRoutes(manifest, indexHtml, BUDGETS, gzipSize);
console.log(formatReport(sizes));
console.log('any route, after the first render when needed (not in the budgets)');
for (const file of entryLazyFiles(manifest, entryKeys(manifest, indexHtml), 'src/routes/')) {
  console.log(`  ${formatKb(gzipSize(file)).padStart(10)}  ${file}`);
}

const failures = budgetFailures(sizes);
if (process.argv.includes('--check')) {
  if (failures.length > 0) {
    for (const failure of failures) console.error(`size budget exceeded — ${failure}`);
    process.exit(1);
  }
  console.log('size budgets: ok');
}
