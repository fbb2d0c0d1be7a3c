import { traceByPixelColumn } from '@leitwarte/core';
import uPlot from 'uplot';

/**
 * The path of a line series, traced column by column (traceByPixelColumn) as uPlot traces raw
 * data of many points per pixel: the reduced points then draw the same pixels as the samples
 * they stand for. A series with gaps (null: no place on a logarithmic axis) in the range is left
 * to `broken`, uPlot's own line, which breaks there.
 */
export function tracedLine(broken: uPlot.Series.PathBuilder | undefined): uPlot.Series.PathBuilder {
  return (u, seriesIdx, idx0, idx1) => {
    const xs = u.data[0];
    const values = u.data[seriesIdx];
    const scaleKey = u.series[seriesIdx]?.scale;
    if (!values || scaleKey === undefined) return null;
    for (let i = idx0; i <= idx1; i++)
      if (values[i] === null) return broken ? broken(u, seriesIdx, idx0, idx1) : null;
    const stroke = new Path2D();
    traceByPixelColumn(
      idx0,
      idx1,
      (i) => Math.round(u.valToPos(xs[i] ?? NaN, 'x', true)),
      (i) => values[i],
      (v) => Math.round(u.valToPos(v, scaleKey, true)),
      (x, y) => stroke.lineTo(x, y),
    );
    return { stroke, fill: null, clip: null, band: null, flags: 0 };
  };
}

export const tracedLinePaths = tracedLine(uPlot.paths.linear?.());
