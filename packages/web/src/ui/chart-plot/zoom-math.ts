/** A scale range in the scale's own units (seconds on the time axis). */
export interface ScaleRange {
  min: number;
  max: number;
}

/** Narrowest time span a zoom may reach: one second, below that nothing new appears. */
export const MIN_TIME_SPAN_S = 1;

/** Wheel travel (in pixels) that doubles or halves the span; about four notches of a mouse wheel. */
const WHEEL_PIXELS_PER_DOUBLING = 400;

/** Wheel delta in pixels, whatever unit the browser reported it in (pixels, lines, pages). */
export function wheelPixels(delta: number, deltaMode: number, pageSize: number): number {
  if (deltaMode === 1) return delta * 16;
  if (deltaMode === 2) return delta * pageSize;
  return delta;
}

/** Span factor of a wheel movement: down (positive) zooms out, up zooms in. */
export function wheelZoomFactor(pixels: number): number {
  return 2 ** (pixels / WHEEL_PIXELS_PER_DOUBLING);
}

/** Scales a range by a factor around an anchor value that stays where it is on screen. */
export function zoomAround(range: ScaleRange, anchor: number, factor: number, minSpan = 0): ScaleRange {
  const span = range.max - range.min;
  let nextSpan = span * factor;
  if (nextSpan < minSpan) nextSpan = minSpan;
  const share = span > 0 ? (anchor - range.min) / span : 0.5;
  const min = anchor - share * nextSpan;
  return { min, max: min + nextSpan };
}

/**
 * zoomAround on a logarithmic scale: the zoom acts on the exponents, so the anchor keeps its
 * place and both bounds stay positive.
 */
export function zoomAroundLog(range: ScaleRange, anchor: number, factor: number): ScaleRange {
  const zoomed = zoomAround(
    { min: Math.log(range.min), max: Math.log(range.max) },
    Math.log(Math.max(anchor, Number.MIN_VALUE)),
    factor,
  );
  return { min: Math.exp(zoomed.min), max: Math.exp(zoomed.max) };
}

/** Moves a range by a number of pixels of a plot that is `widthPx` wide. */
export function panByPixels(range: ScaleRange, pixels: number, widthPx: number): ScaleRange {
  if (widthPx <= 0) return range;
  const shift = ((range.max - range.min) * pixels) / widthPx;
  return { min: range.min + shift, max: range.max + shift };
}

/** Whether a press and release were close enough to count as a click rather than a drag. */
export function isClick(downX: number, downY: number, upX: number, upY: number, tolerancePx = 4): boolean {
  return Math.abs(upX - downX) <= tolerancePx && Math.abs(upY - downY) <= tolerancePx;
}
