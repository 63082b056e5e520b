/**
 * Which JavaScript files each route of the web app loads, worked out from Vite's build manifest
 * (dist/.vite/manifest.json), and whether their gzip sizes fit the budgets (issue #4, item 9). Pure: the
 * caller reads the files and measures them (scripts/size/main.ts).
 */

/** One chunk of Vite's manifest (https://vite.dev/guide/backend-integration). Keys of `imports` are manifest keys. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** dist/.vite/chunk-modules.json (chunk-modules-plugin.ts): each JS file with the modules whose code it holds. */
export type ChunkModules = Record<string, string[]>;

/** Code a route must not carry: a module id pattern, checked in the route's initial files, or its lazy ones too. */
export interface ForbiddenCode {
  what: string;
  module: RegExp;
  /** Also refuse it in what the route loads on demand (zod must not reach the room at all). */
  lazyToo?: boolean;
}

/** The JS a route loads: `initial` before the page shows, `lazy` only when the page asks for it (hls.js…). */
export interface RouteFiles {
  initial: string[];
  lazy: string[];
}

export interface RouteBudget {
  name: string;
  /** The page module as the manifest names it (its `src`), e.g. `src/routes/HomePage.tsx`. */
  page: string;
  /** Largest gzip size of `initial`, in bytes. */
  maxInitialGzip: number;
  forbidden?: ForbiddenCode[];
}

export interface RouteSize {
  name: string;
  budget: number;
  initial: { file: string; gzip: number }[];
  lazy: { file: string; gzip: number }[];
  initialTotal: number;
  forbidden: ForbiddenCode[];
}

const isJs = (file: string) => /\.m?js$/.test(file);

/** Every manifest key reachable from `keys` through static imports (the keys themselves included). */
function staticClosure(manifest: Manifest, keys: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const pending = [...keys];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    pending.push(...(chunk.imports ?? []));
  }
  return seen;
}

/**
 * The manifest keys of the entry: the chunks marked `isEntry`, or else the chunks whose files index.html loads
 * (with `codeSplitting.groups` Vite 8 folds the entry into the group chunk and marks nothing as the entry).
 */
export function entryKeys(manifest: Manifest, indexHtml: string): string[] {
  const marked = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (marked.length > 0) return marked;
  const loaded = [...indexHtml.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\/?([^"]+)"[^>]*>/g)]
    .map((match) => match[1] as string)
    .filter(isJs);
  const keys = Object.keys(manifest).filter((key) => loaded.includes(manifest[key]?.file ?? ''));
  if (keys.length === 0) throw new Error('found no entry: no chunk is marked isEntry and index.html loads no chunk');
  return keys;
}

/**
 * The files of one route: the entry and the page chunk with everything they import statically, and, as lazy,
 * the chunks that the page's own code (not the shared entry, whose dynamic imports are the other pages)
 * imports dynamically, with their static imports.
 */
export function routeFiles(manifest: Manifest, entry: string[], page: string): RouteFiles {
  const pageKey = Object.keys(manifest).find((key) => manifest[key]?.src === page);
  if (!pageKey) throw new Error(`manifest has no chunk for ${page}: was the page renamed?`);
  const entryClosure = staticClosure(manifest, entry);
  const initial = staticClosure(manifest, [...entryClosure, pageKey]);
  const pageOwn = [...initial].filter((key) => !entryClosure.has(key));
  const lazyRoots = pageOwn.flatMap((key) => manifest[key]?.dynamicImports ?? []);
  const lazy = [...staticClosure(manifest, lazyRoots)].filter((key) => !initial.has(key));
  const files = (keys: Iterable<string>) => [...keys].map((key) => manifest[key]?.file as string).filter(isJs);
  return { initial: files(initial), lazy: files(lazy) };
}

/**
 * What the entry itself imports dynamically besides the pages (a language, the error reporter): loaded on
 * demand after the first render, on any route, so shown apart from every route's budget.
 */
export function entryLazyFiles(manifest: Manifest, entry: string[], pagesDir: string): string[] {
  const entryClosure = staticClosure(manifest, entry);
  const roots = [...entryClosure]
    .flatMap((key) => manifest[key]?.dynamicImports ?? [])
    .filter((key) => !manifest[key]?.src?.startsWith(pagesDir));
  return [...staticClosure(manifest, roots)]
    .filter((key) => !entryClosure.has(key))
    .map((key) => manifest[key]?.file as string)
    .filter(isJs);
}

/** Measures each route with `gzipSize(file)` (bytes), largest files first. */
export function measureRoutes(
  manifest: Manifest,
  indexHtml: string,
  budgets: RouteBudget[],
  gzipSize: (file: string) => number,
): RouteSize[] {
  const entry = entryKeys(manifest, indexHtml);
  const sized = (files: string[]) =>
    files.map((file) => ({ file, gzip: gzipSize(file) })).sort((a, b) => b.gzip - a.gzip);
  return budgets.map((budget) => {
    const files = routeFiles(manifest, entry, budget.page);
    const initial = sized(files.initial);
    return {
      name: budget.name,
      budget: budget.maxInitialGzip,
      initial,
      lazy: sized(files.lazy),
      initialTotal: initial.reduce((sum, file) => sum + file.gzip, 0),
      forbidden: budget.forbidden ?? [],
    };
  });
}

/** 1 KB = 1000 bytes, as Vite's own build report counts. */
export const formatKb = (bytes: number) => `${(bytes / 1000).toFixed(2)} KB`;

/** One message per route over its budget; empty when every route fits. */
export function budgetFailures(sizes: RouteSize[]): string[] {
  return sizes
    .filter((route) => route.initialTotal > route.budget)
    .map(
      (route) =>
        `${route.name}: ${formatKb(route.initialTotal)} gzip of JS is over the ${formatKb(route.budget)} budget ` +
        `by ${formatKb(route.initialTotal - route.budget)} (largest: ${route.initial[0]?.file ?? 'none'})`,
    );
}

/** The table printed by `npm run size`. */
export function formatReport(sizes: RouteSize[]): string {
  const lines: string[] = [];
  for (const route of sizes) {
    lines.push(`${route.name}`);
    for (const file of route.initial) lines.push(`  ${formatKb(file.gzip).padStart(10)}  ${file.file}`);
    lines.push(`  ${formatKb(route.initialTotal).padStart(10)}  total (budget ${formatKb(route.budget)})`);
    for (const file of route.lazy) lines.push(`  ${formatKb(file.gzip).padStart(10)}  ${file.file} (lazy, on demand)`);
  }
  return lines.join('\n');
}

/**
 * One message per forbidden module found in a route's files, naming the route, what it is, the module and the
 * file. A file missing from `chunkModules` is an error: the check must not pass by not looking.
 */
export function forbiddenCodeFailures(sizes: RouteSize[], chunkModules: ChunkModules): string[] {
  const failures: string[] = [];
  for (const route of sizes) {
    for (const rule of route.forbidden) {
      const files = [...route.initial, ...(rule.lazyToo ? route.lazy : [])].map((file) => file.file);
      for (const file of files) {
        const modules = chunkModules[file];
        if (!modules) throw new Error(`chunk-modules.json does not list ${file}: is it from the same build?`);
        const found = modules.filter((id) => rule.module.test(id));
        if (found.length > 0) failures.push(`${route.name}: ${rule.what} in ${file} (${found.slice(0, 3).join(', ')})`);
      }
    }
  }
  return failures;
}

/** What index.html makes the browser wait for before the first render: stylesheets and classic synchronous scripts. */
export function renderBlockingFiles(indexHtml: string): string[] {
  const stylesheets = [...indexHtml.matchAll(/<link\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => /\brel="stylesheet"/.test(tag))
    .map((tag) => /\bhref="\/?([^"]+)"/.exec(tag)?.[1] ?? tag);
  const scripts = [...indexHtml.matchAll(/<script\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => /\bsrc="/.test(tag) && !/\btype="module"|\bdefer\b|\basync\b/.test(tag))
    .map((tag) => /\bsrc="\/?([^"]+)"/.exec(tag)?.[1] ?? tag);
  return [...stylesheets, ...scripts];
}

export interface CssSize {
  /** Every CSS file of the build with its gzip size, largest first. */
  files: { file: string; gzip: number }[];
  total: number;
  renderBlocking: string[];
}

/** The build's CSS (every `css` of the manifest and every CSS chunk) and what index.html blocks rendering on. */
export function measureCss(manifest: Manifest, indexHtml: string, gzipSize: (file: string) => number): CssSize {
  const names = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    for (const file of chunk.css ?? []) names.add(file);
    if (chunk.file.endsWith('.css')) names.add(chunk.file);
  }
  const files = [...names].map((file) => ({ file, gzip: gzipSize(file) })).sort((a, b) => b.gzip - a.gzip);
  return {
    files,
    total: files.reduce((sum, file) => sum + file.gzip, 0),
    renderBlocking: renderBlockingFiles(indexHtml),
  };
}

/** The first render may wait for one CSS file only, and all the CSS together stays within `maxGzip` bytes. */
export function cssFailures(css: CssSize, maxGzip: number): string[] {
  const failures: string[] = [];
  if (css.total > maxGzip) {
    failures.push(
      `CSS: ${formatKb(css.total)} gzip is over the ${formatKb(maxGzip)} budget by ${formatKb(css.total - maxGzip)}`,
    );
  }
  const blocking = css.renderBlocking;
  if (blocking.length !== 1 || !blocking[0]?.endsWith('.css')) {
    failures.push(`render-blocking: index.html must block on one CSS file only, it blocks on [${blocking.join(', ')}]`);
  }
  return failures;
}

/** The CSS lines of the report. */
export function formatCssReport(css: CssSize, maxGzip: number): string {
  const lines = [`CSS (all of it; render-blocking: ${css.renderBlocking.join(', ') || 'none'})`];
  for (const file of css.files) lines.push(`  ${formatKb(file.gzip).padStart(10)}  ${file.file}`);
  lines.push(`  ${formatKb(css.total).padStart(10)}  total (budget ${formatKb(maxGzip)})`);
  return lines.join('\n');
}
