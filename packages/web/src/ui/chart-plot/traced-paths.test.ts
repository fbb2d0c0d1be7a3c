import './test-dom';
import type uPlot from 'uplot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tracedLine, tracedLinePaths } from './traced-paths';

/** A path that records its vertices. */
class RecordingPath {
  readonly vertices: [number, number][] = [];
  lineTo(x: number, y: number) {
    this.vertices.push([x, y]);
  }
}

/** A plot whose x pixel is the time and whose y pixel is ten times the value. */
function plot(xs: number[], values: (number | null | undefined)[]): uPlot {
  return {
    data: [xs, values],
    series: [{}, { scale: 's0' }],
    valToPos: (v: number, key: string) => (key === 'x' ? v : v * 10),
  } as unknown as uPlot;
}

describe('tracedLinePaths', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('traces each pixel column in at its first point, to its minimum, maximum and out at its last', () => {
    vi.stubGlobal('Path2D', RecordingPath);
    // Column 3: the maximum (0.9) comes before the minimum (0.1).
    const paths = tracedLinePaths(plot([2, 3, 3, 3, 3, 4], [0.5, 0.4, 0.9, 0.1, 0.6, 0.5]), 1, 0, 5);
    expect((paths?.stroke as unknown as RecordingPath).vertices).toEqual([
      [2, 5],
      [3, 4],
      [3, 1],
      [3, 9],
      [3, 6],
      [4, 5],
    ]);
  });

  it("passes over rows of other series and leaves a line with gaps to uPlot's own", () => {
    vi.stubGlobal('Path2D', RecordingPath);
    const passed = tracedLinePaths(plot([1, 2, 3], [0.1, undefined, 0.3]), 1, 0, 2);
    expect((passed?.stroke as unknown as RecordingPath).vertices).toEqual([
      [1, 1],
      [3, 3],
    ]);
    const own = { stroke: null };
    const withGaps = tracedLine(() => own);
    expect(withGaps(plot([1, 2, 3], [0.1, null, 0.3]), 1, 0, 2)).toBe(own);
    expect(withGaps(plot([1, 2, 3], [0.1, undefined, 0.3]), 1, 0, 2)).not.toBe(own);
  });
});
