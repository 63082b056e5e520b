// `npm run lighthouse` — Lighthouse's scores for the built app as a phone and a desktop first see it (issue #12,
// item 3; ADR 020). The real server on a fresh database (site.ts), Debian's Chromium started by chrome-launcher
// (chrome.ts), the signed-out pages first, then a sign-up through the real popup in that same browser
// (visitor.ts) and the signed-in pages with its cookie. Offline: any request beyond 127.0.0.1 fails the run.
// Prints a table of medians and ends with the `lighthouse perf_min=…` line. A benchmark, not a test: the
// a11y / best-practices / SEO thresholds are checked by e2e/lighthouse.spec.ts.
import { parseArgs } from 'node:util';
import { describeMachine } from '../../bench/lib/machine.ts';
import { type AuditResult, auditPage, isLocal } from './audit.ts';
import { launchChrome } from './chrome.ts';
import { PAGES, type PageSpec } from './pages.ts';
import { formatRows, medianRow, summaryLine } from './report.ts';
import { startSite } from './site.ts';
import { visitSignedOutThenIn } from './visitor.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: process.env.LIGHTHOUSE_PORT ?? '3241' },
  },
});
const runs = Number(values.runs);
const port = Number(values.port);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(port)) {
  console.error('usage: npm run lighthouse -- [--runs 3] [--port 3241]');
  process.exit(2);
}

const loadAtStart = describeMachine();
const results = new Map<PageSpec, AuditResult[]>(PAGES.map((page) => [page, []]));
const site = await startSite(port);
const chrome = await launchChrome();
try {
  const tour = {
    chromePort: chrome.port,
    baseUrl: site.baseUrl,
    mediaOrigin: site.mediaOrigin,
    pages: PAGES,
    rounds: runs,
  };
  await visitSignedOutThenIn(tour, async (page, url, run) => {
    const result = await auditPage(url, { port: chrome.port, preset: page.preset });
    const offsite = result.requests.filter((requested) => !isLocal(requested));
    if (offsite.length > 0) throw new Error(`${page.name} reached beyond 127.0.0.1: ${offsite.join(', ')}`);
    results.get(page)?.push(result);
    const { scores } = result;
    console.log(
      `run ${run}/${runs} ${page.name} (${page.preset}): perf ${scores.performance} a11y ${scores.accessibility} ` +
        `bp ${scores['best-practices']} seo ${scores.seo} TBT ${Math.round(result.tbtMs ?? 0)} ms ` +
        `LCP ${Math.round(result.lcpMs ?? 0)} ms (CPU index ${Math.round(result.benchmarkIndex)})`,
    );
  });
} finally {
  chrome.kill();
  await site.stop();
}

const rows = PAGES.map((page) => medianRow({ name: page.name, preset: page.preset, runs: results.get(page) ?? [] }));
console.log(`\nMachine at the start: ${loadAtStart}\nMachine at the end:   ${describeMachine()}`);
const speeds = PAGES.flatMap((page) => (results.get(page) ?? []).map((result) => Math.round(result.benchmarkIndex)));
console.log(`Lighthouse's CPU benchmark index over the runs: ${Math.min(...speeds)}–${Math.max(...speeds)}`);
console.log(`Lighthouse 13 (simulated throttling), median of ${runs} run(s) per page:\n`);
console.log(formatRows(rows));
const listLastRun = (title: string, pick: (result: AuditResult) => string[]) => {
  console.log(`\n${title} (last run):`);
  for (const page of PAGES) {
    const last = results.get(page)?.at(-1);
    const found = last ? pick(last) : [];
    console.log(`- ${page.name} (${page.preset}): ${found.length > 0 ? found.join('; ') : 'none'}`);
  }
};
listLastRun('Audits that cost points', (result) => result.failing);
listLastRun('Performance insights and diagnostics below full marks', (result) => result.insights);
console.log(`\n${summaryLine(rows)}`);
