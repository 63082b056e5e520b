import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { contrastFailures } from './contrast';
import { readTextSamples } from './textColours';

/**
 * axe-core's rules of WCAG 2.0–2.2 A/AA and its best practices, every impact. Its colour-contrast rule stays on:
 * it judges what it can parse and reports the rest as "incomplete", which our own check below covers
 * (docs/decisions/019-accessibility-checks.md).
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.impact}: ${violation.id} — ${violation.help}\n${violation.nodes
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`)
        .join('\n')}`,
  );
  expect.soft(violations, `axe on ${state}`).toEqual([]);
}

/** Every visible text at 4.5:1 or better (3:1 when large), from the colours the browser resolved. */
export async function expectReadableText(page: Page, state: string): Promise<void> {
  const samples = await readTextSamples(page);
  expect(samples.length, `text found on ${state}`).toBeGreaterThan(0);
  expect.soft(contrastFailures(samples), `contrast on ${state}`).toEqual([]);
}

/** Both checks on the page as it is now. */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  await expectNoAxeViolations(page, state);
  await expectReadableText(page, state);
}

/** The focus indicator of the focused element, and of the same element once focus has moved on. */
interface FocusStop {
  name: string;
  focused: number;
  unfocused: number;
  changed: boolean;
}

/**
 * Tabs through the page (or the open dialog, which keeps the focus) until focus comes back to an element it has
 * been on, reading each element's focus indicator while it has the focus and again after it has lost it: the
 * outline's width when drawn, or the widest box-shadow spread (Tailwind's rings), either in a colour at least half
 * opaque. Past the last element focus leaves the page (the body is active) and the next Tab starts again at the
 * top, so wherever the focus was first, every stop is seen. Returns every stop.
 */
export async function tabThroughFocusStops(page: Page, maxStops = 120): Promise<FocusStop[]> {
  await page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!canvas) throw new Error('no 2d canvas');
    /** Whether a colour is at least half opaque: a transparent outline (Tailwind's outline-hidden) shows nothing. */
    const opaque = (css: string) => {
      canvas.clearRect(0, 0, 1, 1);
      // A colour the canvas cannot read leaves this one: counted as no ring, never as one.
      canvas.fillStyle = 'transparent';
      canvas.fillStyle = css;
      canvas.fillRect(0, 0, 1, 1);
      return (canvas.getImageData(0, 0, 1, 1).data[3] ?? 0) >= 128;
    };
    const COLOUR = /(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([^()]*\)|#[0-9a-f]{3,8}\b|\btransparent\b/i;
    const indicator = (element: Element) => {
      const style = getComputedStyle(element);
      const outline =
        style.outlineStyle === 'none' || !opaque(style.outlineColor) ? 0 : Number.parseFloat(style.outlineWidth);
      const shadows = style.boxShadow === 'none' ? [] : style.boxShadow.split(/,(?![^()]*\))/);
      // A ring is a shadow's spread (the fourth length), in a colour that shows.
      const spread = Math.max(
        0,
        ...shadows
          .filter((shadow) => opaque(shadow.match(COLOUR)?.[0] ?? 'currentcolor'))
          .map((shadow) => Number.parseFloat(shadow.replace(COLOUR, '').trim().split(/\s+/)[3] ?? '0')),
      );
      return {
        width: Math.max(outline, spread),
        signature: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} | ${style.boxShadow}`,
      };
    };
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} '${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}'`;
    const stops: Array<{
      element: Element;
      name: string;
      focused: number;
      signature: string;
      unfocused: number;
      changed: boolean;
    }> = [];
    const record = () => {
      const active = document.activeElement;
      const previous = stops.at(-1);
      // Tab among an element's own parts (a <video>'s native controls) keeps it the active element.
      if (previous && previous.element === active) return 'inside';
      if (previous) {
        const after = indicator(previous.element);
        previous.unfocused = after.width;
        previous.changed = after.signature !== previous.signature;
      }
      if (!active || active === document.body) return 'outside';
      if (stops.some((stop) => stop.element === active)) return 'again';
      const now = indicator(active);
      stops.push({
        element: active,
        name: name(active),
        focused: now.width,
        signature: now.signature,
        unfocused: 0,
        changed: false,
      });
      return 'new';
    };
    Object.assign(window, { __focusStops: { stops, record } });
  });
  let outside = 0;
  let complete = false;
  for (let step = 0; step < maxStops && !complete; step++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() =>
      (window as unknown as { __focusStops: { record: () => string } }).__focusStops.record(),
    );
    outside = where === 'outside' ? outside + 1 : 0;
    complete = where === 'again' || outside === 2;
  }
  if (!complete) throw new Error(`focus did not come round within ${maxStops} Tab presses`);
  return page.evaluate(() =>
    (window as unknown as { __focusStops: { stops: FocusStop[] } }).__focusStops.stops.map(
      ({ name, focused, unfocused, changed }) => ({ name, focused, unfocused, changed }),
    ),
  );
}

/** Every focus stop shows a ring of at least 2 px that it does not show unfocused. */
export async function expectVisibleFocusRings(page: Page, state: string): Promise<void> {
  const stops = await tabThroughFocusStops(page);
  expect(stops.length, `focus stops on ${state}`).toBeGreaterThan(0);
  const weak = stops
    .filter((stop) => stop.focused < 2 || !stop.changed)
    .map((stop) => `${stop.name}: ${stop.focused}px focused, ${stop.unfocused}px unfocused`);
  expect.soft(weak, `focus rings on ${state}`).toEqual([]);
}
