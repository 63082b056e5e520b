import { describe, expect, it } from 'vitest';
import {
  budgetFailures,
  entryKeys,
  entryLazyFiles,
  formatReport,
  type Manifest,
  measureRoutes,
  type RouteBudget,
  routeFiles,
} from './route-bundles.ts';

/** The shape Vite 8 writes with `codeSplitting.groups`: no chunk marked isEntry; the page has a lazy hls.js. */
const manifest: Manifest = {
  '_runtime.js': { file: 'assets/runtime.js' },
  '_shell.js': {
    file: 'assets/shell.js',
    imports: ['_runtime.js'],
    dynamicImports: ['src/routes/HomePage.tsx', 'src/routes/RoomPage.tsx', 'src/i18n/en.ts', 'src/lib/sentry.ts'],
  },
  '_shell.css': { file: 'assets/shell.css' },
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
