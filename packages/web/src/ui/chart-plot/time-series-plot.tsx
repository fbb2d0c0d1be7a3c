import type { LimitLine, TimeWindow } from '@leitwarte/core';
import { Button } from '@mantine/core';
import { memo, useLayoutEffect, useMemo, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import 'uplot/dist/uPlot.min.css';
import type { SeriesPoints } from './join-series';
import type { DrawnLimitLine } from './limit-lines';
import { PlotController, type PlotCallbacks, type PlotHandover } from './plot-controller';
import { computeLayout, plotSignature, seriesScaleKey } from './plot-data';
import { useSettledLayout } from './settled-layout';
import type { PlotAnnotation, PlotLimitLine, PlotSeries, RangeChangeCause } from './plot-types';
import './plot.css';

export interface TimeSeriesPlotProps {
  series: PlotSeries[];
  /**
   * The points of each series in series order, times in ms, sorted ascending: each is drawn at
   * the start of its pixel column of `range` at the drawing width (the rule of reduced data).
   */
  points: readonly SeriesPoints[];
  /** The time range to show (ms); a new range moves the view there. */
  range: TimeWindow;
  /**
   * False while the points of `range` are still loading (part of them, or the previous view's):
   * the value axes stay as they were for the last complete points instead of following the part.
   */
  pointsComplete?: boolean;
  /** Where reset leads (ms); without it, the last range set from outside. */
  homeRange?: TimeWindow;
  /** The user zoomed, panned or reset; reported once the gesture settles. */
  onRangeChange?: (range: TimeWindow, cause: RangeChangeCause) => void;
  annotations?: PlotAnnotation[];
  /** A click on the plot (not a drag): time in ms and the index of the nearest series. */
  onPlotClick?: (t: number, seriesIndex: number | null) => void;
  onAnnotationClick?: (id: number) => void;
  limitLines?: PlotLimitLine[];
  /** Height in CSS pixels, axes included. */
  height?: number;
  /**
   * Width of the drawing area in CSS pixels (the plot without its axes), which data is requested
   * for; the plot places the points at its pixel columns itself.
   */
  onWidthChange?: (drawingWidth: number) => void;
}

const DEFAULT_HEIGHT = 400;
const FALLBACK_WIDTH = 800;
const NO_ANNOTATIONS: PlotAnnotation[] = [];
const NO_LIMIT_LINES: PlotLimitLine[] = [];
const MARKER_COLOR = '#6b7280';

let canvasSupport: boolean | null = null;

/** Whether this browser draws on a 2D canvas; without it (document-only test runs) there is no plot. */
function canDrawCanvas(): boolean {
  canvasSupport ??= document.createElement('canvas').getContext('2d') !== null;
  return canvasSupport;
}

/**
 * A time series plot drawn by uPlot. Changing data only feeds the existing plot (the view stays
 * where the user zoomed, and a new axis grouping is applied in place); the plot is rebuilt only
 * when the series, their drawing or the kind of their axes change. Zoom and pan run inside the
 * plot without re-rendering this component, and it is memoised: its owner renders again for
 * things that do not concern it.
 */
export const TimeSeriesPlot = memo(function TimeSeriesPlot({
  series,
  points,
  range,
  pointsComplete = true,
  homeRange,
  onRangeChange,
  annotations = NO_ANNOTATIONS,
  onPlotClick,
  onAnnotationClick,
  limitLines = NO_LIMIT_LINES,
  height = DEFAULT_HEIGHT,
  onWidthChange,
}: TimeSeriesPlotProps) {
  const { t, i18n } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const markersRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<PlotController | null>(null);
  const handoverRef = useRef<PlotHandover | null>(null);
  const widthRef = useRef(0);
  const drawingWidthRef = useRef(0);
  const reportWidth = useRef(onWidthChange);
  const limitLinesDrawn = useRef<DrawnLimitLine[] | null>(null);

  const fresh = useMemo(() => computeLayout(series, [[], ...points.map((p) => p.v)]), [series, points]);
  const layout = useSettledLayout(series, fresh, pointsComplete);
  const signature = plotSignature(series);
  const locale = i18n.language;

  const drawnLimitLines = useMemo((): DrawnLimitLine[] => {
    const defaultText: Record<LimitLine, string> = {
      Bottom: t('charts.plot.limit.Bottom'),
      BottomMiddle: t('charts.plot.limit.BottomMiddle'),
      TopMiddle: t('charts.plot.limit.TopMiddle'),
      Top: t('charts.plot.limit.Top'),
    };
    return limitLines.flatMap((line) => {
      const index = series.findIndex((s) => s.key === line.seriesKey);
      const owner = series[index];
      if (!owner?.visible || !Number.isFinite(line.value)) return [];
      return [
        {
          scaleKey: seriesScaleKey(index),
          value: line.value,
          color: owner.color,
          text: line.text.trim() || defaultText[line.kind],
        },
      ];
    });
  }, [limitLines, series, t]);

  // The newest props, for the plot's callbacks and for building it anew.
  const current = {
    series,
    layout,
    points,
    range,
    homeRange,
    height,
    drawnLimitLines,
    onRangeChange,
    onPlotClick,
  };
  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
  });

  useLayoutEffect(() => {
    const root = rootRef.current;
    const host = hostRef.current;
    const markers = markersRef.current;
    if (!root || !host || !markers || !canDrawCanvas()) return;
    const now = latest.current;
    const callbacks = (): PlotCallbacks => ({
      onRangeChange: (r, cause) => latest.current.onRangeChange?.(r, cause),
      onPlotClick: (time, index) => latest.current.onPlotClick?.(time, index),
      limitLines: () => latest.current.drawnLimitLines,
      onDrawingWidth: (drawing) => {
        if (drawing <= 0 || drawing === drawingWidthRef.current) return;
        drawingWidthRef.current = drawing;
        reportWidth.current?.(drawing);
      },
    });
    const width = Math.floor(root.clientWidth) || widthRef.current || FALLBACK_WIDTH;
    const controller = new PlotController({
      host,
      root,
      markers,
      series: now.series,
      layout: now.layout,
      points: now.points,
      width,
      height: now.height,
      locale,
      view: now.range,
      home: now.homeRange ?? now.range,
      handover: handoverRef.current,
      callbacks,
    });
    controllerRef.current = controller;
    limitLinesDrawn.current = now.drawnLimitLines;
    return () => {
      handoverRef.current = controller.destroy();
      controllerRef.current = null;
    };
  }, [signature, locale]);

  useLayoutEffect(() => {
    controllerRef.current?.setData(points, { start: range.start, end: range.end }, layout);
  }, [points, range.start, range.end, layout]);

  useLayoutEffect(() => {
    controllerRef.current?.setSeries(series);
  }, [series]);

  const homeStart = homeRange?.start;
  const homeEnd = homeRange?.end;
  useLayoutEffect(() => {
    const home =
      homeStart !== undefined && homeEnd !== undefined ? { start: homeStart, end: homeEnd } : undefined;
    controllerRef.current?.applyRange({ start: range.start, end: range.end }, home);
  }, [range.start, range.end, homeStart, homeEnd]);

  useLayoutEffect(() => {
    // A plot built in this commit drew them already.
    if (limitLinesDrawn.current === drawnLimitLines) return;
    limitLinesDrawn.current = drawnLimitLines;
    controllerRef.current?.redraw();
  }, [drawnLimitLines]);

  useLayoutEffect(() => {
    controllerRef.current?.positionMarkers();
  }, [annotations]);

  useLayoutEffect(() => {
    controllerRef.current?.setHeight(height);
  }, [height]);

  useLayoutEffect(() => {
    reportWidth.current = onWidthChange;
  });
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const observer = new ResizeObserver((entries) => {
      const width = Math.floor(entries[entries.length - 1]?.contentRect.width ?? 0);
      if (width <= 0 || width === widthRef.current) return;
      widthRef.current = width;
      const controller = controllerRef.current;
      controller?.setSize(width, latest.current.height);
      // With a plot, its setSize hook reports the drawing area; without one (no canvas) the frame's width is all there is.
      if (!controller) reportWidth.current?.(width);
    });
    observer.observe(root);
    return () => observer.disconnect();
  }, []);

  const colorOf = new Map(series.map((s) => [s.key, s.color]));

  return (
    <div
      ref={rootRef}
      className="time-series-plot"
      data-testid="chart-plot"
      data-draws="0"
      role="group"
      aria-label={t('charts.plot.label')}
      style={{ height }}
    >
      <div ref={hostRef} />
      <div ref={markersRef} className="plot-markers">
        {annotations.map((annotation) => (
          <div
            key={annotation.id}
            className="plot-annotation"
            data-t={annotation.t}
            style={
              { '--plot-marker-color': colorOf.get(annotation.seriesKey) ?? MARKER_COLOR } as CSSProperties
            }
          >
            <button
              type="button"
              className="plot-annotation-marker"
              data-testid="annotation-marker"
              data-annotation-id={annotation.id}
              title={annotation.text}
              aria-label={annotation.text}
              onClick={() => onAnnotationClick?.(annotation.id)}
            />
          </div>
        ))}
      </div>
      <Button
        className="plot-zoom-reset"
        data-testid="zoom-reset"
        size="compact-xs"
        variant="default"
        title={t('charts.plot.zoomHint')}
        onClick={() => controllerRef.current?.reset()}
      >
        {t('charts.plot.zoomReset')}
      </Button>
    </div>
  );
});
