import { useState } from 'react';
import type { PlotLayout } from './plot-data';
import type { PlotSeries } from './plot-types';

/**
 * The axes to draw with: those of the points shown, or while these are incomplete, those of the
 * last complete points of the same series. A part of a view (the loaded half of a pan) would lay
 * the axes out for a moment otherwise, moving them twice and, where it groups them otherwise,
 * building the plot anew each time.
 */
export function useSettledLayout(
  series: readonly PlotSeries[],
  fresh: PlotLayout,
  complete: boolean,
): PlotLayout {
  const [settled, setSettled] = useState({ series, layout: fresh });
  if (complete && settled.layout !== fresh) setSettled({ series, layout: fresh });
  return complete || settled.series !== series ? fresh : settled.layout;
}
