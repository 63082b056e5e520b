import { type ErrorPoint, type HostAction, SYNC_GOAL_MS } from './analysis.ts';

const WIDTH = 960;
const HEIGHT = 360;
const MARGIN = { left: 56, right: 16, top: 28, bottom: 40 };
/** Errors beyond this are drawn at the edge (the table has the exact peaks). */
const CLIP_MS = 250;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface PlotMarks {
  /** Network stalls (the delay proxy's), shaded grey over the whole height. */
  stalls?: { from: number; to: number }[];
  /** A route's known clock bias (ms, follower − host): a dashed blue line where the error is expected to sit. */
  biasMs?: number;
}

/**
 * The follower's error over time as an SVG line chart: the ±50 ms goal shaded, each host action a dashed line
 * with its label, time in seconds from `origin` (ms on the common clock); network stalls and a route's bias when
 * given.
 */
export function renderErrorPlot(
  points: ErrorPoint[],
  actions: HostAction[],
  origin: number,
  title: string,
  marks: PlotMarks = {},
): string {
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const lastAt = points.at(-1)?.at ?? origin + 1;
  const seconds = Math.max(1, (lastAt - origin) / 1000);
  const round = (value: number) => Math.round(value * 10) / 10;
  const x = (at: number) => round(MARGIN.left + (((at - origin) / 1000) * plotWidth) / seconds);
  const y = (ms: number) =>
    round(MARGIN.top + plotHeight / 2 - (Math.max(-CLIP_MS, Math.min(CLIP_MS, ms)) / CLIP_MS) * (plotHeight / 2));
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="11">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`,
    `<text x="${MARGIN.left}" y="16" font-size="13" font-weight="bold">${escapeXml(title)}</text>`,
    `<rect x="${MARGIN.left}" y="${y(SYNC_GOAL_MS)}" width="${plotWidth}" height="${y(-SYNC_GOAL_MS) - y(SYNC_GOAL_MS)}" fill="#dcfce7"/>`,
  ];
  for (const ms of [-CLIP_MS, -100, -SYNC_GOAL_MS, 0, SYNC_GOAL_MS, 100, CLIP_MS]) {
    out.push(
      `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${y(ms)}" y2="${y(ms)}" stroke="${ms === 0 ? '#888' : '#e5e5e5'}"/>`,
      `<text x="${MARGIN.left - 6}" y="${y(ms) + 4}" text-anchor="end">${ms}</text>`,
    );
  }
  for (const stall of marks.stalls ?? []) {
    const from = x(Math.max(origin, stall.from));
    out.push(
      `<rect x="${from}" y="${MARGIN.top}" width="${Math.max(1, x(stall.to) - from)}" height="${plotHeight}" fill="#d4d4d4"/>`,
      `<text x="${from + 2}" y="${HEIGHT - MARGIN.bottom - 4}" fill="#525252">stall</text>`,
    );
  }
  if (marks.biasMs) {
    out.push(
      `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${y(marks.biasMs)}" y2="${y(marks.biasMs)}" stroke="#2563eb" stroke-dasharray="6 4"/>`,
      `<text x="${WIDTH - MARGIN.right - 4}" y="${y(marks.biasMs) - 4}" text-anchor="end" fill="#2563eb">route bias ${marks.biasMs} ms</text>`,
    );
  }
  const tickEvery = seconds > 120 ? 20 : 10;
  for (let second = 0; second <= seconds; second += tickEvery) {
    const at = origin + second * 1000;
    out.push(`<text x="${x(at)}" y="${HEIGHT - MARGIN.bottom + 16}" text-anchor="middle">${second}</text>`);
  }
  out.push(
    `<text x="${MARGIN.left + plotWidth / 2}" y="${HEIGHT - 6}" text-anchor="middle">time (s)</text>`,
    `<text x="14" y="${MARGIN.top + plotHeight / 2}" transform="rotate(-90 14 ${MARGIN.top + plotHeight / 2})" text-anchor="middle">follower − host (ms, clipped at ±250)</text>`,
  );
  actions.forEach((action, index) => {
    const at = x(action.at);
    const labelY = MARGIN.top + 12 + (index % 2) * 12;
    out.push(
      `<line x1="${at}" x2="${at}" y1="${MARGIN.top}" y2="${HEIGHT - MARGIN.bottom}" stroke="#7c3aed" stroke-dasharray="4 3"/>`,
      `<text x="${at + 3}" y="${labelY}" fill="#7c3aed">${escapeXml(action.label)}</text>`,
    );
  });
  const path = points.map((point) => `${x(point.at)},${y(point.errorMs)}`).join(' ');
  out.push(`<polyline points="${path}" fill="none" stroke="#dc2626" stroke-width="1.2"/>`, '</svg>');
  return out.join('\n');
}
