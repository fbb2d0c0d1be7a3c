import { resolutionLevel, type TimeWindow } from '@leitwarte/core';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { viewMsPerPixel } from './use-chart-data';

const levelAt = (view: TimeWindow, width: number) => resolutionLevel(viewMsPerPixel(view, width));

/**
 * The plot's drawing width as the chart's data layer uses it: for the resolution level and the
 * point budget of its requests. The plot places the points at its own pixel columns, so a new
 * width on the same level changes nothing drawn: it is taken over once the frame being drawn is
 * on screen, instead of rendering the chart once more before it. The first width and one on
 * another level need other data and are taken over at once.
 */
export function useDrawingWidth(view: TimeWindow): [number, (width: number) => void] {
  const [width, setWidth] = useState(0);
  const shown = useRef({ width, view });
  const pending = useRef<number | null>(null);
  useLayoutEffect(() => {
    shown.current = { width, view };
  });
  const report = useCallback((next: number) => {
    const { width: current, view: at } = shown.current;
    if (current <= 0 || next <= 0 || levelAt(at, current) !== levelAt(at, next)) {
      pending.current = null;
      setWidth(next);
      return;
    }
    const waiting = pending.current !== null;
    pending.current = next;
    if (waiting) return;
    // After the next frame: its callback runs before that frame is painted.
    requestAnimationFrame(() =>
      setTimeout(() => {
        const latest = pending.current;
        pending.current = null;
        if (latest !== null) setWidth(latest);
      }),
    );
  }, []);
  return [width, report];
}
