/** One colour with red, green, blue and alpha channels, each 0–255. */
export interface RgbaColor {
  r: number;
  g: number;
  b: number;
  a: number;
}

const rgba = (r: number, g: number, b: number, a = 255): RgbaColor => Object.freeze({ r, g, b, a });

/**
 * The 18-colour series palette (screens §3 "Colour palette", §9): a series without its own
 * colour takes the entry of its index. Ordered so neighbouring series differ in hue and the
 * first six stay distinguishable for red-green colour blindness.
 */
export const CHART_PALETTE: readonly RgbaColor[] = Object.freeze([
  rgba(31, 119, 180),
  rgba(255, 127, 14),
  rgba(44, 160, 44),
  rgba(214, 39, 40),
  rgba(148, 103, 189),
  rgba(140, 86, 75),
  rgba(227, 119, 194),
  rgba(127, 127, 127),
  rgba(188, 189, 34),
  rgba(23, 190, 207),
  rgba(0, 63, 92),
  rgba(255, 166, 0),
  rgba(0, 128, 128),
  rgba(178, 34, 34),
  rgba(102, 51, 153),
  rgba(0, 100, 0),
  rgba(255, 99, 71),
  rgba(70, 130, 180),
]);

const CHART_PALETTE_FIRST = rgba(31, 119, 180);

/** Palette colour of a series by its index; indexes beyond 17 wrap around. */
export function paletteColor(seriesIndex: number): RgbaColor {
  if (!Number.isInteger(seriesIndex) || seriesIndex < 0)
    throw new RangeError(`invalid series index ${seriesIndex}`);
  return CHART_PALETTE[seriesIndex % CHART_PALETTE.length] ?? CHART_PALETTE_FIRST;
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

/** `#rrggbbaa` of a colour (the form series colours are stored in). */
export function colorToHex(color: RgbaColor): string {
  return `#${hex2(color.r)}${hex2(color.g)}${hex2(color.b)}${hex2(color.a)}`;
}

/** CSS `rgba(r, g, b, a)` with alpha 0–1, for drawing. */
export function colorToCss(color: RgbaColor): string {
  return `rgba(${color.r}, ${color.g}, ${color.b}, ${Math.round((color.a / 255) * 1000) / 1000})`;
}

/** Parses `#rgb`, `#rrggbb` or `#rrggbbaa`; null when the text is not such a colour. */
export function parseHexColor(text: string): RgbaColor | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(text.trim());
  if (!m?.[1]) return null;
  let digits = m[1];
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  if (digits.length === 6) digits += 'ff';
  const at = (i: number) => parseInt(digits.slice(i, i + 2), 16);
  return rgba(at(0), at(2), at(4), at(6));
}

/** The colour a series is drawn in: its own colour if it has a valid one, else the palette's. */
export function seriesColor(color: string | null, seriesIndex: number): RgbaColor {
  return (color === null ? null : parseHexColor(color)) ?? paletteColor(seriesIndex);
}
