/**
 * WCAG 2 contrast: which text colour reads on a coloured background (status chips, calendar events).
 * The spec fixes the background colours; the text colour is chosen so that it keeps a ratio of at
 * least 4.5:1 (WCAG AA for normal text) where black or white can.
 */

export const TEXT_ON_LIGHT = '#000000';
export const TEXT_ON_DARK = '#ffffff';
export type TextColour = typeof TEXT_ON_LIGHT | typeof TEXT_ON_DARK;

/** The AA minimum for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** `#rgb` or `#rrggbb` as red, green and blue from 0 to 255; undefined for anything else. */
export function parseHexColour(hex: string): [number, number, number] | undefined {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) {
    return undefined;
  }
  const digits = m[1]!;
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance of WCAG 2 (0 for black, 1 for white). */
export function relativeLuminance(hex: string): number {
  const rgb = parseHexColour(hex);
  if (!rgb) {
    throw new Error(`not a hex colour: ${hex}`);
  }
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Black or white text for a background: white when it reaches 4.5:1, otherwise whichever of the two
 * contrasts more (on any colour one of them reaches 4.5:1, since their ratios multiply to 21).
 */
export function readableTextColour(background: string): TextColour {
  const onWhite = contrastRatio(background, TEXT_ON_DARK);
  if (onWhite >= MIN_TEXT_CONTRAST) {
    return TEXT_ON_DARK;
  }
  return contrastRatio(background, TEXT_ON_LIGHT) >= onWhite ? TEXT_ON_LIGHT : TEXT_ON_DARK;
}
