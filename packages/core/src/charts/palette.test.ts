import { describe, expect, it } from 'vitest';
import {
  CHART_PALETTE,
  colorToCss,
  colorToHex,
  paletteColor,
  parseHexColor,
  seriesColor,
} from './palette.js';

describe('series colour palette (screens §3 "Colour palette", §9 Palette 18 colours)', () => {
  it('has 18 distinct opaque RGBA entries', () => {
    expect(CHART_PALETTE).toHaveLength(18);
    expect(new Set(CHART_PALETTE.map(colorToHex)).size).toBe(18);
    for (const c of CHART_PALETTE) {
      for (const channel of [c.r, c.g, c.b, c.a])
        expect(channel).toSatisfy((v: number) => v >= 0 && v <= 255);
      expect(c.a).toBe(255);
    }
  });

  it('assigns colours by series index and wraps after the 18th', () => {
    expect(paletteColor(0)).toEqual(CHART_PALETTE[0]);
    expect(paletteColor(17)).toEqual(CHART_PALETTE[17]);
    expect(paletteColor(18)).toEqual(CHART_PALETTE[0]);
    expect(paletteColor(19)).toEqual(CHART_PALETTE[1]);
    expect(() => paletteColor(-1)).toThrow(RangeError);
    expect(() => paletteColor(1.5)).toThrow(RangeError);
  });

  it('a series with its own colour keeps it; without one it takes the palette entry of its index', () => {
    expect(colorToHex(seriesColor('#ff000080', 3))).toBe('#ff000080');
    expect(seriesColor(null, 4)).toEqual(CHART_PALETTE[4]);
    expect(seriesColor('not a colour', 5)).toEqual(CHART_PALETTE[5]);
  });

  it('parses #rgb, #rrggbb and #rrggbbaa and renders CSS rgba with alpha 0–1', () => {
    expect(parseHexColor('#0f8')).toEqual({ r: 0, g: 255, b: 136, a: 255 });
    expect(parseHexColor('#1F77B4')).toEqual({ r: 31, g: 119, b: 180, a: 255 });
    expect(parseHexColor('#1f77b480')).toMatchObject({ a: 128 });
    expect(parseHexColor('#12345')).toBeNull();
    expect(parseHexColor('red')).toBeNull();
    expect(colorToCss({ r: 1, g: 2, b: 3, a: 255 })).toBe('rgba(1, 2, 3, 1)');
    expect(colorToCss({ r: 1, g: 2, b: 3, a: 0 })).toBe('rgba(1, 2, 3, 0)');
  });
});
