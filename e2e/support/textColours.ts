import type { Page } from '@playwright/test';
import type { TextSample } from './contrast';

/**
 * Every visible piece of text on the page with the colours that paint it, resolved to sRGB by the browser itself:
 * each computed colour (whatever its syntax, oklch with `none` included) is drawn on a 1×1 canvas over black and over
 * white, which gives its premultiplied sRGB value and its alpha. Then the element's chain up to <html> with each
 * background and opacity; e2e/support/contrast.ts does the maths. Text of disabled controls is left out (WCAG
 * exempts inactive components), as is text clipped to nothing (the visually hidden labels for screen readers).
 * Placeholders count as text, values of text inputs and generated content (`content: attr(…)`) too.
 */
export function readTextSamples(page: Page): Promise<TextSample[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d canvas');
    const SENTINEL = '#010203';

    const drawOver = (base: string, css: string) => {
      context.globalCompositeOperation = 'copy';
      context.fillStyle = base;
      context.fillRect(0, 0, 1, 1);
      context.globalCompositeOperation = 'source-over';
      context.fillStyle = SENTINEL;
      context.fillStyle = css;
      if (context.fillStyle === SENTINEL && css.toLowerCase() !== SENTINEL) {
        throw new Error(`the canvas cannot read the colour ${css}`);
      }
      context.fillRect(0, 0, 1, 1);
      return context.getImageData(0, 0, 1, 1).data;
    };
    const cache = new Map<string, { r: number; g: number; b: number; a: number }>();
    /** Over black a pixel is c·a; over white c·a + (1 − a): premultiplied colour and alpha from two draws. */
    const resolve = (css: string) => {
      const known = cache.get(css);
      if (known) return known;
      const black = drawOver('#000', css);
      const white = drawOver('#fff', css);
      const channel = (index: number) => (black[index] ?? 0) / 255;
      const alpha = 1 - [0, 1, 2].reduce((sum, index) => sum + ((white[index] ?? 0) - (black[index] ?? 0)), 0) / 765;
      const colour = { r: channel(0), g: channel(1), b: channel(2), a: Math.min(1, Math.max(0, alpha)) };
      cache.set(css, colour);
      return colour;
    };

    const COLOUR_TOKEN = /(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([^()]*\)|#[0-9a-f]{3,8}\b|\btransparent\b/gi;
    const backgroundsOf = (style: CSSStyleDeclaration) => {
      const colours = [resolve(style.backgroundColor)];
      // A gradient: each of its stops over the background colour; the worst one is judged.
      const stops = style.backgroundImage.includes('gradient(')
        ? (style.backgroundImage.match(COLOUR_TOKEN) ?? [])
        : [];
      if (stops.length === 0) return colours;
      const base = colours[0] ?? { r: 0, g: 0, b: 0, a: 0 };
      return stops.map((stop) => {
        const top = resolve(stop);
        const keep = 1 - top.a;
        return {
          r: top.r + base.r * keep,
          g: top.g + base.g * keep,
          b: top.b + base.b * keep,
          a: top.a + base.a * keep,
        };
      });
    };

    const layersOf = (element: Element) => {
      const layers = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        layers.push({ backgrounds: backgroundsOf(style), opacity: Number(style.opacity) });
      }
      return layers;
    };

    const clippedAway = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        const box = node.getBoundingClientRect();
        if (style.overflow !== 'visible' && (box.width <= 1 || box.height <= 1)) return true;
        // Visually hidden (Tailwind's sr-only): clipped to nothing whatever its box.
        if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') return true;
      }
      return false;
    };

    const where = (element: Element) => {
      const parts = [];
      for (let node: Element | null = element; node && parts.length < 4; node = node.parentElement) {
        const label = node.getAttribute('aria-label');
        parts.unshift(
          `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${label ? `[aria-label="${label}"]` : ''}`,
        );
        if (node.id) break;
      }
      return parts.join(' > ');
    };

    const shown = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      !element.closest(':disabled, [aria-disabled="true"]') &&
      !clippedAway(element);

    const sample = (element: Element, text: string, color: string) => {
      const style = getComputedStyle(element);
      return {
        text: text.trim().replace(/\s+/g, ' ').slice(0, 60),
        where: where(element),
        fontSizePx: Number.parseFloat(style.fontSize),
        fontWeight: Number(style.fontWeight),
        color: resolve(color),
        layers: layersOf(element),
      };
    };

    const samples = [];
    const seen = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || seen.has(element) || !node.textContent?.trim()) continue;
      if (element.closest('script, style, noscript, template, title, svg')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width < 1 || box.height < 1 || !shown(element)) continue;
      seen.add(element);
      samples.push(sample(element, node.textContent, getComputedStyle(element).color));
    }
    // Lettering drawn as generated content (avatar initials, a tile's format) is text on screen too.
    for (const element of document.body.querySelectorAll('*')) {
      for (const pseudo of ['::before', '::after']) {
        const style = getComputedStyle(element, pseudo);
        const content = style.content.match(/^"(.+)"$/)?.[1];
        if (content?.trim() && shown(element) && element.getBoundingClientRect().width >= 1) {
          samples.push({ ...sample(element, content, style.color), fontSizePx: Number.parseFloat(style.fontSize) });
        }
      }
    }
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
      if (field.type === 'hidden' || field.type === 'checkbox' || field.type === 'radio' || !shown(field)) continue;
      if (field.value) samples.push(sample(field, field.value, getComputedStyle(field).color));
      else if (field.placeholder) {
        samples.push(sample(field, field.placeholder, getComputedStyle(field, '::placeholder').color));
      }
    }
    return samples;
  });
}
