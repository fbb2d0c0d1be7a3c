/**
 * The drawing rule of reduced data: a point stands at the start of the pixel column it falls in.
 *
 * The server reduces a series to the first, minimum, maximum and last sample of each pixel column
 * (M4). A plot rounds each x to the nearest pixel, so a point late in its column would be drawn in
 * the next column and the reduced line would differ from the line of all samples. Moved to the
 * start of its column, every point is drawn in the column its samples belong to.
 *
 * Columns begin at `start` and are `msPerPixel` wide; a time t lies in column k when
 * start + k·msPerPixel ≤ t < start + (k+1)·msPerPixel, with both bounds computed as written, so the
 * start of a column lies in that column and snapping twice changes nothing. Times before `start`
 * fall in negative columns. The result keeps the order of the input (the rule is monotonic), moves
 * no time by a whole column or more and never later, and keeps equal times: several points of one
 * column share its start, as a vertical stroke. Non-finite times are passed on unchanged; without
 * a positive, finite column width the times are returned as they are.
 */
export function snapToPixelColumns(times: ArrayLike<number>, start: number, msPerPixel: number): number[] {
  const snapped = new Array<number>(times.length);
  const usable = Number.isFinite(start) && Number.isFinite(msPerPixel) && msPerPixel > 0;
  for (let i = 0; i < times.length; i++) {
    const t = times[i] as number;
    snapped[i] = usable && Number.isFinite(t) ? columnStart(t, start, msPerPixel) : t;
  }
  return snapped;
}

/** The start of the pixel column of `t` (see snapToPixelColumns). */
export function columnStart(t: number, start: number, msPerPixel: number): number {
  let k = Math.floor((t - start) / msPerPixel);
  // The division may round across a column edge; the comparisons decide, computed as the edges are.
  while (start + k * msPerPixel > t) k--;
  while (start + (k + 1) * msPerPixel <= t) k++;
  return start + k * msPerPixel;
}
