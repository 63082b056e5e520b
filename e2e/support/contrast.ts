/**
 * WCAG 2.2 text contrast from colours the browser has already resolved to sRGB (e2e/support/textColours.ts reads
 * them in the page). axe-core cannot parse Tailwind 4's `oklch(… none)` colours, so this is our own check of
 * success criterion 1.4.3; see docs/decisions/019-accessibility-checks.md.
 */

/** An sRGB colour with premultiplied channels, every value 0…1 (a canvas pixel read over black and white). */
export interface Premultiplied {
  r: number;
  g: number;
  b: number;
  a: number;
}

/**
 * One element between the text and the page's root, innermost first: its background (several colours for a
 * gradient, the stops, of which the worst is judged) and its `opacity`, which fades it and everything inside it.
 */
export interface Layer {
  backgrounds: Premultiplied[];
  opacity: number;
}

/** What the page reports about one visible piece of text. */
export interface TextSample {
  /** The text (shortened), to name it in a failure. */
  text: string;
  /** A short path to its element, e.g. `li[data-visited] > span > span`. */
  where: string;
  fontSizePx: number;
  fontWeight: number;
  color: Premultiplied;
  /** From the text's own element up to <html>. */
  layers: Layer[];
}

export interface Verdict {
  sample: TextSample;
  /** The lowest ratio over the gradient stops behind the text. */
  ratio: number;
  required: number;
}

const TRANSPARENT: Premultiplied = { r: 0, g: 0, b: 0, a: 0 };
/** What shows through when nothing on the page is opaque: the browser's default canvas. */
const CANVAS: Premultiplied = { r: 1, g: 1, b: 1, a: 1 };

/** Source-over compositing of premultiplied colours, as the browser paints one layer on another. */
export function over(top: Premultiplied, bottom: Premultiplied): Premultiplied {
  const keep = 1 - top.a;
  return {
    r: top.r + bottom.r * keep,
    g: top.g + bottom.g * keep,
    b: top.b + bottom.b * keep,
    a: top.a + bottom.a * keep,
  };
}

const fade = (colour: Premultiplied, opacity: number): Premultiplied => ({
  r: colour.r * opacity,
  g: colour.g * opacity,
  b: colour.b * opacity,
  a: colour.a * opacity,
});

/** WCAG relative luminance of an opaque sRGB colour. */
export function relativeLuminance({ r, g, b }: Premultiplied): number {
  const linear = (channel: number) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two opaque colours, 1…21. */
export function contrastRatio(a: Premultiplied, b: Premultiplied): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Large text (WCAG): at least 18 pt (24 px), or 14 pt (18.66 px) and bold. */
export function isLargeText(fontSizePx: number, fontWeight: number): boolean {
  return fontSizePx >= 24 || (fontSizePx >= 18.66 && fontWeight >= 700);
}

/** Every combination of one background per layer (a gradient contributes each of its stops). */
function backgroundChoices(layers: Layer[]): Premultiplied[][] {
  return layers.reduce<Premultiplied[][]>(
    (choices, layer) => {
      const options = layer.backgrounds.length > 0 ? layer.backgrounds : [TRANSPARENT];
      return choices.flatMap((chosen) => options.map((option) => [...chosen, option]));
    },
    [[]],
  );
}

/**
 * The colours of the text's pixels and of the pixels around it: each layer's background under what is inside it,
 * the whole faded by the layer's opacity, from the text's element out to the canvas.
 */
export function paintedColours(
  color: Premultiplied,
  layers: Layer[],
  backgrounds: Premultiplied[],
): { text: Premultiplied; background: Premultiplied } {
  let text = color;
  let background = TRANSPARENT;
  layers.forEach((layer, index) => {
    const behind = backgrounds[index] ?? TRANSPARENT;
    text = fade(over(text, behind), layer.opacity);
    background = fade(over(background, behind), layer.opacity);
  });
  return { text: over(text, CANVAS), background: over(background, CANVAS) };
}

/** The sample's worst contrast over its backgrounds and the ratio it needs (4.5, or 3 for large text). */
export function judge(sample: TextSample): Verdict {
  const ratios = backgroundChoices(sample.layers).map((backgrounds) => {
    const painted = paintedColours(sample.color, sample.layers, backgrounds);
    return contrastRatio(painted.text, painted.background);
  });
  return {
    sample,
    ratio: Math.min(...ratios),
    required: isLargeText(sample.fontSizePx, sample.fontWeight) ? 3 : 4.5,
  };
}

/** The samples below their required ratio, as lines a person can act on. */
export function contrastFailures(samples: TextSample[]): string[] {
  return samples
    .map(judge)
    .filter((verdict) => verdict.ratio < verdict.required)
    .map(
      ({ sample, ratio, required }) =>
        `'${sample.text}' (${sample.where}, ${sample.fontSizePx}px/${sample.fontWeight}): ${ratio.toFixed(2)}:1 < ${required}:1`,
    );
}
