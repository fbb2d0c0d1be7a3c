/**
 * The line a plot draws through many points per pixel column, as the vertices of one path: per
 * column of the drawing (the points whose x pixel is the same), the line comes in at the
 * column's first point, runs to its lowest and then its highest value where these are not at
 * the first's or the last's pixel, and leaves at its last point. The chart library draws raw
 * data of four or more points per pixel this way; M4-reduced data, a few points per pixel, it
 * would draw point by point in time order, and where the minimum of a column comes after its
 * maximum the strokes overlap otherwise and a pixel at a peak takes another shade. Traced alike,
 * the reduced data draws the same pixels as the raw data it stands for.
 *
 * `xPixel(i)`: point i's x in device pixels, rounded; `valueAt(i)`: its value, null or undefined
 * where it has none (passed over); `yPixel(v)`: a value's y in device pixels, rounded; `lineTo`
 * receives the vertices. Self-contained on purpose: a benchmark draws with this very function
 * in a bare page.
 */
export function traceByPixelColumn(
  from: number,
  to: number,
  xPixel: (i: number) => number,
  valueAt: (i: number) => number | null | undefined,
  yPixel: (v: number) => number,
  lineTo: (x: number, y: number) => void,
): void {
  let column = NaN;
  let first = 0;
  let min = 0;
  let max = 0;
  let last = 0;
  let open = false;
  const close = () => {
    if (!open) return;
    const lo = yPixel(min);
    const hi = yPixel(max);
    if (lo === hi) return;
    const inY = yPixel(first);
    const outY = yPixel(last);
    if (lo !== inY && lo !== outY) lineTo(column, lo);
    if (hi !== inY && hi !== outY) lineTo(column, hi);
    lineTo(column, outY);
  };
  for (let i = from; i <= to; i++) {
    const v = valueAt(i);
    if (v === null || v === undefined) continue;
    const x = xPixel(i);
    if (open && x === column) {
      last = v;
      if (v < min) min = v;
      else if (v > max) max = v;
      continue;
    }
    close();
    lineTo(x, yPixel(v));
    column = x;
    first = min = max = last = v;
    open = true;
  }
  close();
}
