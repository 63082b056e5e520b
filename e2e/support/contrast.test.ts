import { describe, expect, it } from 'vitest';
import {
  contrastFailures,
  contrastRatio,
  isLargeText,
  judge,
  type Layer,
  over,
  type Premultiplied,
  paintedColours,
  relativeLuminance,
  type TextSample,
} from './contrast.ts';

/** An opaque colour from #rrggbb, as the canvas gives it (premultiplied by an alpha of 1). */
const hex = (value: string, alpha = 1): Premultiplied => {
  const channel = (index: number) => (Number.parseInt(value.slice(1 + index * 2, 3 + index * 2), 16) / 255) * alpha;
  return { r: channel(0), g: channel(1), b: channel(2), a: alpha };
};
const flat = (colour: Premultiplied, opacity = 1): Layer => ({ backgrounds: [colour], opacity });
const clear: Layer = { backgrounds: [], opacity: 1 };
const sample = (color: Premultiplied, layers: Layer[], fontSizePx = 14, fontWeight = 400): TextSample => ({
  text: 'Đã xem',
  where: 'li > span',
  fontSizePx,
  fontWeight,
  color,
  layers,
});

describe('WCAG contrast maths', () => {
  it('gives the luminance of black, white and mid grey as WCAG defines it', () => {
    expect(relativeLuminance(hex('#000000'))).toBe(0);
    expect(relativeLuminance(hex('#ffffff'))).toBeCloseTo(1, 10);
    // sRGB 0x80 is 0.2158605 in linear light.
    expect(relativeLuminance(hex('#808080'))).toBeCloseTo(0.2158605, 6);
  });

  it('gives 21:1 for black on white, 1:1 for a colour on itself, and the same either way round', () => {
    expect(contrastRatio(hex('#000000'), hex('#ffffff'))).toBeCloseTo(21, 10);
    expect(contrastRatio(hex('#737373'), hex('#737373'))).toBe(1);
    expect(contrastRatio(hex('#ffffff'), hex('#767676'))).toBeCloseTo(
      contrastRatio(hex('#767676'), hex('#ffffff')),
      12,
    );
    // #767676 on white is the well-known lightest grey that passes 4.5:1 (4.54:1); #777777 fails (4.48:1).
    expect(contrastRatio(hex('#767676'), hex('#ffffff'))).toBeCloseTo(4.54, 2);
    expect(contrastRatio(hex('#777777'), hex('#ffffff'))).toBeCloseTo(4.48, 2);
  });

  it('composites premultiplied colours source-over', () => {
    expect(over(hex('#ffffff', 0.5), hex('#000000'))).toEqual({ r: 0.5, g: 0.5, b: 0.5, a: 1 });
    expect(over(hex('#000000', 0), hex('#336699'))).toEqual(hex('#336699'));
    expect(over(hex('#ffffff', 0.5), { r: 0, g: 0, b: 0, a: 0 }).a).toBe(0.5);
  });

  it('calls text large from 24 px, or from 18.66 px when bold', () => {
    expect(isLargeText(24, 400)).toBe(true);
    expect(isLargeText(23.9, 400)).toBe(false);
    expect(isLargeText(18.66, 700)).toBe(true);
    expect(isLargeText(18.66, 600)).toBe(false);
    expect(isLargeText(18, 700)).toBe(false);
  });
});

describe('the colours a text is painted with', () => {
  it('falls through transparent layers to the first opaque background', () => {
    const painted = paintedColours(
      hex('#ffffff'),
      [clear, flat(hex('#171717')), flat(hex('#ffffff'))],
      [{ r: 0, g: 0, b: 0, a: 0 }, hex('#171717'), hex('#ffffff')],
    );
    expect(painted.background).toEqual(hex('#171717'));
    expect(painted.text).toEqual(hex('#ffffff'));
  });

  it('blends a translucent text colour and a translucent background over what is behind them', () => {
    // white at 10 % over #0a0a0a, as bg-white/10 on the page; text white at 50 % on it.
    const layers = [flat(hex('#ffffff', 0.1)), flat(hex('#0a0a0a'))];
    const painted = paintedColours(hex('#ffffff', 0.5), layers, [hex('#ffffff', 0.1), hex('#0a0a0a')]);
    const background = 0.1 + (10 / 255) * 0.9;
    expect(painted.background.r).toBeCloseTo(background, 10);
    expect(painted.text.r).toBeCloseTo(0.5 + background * 0.5, 10);
  });

  it('fades a whole row with its opacity: the old watched row (#737373 at 60 % on #0a0a0a) is 2.19:1', () => {
    // The watched row of issue #12: text-neutral-500 in an opacity-60 row on the page's neutral-950.
    const verdict = judge(sample(hex('#737373'), [clear, flat({ r: 0, g: 0, b: 0, a: 0 }, 0.6), flat(hex('#0a0a0a'))]));
    const faded = 0.6 * (0x73 / 255) + 0.4 * (0x0a / 255);
    expect(verdict.ratio).toBeCloseTo(contrastRatio({ r: faded, g: faded, b: faded, a: 1 }, hex('#0a0a0a')), 10);
    expect(verdict.ratio).toBeCloseTo(2.19, 1);
    expect(verdict.required).toBe(4.5);
  });

  it('judges text over a gradient by its worst stop', () => {
    const stops = [hex('#000000'), hex('#8a8a8a')];
    const verdict = judge(sample(hex('#ffffff'), [{ backgrounds: stops, opacity: 1 }]));
    expect(verdict.ratio).toBeCloseTo(contrastRatio(hex('#ffffff'), hex('#8a8a8a')), 10);
  });

  it('asks 3:1 of large text and 4.5:1 of the rest, and names each failure', () => {
    const grey = hex('#808080');
    const black = [flat(hex('#000000'))];
    // #808080 on black is 5.32:1; on #404040 it is 2.5:1.
    expect(contrastFailures([sample(grey, black)])).toEqual([]);
    const dark = [flat(hex('#404040'))];
    expect(judge(sample(grey, dark, 24)).required).toBe(3);
    expect(contrastFailures([sample(grey, dark, 12, 500)])).toEqual([
      `'Đã xem' (li > span, 12px/500): ${judge(sample(grey, dark)).ratio.toFixed(2)}:1 < 4.5:1`,
    ]);
  });
});
