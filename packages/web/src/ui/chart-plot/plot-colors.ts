import { colorToCss, parseHexColor } from '@leitwarte/core';

const RGB_FUNCTION = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/i;

/**
 * The colour with its opacity multiplied by `alpha` (0–1), as CSS rgba(); used for the fill
 * under areas and bars. Colours in a form this does not know are returned unchanged.
 */
export function withAlpha(color: string, alpha: number): string {
  const hex = parseHexColor(color);
  if (hex) return colorToCss({ ...hex, a: Math.round(hex.a * alpha) });
  const m = RGB_FUNCTION.exec(color.trim());
  if (!m) return color;
  const own = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
  const a = Math.round(own * alpha * 1000) / 1000;
  return `rgba(${Number(m[1])}, ${Number(m[2])}, ${Number(m[3])}, ${a})`;
}
