import { describe, expect, it } from 'vitest';
import type { AuditResult } from './audit.ts';
import { formatRows, medianRow, summaryLine } from './report.ts';

const run = (perf: number, a11y: number, tbtMs: number, lcpMs: number): AuditResult => ({
  scores: { performance: perf, accessibility: a11y, 'best-practices': 100, seo: 92 },
  tbtMs,
  lcpMs,
  failing: [],
  insights: [],
  requests: [],
  benchmarkIndex: 1000,
});

describe('the lighthouse report', () => {
  it('takes the median of each number on its own', () => {
    const row = medianRow({
      name: 'home',
      preset: 'mobile',
      runs: [run(80, 100, 300, 3000), run(95, 98, 10, 2000), run(90, 100, 50, 4000)],
    });
    expect(row).toEqual({
      name: 'home',
      preset: 'mobile',
      perf: 90,
      a11y: 100,
      bp: 100,
      seo: 92,
      tbtMs: 50,
      lcpMs: 3000,
    });
  });

  it('ends with the worst of each column over every page', () => {
    const rows = [
      medianRow({ name: 'home', preset: 'mobile', runs: [run(84, 100, 88.4, 3448.2)] }),
      medianRow({ name: 'room', preset: 'desktop', runs: [run(99, 97, 0, 865.6)] }),
    ];
    expect(summaryLine(rows)).toBe(
      'lighthouse perf_min=84 a11y_min=97 bp_min=100 seo_min=92 tbt_max_ms=88 lcp_max_ms=3448',
    );
    expect(formatRows(rows).split('\n')).toEqual([
      '| page |  preset | perf | a11y |  bp | seo | TBT ms | LCP ms |',
      '|:-----|--------:|-----:|-----:|----:|----:|-------:|-------:|',
      '| home |  mobile |   84 |  100 | 100 |  92 |     88 |   3448 |',
      '| room | desktop |   99 |   97 | 100 |  92 |      0 |    866 |',
    ]);
  });

  it('shows a category that was not measured as a dash', () => {
    const row = medianRow({
      name: 'terms',
      preset: 'mobile',
      runs: [{ ...run(0, 100, 0, 0), scores: { seo: 100 }, tbtMs: null, lcpMs: null }],
    });
    expect(summaryLine([row])).toBe('lighthouse perf_min=– a11y_min=– bp_min=– seo_min=100 tbt_max_ms=– lcp_max_ms=–');
  });
});
