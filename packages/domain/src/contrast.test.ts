import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHexColour, readableTextColour, relativeLuminance } from './contrast.ts';
import { MAKE_A_DEMO } from './enums.ts';
import { EVENT_COLOURS } from './events.ts';
import { PARTNER_STATUS_COLOURS } from './statuses.ts';

describe('contrast', () => {
  it.each([
    ['#000000', [0, 0, 0]],
    ['#ffffff', [255, 255, 255]],
    ['#00bcd4', [0, 188, 212]],
    ['#0bc', [0, 187, 204]],
    ['EF6C00', [239, 108, 0]],
  ])('reads %s as %j', (hex, rgb) => {
    expect(parseHexColour(hex)).toEqual(rgb);
  });

  it.each(['', 'red', '#12345', '#1234567', '#ggg', 'rgb(0,0,0)'])('refuses %j', (text) => {
    expect(parseHexColour(text)).toBeUndefined();
    expect(() => relativeLuminance(text)).toThrow(/not a hex colour/);
  });

  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#00bcd4', '#ffffff', 2.3],
    ['#ef6c00', '#ffffff', 3.08],
    ['#1565c0', '#ffffff', 5.75],
    ['#757575', '#ffffff', 4.61],
  ])('the contrast of %s and %s is %d:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 1);
    expect(contrastRatio(b, a)).toBeCloseTo(ratio, 1);
  });

  it.each([
    // The spec's make-a-demo colour: white is 2.3:1, black 9.1:1.
    ['#00bcd4', '#000000'],
    ['#ef6c00', '#000000'],
    ['#f9a825', '#000000'],
    ['#ed6c02', '#000000'],
    ['#b0b7bf', '#000000'],
    ['#ffffff', '#000000'],
    ['#2e7d32', '#ffffff'],
    ['#d81b60', '#ffffff'],
    ['#1565c0', '#ffffff'],
    ['#757575', '#ffffff'],
    ['#000000', '#ffffff'],
  ])('on %s the text is %s', (background, text) => {
    expect(readableTextColour(background)).toBe(text);
  });

  it('every status and event colour of the product gets text of at least 4.5:1', () => {
    const colours = [MAKE_A_DEMO.colour, ...Object.values(EVENT_COLOURS), ...Object.values(PARTNER_STATUS_COLOURS)];
    for (const colour of colours) {
      expect(contrastRatio(colour, readableTextColour(colour)), colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});
