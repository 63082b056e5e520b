import lighthouse, { desktopConfig, type Result } from 'lighthouse';

/** Lighthouse's own presets: its default config is the mobile one (Moto G Power, slow 4G, 4× CPU slowdown). */
export type Preset = 'mobile' | 'desktop';
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface AuditResult {
  /** 0–100 per category asked for. */
  scores: Partial<Record<Category, number>>;
  /** Total blocking time and largest contentful paint in ms, when performance was asked for. */
  tbtMs: number | null;
  lcpMs: number | null;
  /** The audits that cost points, as `category: audit-id (score, what)`, for the report. */
  failing: string[];
  /** Performance's insights and diagnostics below full marks: no weight of their own, but where the time goes. */
  insights: string[];
  /** Every URL the page requested, in order. */
  requests: string[];
  /** Lighthouse's measure of the CPU speed it had (higher is faster): shows when the machine was busy. */
  benchmarkIndex: number;
}

/** A URL that stays on this machine: our server, the media server, or data held by the page. */
export const isLocal = (url: string) =>
  /^(https?|wss?):\/\/127\.0\.0\.1(:\d+)?\//.test(url) || /^(data|blob):/.test(url);

/** The first few elements an audit names (axe's findings), by the text Lighthouse shows for them. */
function elementsOf(audit: Result['audits'][string]): string {
  const details = audit.details;
  if (details?.type !== 'table') return '';
  const labels = details.items.flatMap((item) => {
    const node = item.node;
    return node && typeof node === 'object' && 'nodeLabel' in node && node.nodeLabel ? [`"${node.nodeLabel}"`] : [];
  });
  return labels.length > 3 ? `${labels.slice(0, 3).join(', ')} and ${labels.length - 3} more` : labels.join(', ');
}

/**
 * The audits below full marks, as `category: audit-id (score, what)`: those that weigh on a score (`weighted`), or
 * performance's insights and diagnostics, which weigh nothing but say where the time goes. Manual, informative
 * and not-applicable audits have no score.
 */
function auditsBelowFullMarks(lhr: Result, weighted: boolean): string[] {
  const found: string[] = [];
  for (const [id, category] of Object.entries(lhr.categories)) {
    if (!weighted && id !== 'performance') continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight > 0 !== weighted || audit.score === null || audit.score >= 1) continue;
      const what = audit.displayValue ?? elementsOf(audit);
      found.push(`${id}: ${ref.id} (${Math.round(audit.score * 100)}${what ? `, ${what}` : ''})`);
    }
  }
  return found;
}

function requestedUrls(lhr: Result): string[] {
  const details = lhr.audits['network-requests']?.details;
  if (details?.type !== 'table') return [];
  return details.items.map((item) => String(item.url));
}

/**
 * Lighthouse's "Something went wrong with recording the trace over your page load. Please run Lighthouse again":
 * the browser's trace lost an event (seen on this busy machine as NO_NAVSTART), not a problem of the page.
 */
const BAD_TRACE = new Set(['NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST', 'NO_NAVSTART']);
const ATTEMPTS = 3;

async function runLighthouse(url: string, port: number, preset: Preset, categories: readonly Category[]) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
        // The list of requests, whatever the categories: it shows the run stayed offline and who was signed in.
        onlyAudits: ['network-requests'],
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    const error = lhr.runtimeError;
    if (!error) return lhr;
    if (!BAD_TRACE.has(error.code) || attempt === ATTEMPTS) {
      throw new Error(`Lighthouse could not audit ${url}: ${error.message}`);
    }
    console.warn(`Lighthouse: ${error.code} on ${url}, running it again as it asks`);
  }
}

/**
 * One Lighthouse navigation of `url` in the Chrome listening on `port` (its cookies, so a signed-in session
 * there is used). Throws when Lighthouse could not load the page.
 */
export async function auditPage(
  url: string,
  options: { port: number; preset: Preset; categories?: readonly Category[] },
): Promise<AuditResult> {
  const categories = options.categories ?? CATEGORIES;
  const lhr = await runLighthouse(url, options.port, options.preset, categories);
  const scores: AuditResult['scores'] = {};
  for (const category of categories) {
    const score = lhr.categories[category]?.score;
    if (typeof score !== 'number') throw new Error(`${url}: no ${category} score (${lhr.runWarnings.join('; ')})`);
    scores[category] = Math.round(score * 100);
  }
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  return {
    scores,
    tbtMs: categories.includes('performance') ? metric('total-blocking-time') : null,
    lcpMs: categories.includes('performance') ? metric('largest-contentful-paint') : null,
    failing: auditsBelowFullMarks(lhr, true),
    insights: auditsBelowFullMarks(lhr, false),
    requests: requestedUrls(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}
