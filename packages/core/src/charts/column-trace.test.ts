import { describe, expect, it } from 'vitest';
import { traceByPixelColumn } from './column-trace.js';

/** Traces points given as [x pixel, value] with y = value (an axis pointing down, as a canvas). */
function trace(points: [number, number | null][], yPixel = (v: number) => v) {
  const out: [number, number][] = [];
  traceByPixelColumn(
    0,
    points.length - 1,
    (i) => points[i]?.[0] ?? NaN,
    (i) => points[i]?.[1],
    yPixel,
    (x, y) => out.push([x, y]),
  );
  return out;
}

describe('traceByPixelColumn', () => {
  it('draws a column in at its first point, to its minimum, its maximum and out at its last', () => {
    // The maximum (9) comes before the minimum (1) in time; the trace runs to the minimum first.
    expect(
      trace([
        [4, 5],
        [4, 9],
        [4, 1],
        [4, 6],
      ]),
    ).toEqual([
      [4, 5],
      [4, 1],
      [4, 9],
      [4, 6],
    ]);
  });

  it('leaves out a minimum or maximum at the pixel of the first or last point', () => {
    expect(
      trace([
        [2, 1],
        [2, 5],
        [2, 9],
      ]),
    ).toEqual([
      [2, 1],
      [2, 9],
    ]);
    expect(
      trace([
        [2, 3],
        [2, 9],
        [2, 3],
      ]),
    ).toEqual([
      [2, 3],
      [2, 9],
      [2, 3],
    ]);
    // Values apart but on one pixel: compared as drawn.
    expect(
      trace(
        [
          [2, 1.2],
          [2, 0.6],
          [2, 7],
        ],
        Math.round,
      ),
    ).toEqual([
      [2, 1],
      [2, 7],
    ]);
  });

  it('draws a flat column as its first point only, then goes on to the next column', () => {
    expect(
      trace([
        [0, 2],
        [0, 2],
        [1, 4],
        [3, 4],
        [3, 0],
      ]),
    ).toEqual([
      [0, 2],
      [1, 4],
      [3, 4],
      [3, 0],
    ]);
  });

  it('passes over points without a value and draws the range asked for only', () => {
    const out: [number, number][] = [];
    const xs = [0, 1, 1, 2, 3];
    const vs = [1, null, 3, undefined, 5];
    traceByPixelColumn(
      1,
      3,
      (i) => xs[i] ?? NaN,
      (i) => vs[i],
      (v) => v,
      (x, y) => out.push([x, y]),
    );
    expect(out).toEqual([[1, 3]]);
  });

  it('stays self-contained, so it can be handed to a page as its source', () => {
    const rebuilt = new Function(`return (${traceByPixelColumn.toString()})`)() as typeof traceByPixelColumn;
    const out: [number, number][] = [];
    rebuilt(
      0,
      2,
      (i) => i,
      (i) => i * 2,
      (v) => v,
      (x, y) => out.push([x, y]),
    );
    expect(out).toEqual([
      [0, 0],
      [1, 2],
      [2, 4],
    ]);
  });
});
