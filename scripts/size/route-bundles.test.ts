import { describe, expect, it } from 'vitest';
import {
  budgetFailures,
  type ChunkModules,
  cssFailures,
  entryKeys,
  entryLazyFiles,
  type ForbiddenCode,
  forbiddenCodeFailures,
  formatCssReport,
  formatReport,
  type Manifest,
  measureCss,
  measureRoutes,
  type RouteBudget,
  renderBlockingFiles,
  routeFiles,
} from './route-bundles.ts';

/** The shape Vite 8 writes with `codeSplitting.groups`: no chunk marked isEntry; the page has a lazy hls.js. */
const manifest: Manifest = {
  '_runtime.js': { file: 'assets/runtime.js' },
  '_shell.js': {
    file: 'assets/shell.js',
    imports: ['_runtime.js'],
    dynamicImports: ['src/routes/HomePage.tsx', 'src/routes/RoomPage.tsx', 'src/i18n/en.ts', 'src/lib/sentry.ts'],
    css: ['assets/shell.css'],
  },
  '_shell.css': { file: 'assets/shell.css' },
  'src/routes/Legal.tsx': { file: 'assets/Legal.js', isDynamicEntry: true, css: ['assets/Legal.css'] },
  'src/i18n/en.ts': { file: 'assets/en.js', src: 'src/i18n/en.ts', isDynamicEntry: true },
  'src/lib/sentry.ts': { file: 'assets/sentry.js', src: 'src/lib/sentry.ts', isDynamicEntry: true },
  'src/routes/HomePage.tsx': {
    file: 'assets/HomePage.js',
    src: 'src/routes/HomePage.tsx',
    isDynamicEntry: true,
    imports: ['_shell.js', '_runtime.js'],
  },
  'src/routes/RoomPage.tsx': {
    file: 'assets/RoomPage.js',
    src: 'src/routes/RoomPage.tsx',
    isDynamicEntry: true,
    imports: ['_shell.js', '_player.js'],
  },
  '_player.js': { file: 'assets/player.js', imports: ['_shell.js'], dynamicImports: ['node_modules/hls.js/x.mjs'] },
  'node_modules/hls.js/x.mjs': { file: 'assets/hls.js', isDynamicEntry: true, imports: ['_worker.js'] },
  '_worker.js': { file: 'assets/worker.js' },
};

const indexHtml = `<script type="module" crossorigin src="/assets/runtime.js"></script>
<script type="module" crossorigin src="/assets/shell.js"></script>
<link rel="stylesheet" crossorigin href="/assets/shell.css">`;

const sizes: Record<string, number> = {
  'assets/runtime.js': 400,
  'assets/shell.js': 100_000,
  'assets/en.js': 700,
  'assets/HomePage.js': 2_000,
  'assets/RoomPage.js': 5_000,
  'assets/player.js': 10_000,
  'assets/hls.js': 90_000,
  'assets/worker.js': 1_000,
  'assets/shell.css': 8_000,
  'assets/Legal.css': 500,
};
const gzipSize = (file: string) => sizes[file] ?? Number.NaN;

const budgets: RouteBudget[] = [
  { name: 'home', page: 'src/routes/HomePage.tsx', maxInitialGzip: 120_000 },
  { name: 'room', page: 'src/routes/RoomPage.tsx', maxInitialGzip: 180_000 },
];

describe('entryKeys', () => {
  it('takes the chunks index.html loads when none is marked isEntry, ignoring CSS', () => {
    expect(entryKeys(manifest, indexHtml).sort()).toEqual(['_runtime.js', '_shell.js']);
  });

  it('prefers chunks marked isEntry', () => {
    const marked: Manifest = { ...manifest, 'index.html': { file: 'assets/index.js', isEntry: true } };
    expect(entryKeys(marked, indexHtml)).toEqual(['index.html']);
  });

  it('fails clearly when nothing looks like an entry', () => {
    expect(() => entryKeys(manifest, '<html></html>')).toThrow(/found no entry/);
  });
});

describe('routeFiles', () => {
  const entry = ['_runtime.js', '_shell.js'];

  it('home: the entry and the page chunk, not the other pages nor the lazy language file', () => {
    const files = routeFiles(manifest, entry, 'src/routes/HomePage.tsx');
    expect(files.initial.sort()).toEqual(['assets/HomePage.js', 'assets/runtime.js', 'assets/shell.js']);
    expect(files.lazy).toEqual([]);
  });

  it("room: the page's static imports are initial; its own dynamic imports (hls.js and theirs) are lazy", () => {
    const files = routeFiles(manifest, entry, 'src/routes/RoomPage.tsx');
    expect(files.initial.sort()).toEqual([
      'assets/RoomPage.js',
      'assets/player.js',
      'assets/runtime.js',
      'assets/shell.js',
    ]);
    expect(files.lazy.sort()).toEqual(['assets/hls.js', 'assets/worker.js']);
  });

  it('does not count a lazily imported chunk as lazy when the route also loads it statically', () => {
    const both: Manifest = {
      ...manifest,
      'src/routes/RoomPage.tsx': {
        ...(manifest['src/routes/RoomPage.tsx'] as Manifest[string]),
        imports: ['_shell.js', '_player.js', '_worker.js'],
      },
    };
    const files = routeFiles(both, entry, 'src/routes/RoomPage.tsx');
    expect(files.initial).toContain('assets/worker.js');
    expect(files.lazy).toEqual(['assets/hls.js']);
  });

  it('fails clearly when the page is not in the manifest', () => {
    expect(() => routeFiles(manifest, entry, 'src/routes/Gone.tsx')).toThrow(/no chunk for src\/routes\/Gone\.tsx/);
  });
});

describe('entryLazyFiles', () => {
  it("lists what the entry loads on demand besides the pages, in no route's budget", () => {
    expect(entryLazyFiles(manifest, ['_runtime.js', '_shell.js'], 'src/routes/').sort()).toEqual([
      'assets/en.js',
      'assets/sentry.js',
    ]);
  });
});

describe('budgets', () => {
  it('sums the initial files only and passes under the budget', () => {
    const [home, room] = measureRoutes(manifest, indexHtml, budgets, gzipSize);
    expect(home?.initialTotal).toBe(102_400);
    expect(room?.initialTotal).toBe(115_400);
    expect(room?.lazy.map((file) => file.gzip)).toEqual([90_000, 1_000]);
    expect(budgetFailures([home, room].filter((route) => route !== undefined))).toEqual([]);
  });

  it('fails the route that is one byte over its budget, naming it and its largest file', () => {
    const tight = budgets.map((budget) => ({ ...budget, maxInitialGzip: budget.name === 'room' ? 115_399 : 102_400 }));
    const failures = budgetFailures(measureRoutes(manifest, indexHtml, tight, gzipSize));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^room: 115\.40 KB gzip of JS is over the 115\.40 KB budget by 0\.00 KB/);
    expect(failures[0]).toContain('largest: assets/shell.js');
  });

  it('prints every file with its size, the total against the budget, and lazy files apart', () => {
    const report = formatReport(measureRoutes(manifest, indexHtml, budgets, gzipSize));
    expect(report).toContain('100.00 KB  assets/shell.js');
    expect(report).toContain('115.40 KB  total (budget 180.00 KB)');
    expect(report).toContain('90.00 KB  assets/hls.js (lazy, on demand)');
  });
});

describe('forbidden code', () => {
  /** What each file holds, as chunk-modules-plugin.ts writes it. */
  const chunkModules: ChunkModules = {
    'assets/runtime.js': [],
    'assets/shell.js': ['apps/web/src/main.tsx', 'node_modules/react-dom/cjs/react-dom.js'],
    'assets/HomePage.js': ['apps/web/src/routes/HomePage.tsx'],
    'assets/RoomPage.js': ['apps/web/src/routes/RoomPage.tsx', 'node_modules/socket.io-client/build/esm/index.js'],
    'assets/player.js': ['apps/web/src/features/player/MediaPlayer.tsx'],
    'assets/hls.js': ['node_modules/hls.js/dist/hls.light.mjs'],
    'assets/worker.js': ['node_modules/zod/v4/core/schemas.js'],
  };
  const rules: Record<'home' | 'room', ForbiddenCode[]> = {
    home: [{ what: 'socket.io', module: /^node_modules\/socket\.io-client\// }],
    room: [{ what: 'zod', module: /^node_modules\/zod\//, lazyToo: true }],
  };
  const measured = (forbidden: typeof rules) =>
    measureRoutes(
      manifest,
      indexHtml,
      budgets.map((budget) => ({ ...budget, forbidden: forbidden[budget.name as 'home' | 'room'] })),
      gzipSize,
    );

  it("passes when no route's files hold a forbidden module", () => {
    const cleanWorker = { ...chunkModules, 'assets/worker.js': [] };
    expect(forbiddenCodeFailures(measured(rules), cleanWorker)).toEqual([]);
  });

  it('names the route, what was found, the module and the file; lazy files count only for lazyToo rules', () => {
    expect(forbiddenCodeFailures(measured(rules), chunkModules)).toEqual([
      'room: zod in assets/worker.js (node_modules/zod/v4/core/schemas.js)',
    ]);
    const lazyAllowed = { ...rules, room: [{ what: 'zod', module: /^node_modules\/zod\// }] };
    expect(forbiddenCodeFailures(measured(lazyAllowed), chunkModules)).toEqual([]);
  });

  it("finds the room's socket.io when it leaks into a file the home route loads", () => {
    const leaked = {
      ...chunkModules,
      'assets/shell.js': ['node_modules/socket.io-client/build/esm/index.js'],
      'assets/worker.js': [],
    };
    expect(forbiddenCodeFailures(measured(rules), leaked)).toEqual([
      'home: socket.io in assets/shell.js (node_modules/socket.io-client/build/esm/index.js)',
    ]);
  });

  it('refuses to pass a file it has no module list for', () => {
    const { 'assets/HomePage.js': _missing, ...partial } = chunkModules;
    expect(() => forbiddenCodeFailures(measured(rules), partial)).toThrow(/does not list assets\/HomePage\.js/);
  });
});

describe('CSS and render-blocking files', () => {
  it('finds the stylesheets and classic scripts index.html waits for, not module scripts or preloads', () => {
    const html = `${indexHtml}
<link rel="modulepreload" href="/assets/player.js">
<script src="/legacy.js"></script>
<script defer src="/deferred.js"></script>
<script async src="/async.js"></script>`;
    expect(renderBlockingFiles(html)).toEqual(['assets/shell.css', 'legacy.js']);
  });

  it('sums every CSS file of the build, each once, and passes one small blocking stylesheet', () => {
    const css = measureCss(manifest, indexHtml, gzipSize);
    expect(css.files).toEqual([
      { file: 'assets/shell.css', gzip: 8_000 },
      { file: 'assets/Legal.css', gzip: 500 },
    ]);
    expect(css.total).toBe(8_500);
    expect(cssFailures(css, 8_500)).toEqual([]);
    expect(formatCssReport(css, 12_000)).toContain('8.50 KB  total (budget 12.00 KB)');
  });

  it('fails CSS one byte over its budget, and a page that blocks on a second file or a script', () => {
    const css = measureCss(manifest, indexHtml, gzipSize);
    expect(cssFailures(css, 8_499)).toEqual(['CSS: 8.50 KB gzip is over the 8.50 KB budget by 0.00 KB']);
    const twoSheets = measureCss(manifest, `${indexHtml}<link rel="stylesheet" href="/assets/Legal.css">`, gzipSize);
    expect(cssFailures(twoSheets, 12_000)).toEqual([
      'render-blocking: index.html must block on one CSS file only, it blocks on [assets/shell.css, assets/Legal.css]',
    ]);
    const script = measureCss(manifest, `${indexHtml}<script src="/x.js"></script>`, gzipSize);
    expect(cssFailures(script, 12_000)).toHaveLength(1);
  });
});
