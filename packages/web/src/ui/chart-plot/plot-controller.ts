import { DEFAULT_AXIS_DOMAIN, type TimeWindow } from '@leitwarte/core';
import uPlot from 'uplot';
import { drawLimitLines, type DrawnLimitLine } from './limit-lines';
import { HIDDEN_AXIS, applyAxisLooks, axisLooks, buildPlotOptions, type AxisLook } from './plot-options';
import type { SeriesPoints } from './join-series';
import { drawnData } from './drawn-data';
import { countVisiblePoints, seriesScaleKey, type PlotLayout } from './plot-data';
import type { PlotSeries, RangeChangeCause } from './plot-types';
import {
  MIN_TIME_SPAN_S,
  isClick,
  panByPixels,
  wheelPixels,
  wheelZoomFactor,
  zoomAround,
  zoomAroundLog,
  type ScaleRange,
} from './zoom-math';

/** Quiet time after the last zoom or pan step before the new range is reported. */
export const RANGE_REPORT_DELAY_MS = 150;

/** What the plot tells its owner; read afresh on every use, so the owner may swap them freely. */
export interface PlotCallbacks {
  onRangeChange: (range: TimeWindow, cause: RangeChangeCause) => void;
  onPlotClick: (t: number, seriesIndex: number | null) => void;
  limitLines: () => readonly DrawnLimitLine[];
  /** The width of the drawing area (CSS pixels, without the axes) whenever it changes. */
  onDrawingWidth: (width: number) => void;
}

export interface PlotSetup {
  /** Element uPlot is placed into. */
  host: HTMLElement;
  /** Element carrying the data-* attributes of the DOM contract. */
  root: HTMLElement;
  /** Layer of the annotation markers; its children with data-t (ms) are placed on the time axis. */
  markers: HTMLElement;
  series: readonly PlotSeries[];
  layout: PlotLayout;
  /** The points of each series at their own times (ms); drawn at the starts of the view's pixel columns. */
  points: readonly SeriesPoints[];
  width: number;
  height: number;
  locale: string;
  /**
   * The view the points belong to (ms): its pixel columns at the drawing width place them. It is
   * also the time range shown first, unless a predecessor hands over its view.
   */
  view: TimeWindow;
  /** Where the reset leads (ms). */
  home: TimeWindow;
  /** The state of the plot this one replaces, if any: view, home, reported range, draws. */
  handover: PlotHandover | null;
  callbacks: () => PlotCallbacks;
}

/** What a rebuilt plot takes over from its predecessor. */
export interface PlotHandover {
  view: TimeWindow;
  home: TimeWindow;
  lastReported: TimeWindow | null;
  draws: number;
}

type AxisWithElement = uPlot.Axis & { _el?: HTMLElement };

/** Which series share an axis, as text: a change of it regroups the axes. */
const groupingOf = (layout: PlotLayout) => layout.scaleKeys.join(',');

/** The drawing area's width in CSS pixels (the plot without its axes). */
const drawingWidthOf = (u: uPlot) => Math.floor(u.bbox.width / (uPlot.pxRatio || 1));

const toSeconds = (w: TimeWindow): ScaleRange => ({ min: w.start / 1000, max: w.end / 1000 });
const toWindow = (r: ScaleRange): TimeWindow => ({
  start: Math.round(r.min * 1000),
  end: Math.round(r.max * 1000),
});
// Absolute, not relative: on epoch times a relative tolerance would swallow real moves of minutes.
// 1e-3 is a millisecond on the seconds of the x scale and less than one on millisecond windows.
const near = (a: number, b: number) => Math.abs(a - b) <= 1e-3;

/**
 * The uPlot instance of one time series plot and everything that happens between the user and
 * it: wheel and drag zoom, panning, value-axis zoom, clicks, markers, limit lines and the
 * data-* attributes. All of it runs outside React so gestures never cause a re-render; scale
 * changes are applied at most once per animation frame and the range is reported once the
 * gesture settles.
 */
export class PlotController {
  private u: uPlot;
  private readonly setup: PlotSetup;
  private series: readonly PlotSeries[];
  private layout: PlotLayout;
  private points: readonly SeriesPoints[];
  private dataView: TimeWindow;
  /** The drawing width the drawn data was placed at. */
  private placedWidth = 0;
  private destroyed = false;
  // Value ranges and zooms by axis group (the layout's scale keys), applied to its series' scales.
  private yRanges = new Map<string, ScaleRange>();
  private readonly yZoomed = new Map<string, ScaleRange>();
  private looks: AxisLook[];
  private home: TimeWindow;
  private lastReported: TimeWindow | null = null;
  private lastRequest: { range: ScaleRange; cause: RangeChangeCause | 'external' } | null = null;
  private reportCause: RangeChangeCause | null = null;
  private reportTimer: ReturnType<typeof setTimeout> | null = null;
  private pendingX: { range: ScaleRange; cause: RangeChangeCause } | null = null;
  private readonly pendingY = new Map<string, ScaleRange>();
  private frame: number | null = null;
  private draws = 0;
  private down: { x: number; y: number } | null = null;
  private gestureRect: { rect: DOMRect; at: number } | null = null;
  private readonly cleanups: (() => void)[] = [];

  constructor(setup: PlotSetup) {
    this.setup = setup;
    this.series = setup.series;
    this.layout = setup.layout;
    this.points = setup.points;
    this.dataView = setup.view;
    this.home = setup.handover?.home ?? setup.home;
    this.lastReported = setup.handover?.lastReported ?? null;
    this.draws = setup.handover?.draws ?? 0;
    this.takeLayoutRanges(setup.layout);
    this.looks = axisLooks(setup.series, setup.layout);
    const view = toSeconds(setup.handover?.view ?? setup.view);
    const options = buildPlotOptions(setup.series, this.looks, {
      width: setup.width,
      height: setup.height,
      locale: setup.locale,
      xRange: () => view,
      yRange: (i) => this.groupRange(this.groupKeyOf(i)),
      axisLook: (i) => this.looks[i] ?? HIDDEN_AXIS,
      hooks: {
        // Before uPlot ranges time on its data: start at the requested view instead.
        init: [
          (u) => {
            this.lastRequest = { range: view, cause: 'external' };
            u.setScale('x', { ...view });
          },
        ],
        setScale: [(_u, key) => this.scaleChanged(key)],
        // Also fires when the value axes grow or shrink with their labels.
        setSize: [
          (u) => {
            const width = drawingWidthOf(u);
            setup.callbacks().onDrawingWidth(width);
            // Placed for another width, the points are placed again once this drawing is done.
            if (this.placedWidth > 0 && width !== this.placedWidth) queueMicrotask(() => this.placeAgain());
          },
        ],
        draw: [(u) => this.drawn(u)],
      },
    });
    const empty: uPlot.AlignedData = [[], ...setup.series.map(() => [])];
    // Laid out at once without points: the value axes take their width from their labels, so
    // only then is the drawing width known that the points are placed at; drawn once with them.
    this.u = new uPlot(options, empty, (u, init) => {
      this.u = u;
      setup.host.append(u.root);
      // Every axis is built shown (so uPlot prepares it); the followers of a group hide before
      // the first layout.
      applyAxisLooks(u, this.looks);
      u.batch(() => init());
    });
    this.place();
    this.listen();
  }

  /** Draws the points at the current drawing width (one commit, keeping the time range). */
  private place(): void {
    const width = drawingWidthOf(this.u);
    this.placedWidth = width;
    // Without points the plot as laid out is the drawing.
    if (this.u.data[0].length === 0 && this.points.every((p) => p.t.length === 0)) return;
    const data = drawnData(this.series, this.points, this.dataView, width);
    const x = this.currentX();
    this.u.batch(() => {
      this.u.setData(data, false);
      this.requestX(x, 'external');
    });
  }

  private placeAgain(): void {
    if (!this.destroyed && drawingWidthOf(this.u) !== this.placedWidth) this.place();
  }

  /**
   * New points or a new view for them, or new value ranges for the same points (changed fixed
   * bounds), with the same layout: keeps the user's time zoom and value zooms.
   */
  setData(points: readonly SeriesPoints[], view: TimeWindow, layout: PlotLayout): void {
    const regrouped = groupingOf(layout) !== groupingOf(this.layout);
    const sameRanges =
      !regrouped &&
      layout.groups.every((g) => {
        const current = this.yRanges.get(g.scaleKey);
        return current !== undefined && current.min === g.range.min && current.max === g.range.max;
      });
    const noPoints = (list: readonly SeriesPoints[]) => list.every((p) => p.t.length === 0);
    const samePoints =
      (this.points === points && this.dataView.start === view.start && this.dataView.end === view.end) ||
      (noPoints(points) && noPoints(this.points));
    if (samePoints && sameRanges) return;
    this.layout = layout;
    this.takeLayoutRanges(layout);
    // A value zoom belongs to the axis it was made on; regrouped, that axis is gone.
    if (regrouped) {
      this.yZoomed.clear();
      this.pendingY.clear();
      this.regroup(layout);
    }
    this.points = points;
    this.dataView = view;
    const width = drawingWidthOf(this.u);
    const data = samePoints ? null : drawnData(this.series, points, view, width);
    if (data) this.placedWidth = width;
    const x = this.currentX();
    this.u.batch(() => {
      if (data) this.u.setData(data, false);
      this.requestX(x, 'external');
      for (const group of layout.groups) {
        const range = this.yZoomed.get(group.scaleKey) ?? this.yRanges.get(group.scaleKey);
        if (range) this.setGroupScale(group.scaleKey, range);
      }
    });
  }

  /**
   * Gives the axes the looks of a new grouping. Where axes appear, vanish or change sides, the
   * plot is laid out anew: uPlot does so on a change of size, so the size is changed and set
   * back within one batch, which draws once.
   */
  private regroup(layout: PlotLayout): void {
    this.looks = axisLooks(this.series, layout);
    if (!applyAxisLooks(this.u, this.looks)) return;
    const { width, height } = this.u;
    this.u.batch(() => {
      this.u.setSize({ width: width + 1, height });
      this.u.setSize({ width, height });
    });
  }

  setSeries(series: readonly PlotSeries[]): void {
    const before = this.series;
    this.series = series;
    series.forEach((s, i) => {
      if (before[i]?.visible !== s.visible || this.u.series[i + 1]?.show !== s.visible)
        this.u.setSeries(i + 1, { show: s.visible });
    });
  }

  /**
   * A range set from outside (range picker, live chart moving on). A range equal to the one
   * just reported is the owner echoing the user's zoom back and changes nothing; any other
   * becomes the view and the place the reset leads back to.
   */
  applyRange(range: TimeWindow, home: TimeWindow | undefined): void {
    if (home) this.home = home;
    const echoed =
      this.lastReported !== null &&
      near(this.lastReported.start, range.start) &&
      near(this.lastReported.end, range.end);
    if (echoed) return;
    if (!home) this.home = range;
    const x = this.currentX();
    const next = toSeconds(range);
    if (near(x.min, next.min) && near(x.max, next.max)) return;
    this.cancelReport();
    this.requestX(next, 'external');
  }

  /** Back to the home range and the computed value ranges (double-click, reset button). */
  reset(): void {
    this.pendingX = null;
    this.pendingY.clear();
    this.yZoomed.clear();
    this.u.batch(() => {
      this.requestX(toSeconds(this.home), 'reset');
      for (const [key, range] of this.yRanges) this.setGroupScale(key, range);
    });
  }

  setHeight(height: number): void {
    this.setSize(this.u.width, height);
  }

  setSize(width: number, height: number): void {
    if (width <= 0 || height <= 0) return;
    if (this.u.width === width && this.u.height === height) return;
    this.u.setSize({ width, height });
  }

  redraw(): void {
    this.u.redraw(false, false);
  }

  /** Removes the plot; returns the time range it showed and its draws, for a successor to continue. */
  destroy(): PlotHandover {
    const view = toWindow(this.currentX());
    this.destroyed = true;
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.cancelReport();
    for (const cleanup of this.cleanups) cleanup();
    this.u.destroy();
    return { view, home: this.home, lastReported: this.lastReported, draws: this.draws };
  }

  /** Places the annotation markers on the time axis; hidden when outside the view. */
  positionMarkers(): void {
    const { markers } = this.setup;
    const over = this.u.over;
    markers.style.left = over.style.left;
    markers.style.top = over.style.top;
    markers.style.width = over.style.width;
    markers.style.height = over.style.height;
    const width = this.u.bbox.width / (uPlot.pxRatio || 1);
    for (const child of Array.from(markers.children)) {
      if (!(child instanceof HTMLElement)) continue;
      const t = Number(child.dataset.t);
      const left = this.u.valToPos(t / 1000, 'x');
      const inside = Number.isFinite(left) && left >= 0 && left <= width;
      child.style.display = inside ? '' : 'none';
      if (inside) child.style.transform = `translateX(${left}px)`;
    }
  }

  private takeLayoutRanges(layout: PlotLayout): void {
    this.yRanges = new Map(layout.groups.map((g) => [g.scaleKey, g.range]));
  }

  /** The axis group of a series (its scale key in the layout). */
  private groupKeyOf(seriesIndex: number): string {
    return this.layout.scaleKeys[seriesIndex] ?? 'y0';
  }

  private groupRange(groupKey: string): ScaleRange {
    return this.yZoomed.get(groupKey) ?? this.yRanges.get(groupKey) ?? DEFAULT_AXIS_DOMAIN;
  }

  /** Sets the range of an axis group on the scale of each of its series. */
  private setGroupScale(groupKey: string, range: ScaleRange): void {
    const group = this.layout.groups.find((g) => g.scaleKey === groupKey);
    for (const i of group?.seriesIndexes ?? []) this.u.setScale(seriesScaleKey(i), range);
  }

  private currentX(): ScaleRange {
    const x = this.u.scales.x;
    const fallback = toSeconds(this.home);
    return { min: x?.min ?? fallback.min, max: x?.max ?? fallback.max };
  }

  private requestX(range: ScaleRange, cause: RangeChangeCause | 'external'): void {
    this.lastRequest = { range, cause };
    this.u.setScale('x', { min: range.min, max: range.max });
  }

  private scaleChanged(key: string): void {
    if (key !== 'x') return;
    const x = this.currentX();
    const request = this.lastRequest;
    this.lastRequest = null;
    // A change we did not ask for is uPlot's drag selection: a zoom.
    const cause =
      request && near(request.range.min, x.min) && near(request.range.max, x.max) ? request.cause : 'zoom';
    if (cause === 'external') return;
    this.scheduleReport(cause);
  }

  private scheduleReport(cause: RangeChangeCause): void {
    this.reportCause = cause;
    if (this.reportTimer !== null) clearTimeout(this.reportTimer);
    this.reportTimer = setTimeout(() => {
      this.reportTimer = null;
      const range = toWindow(this.currentX());
      const reportedCause = this.reportCause ?? 'zoom';
      this.reportCause = null;
      this.lastReported = range;
      this.setup.callbacks().onRangeChange(range, reportedCause);
    }, RANGE_REPORT_DELAY_MS);
  }

  private cancelReport(): void {
    if (this.reportTimer !== null) clearTimeout(this.reportTimer);
    this.reportTimer = null;
    this.reportCause = null;
  }

  private drawn(u: uPlot): void {
    const { root } = this.setup;
    this.draws++;
    const x = this.currentX();
    root.dataset.draws = String(this.draws);
    root.dataset.rangeStart = String(Math.round(x.min * 1000));
    root.dataset.rangeEnd = String(Math.round(x.max * 1000));
    root.dataset.scales = JSON.stringify(
      this.layout.groups.map((g) => {
        const scale = u.scales[seriesScaleKey(g.seriesIndexes[0] ?? 0)];
        return {
          key: g.scaleKey,
          distr: scale?.distr === 3 ? 'log' : 'linear',
          dir: scale?.dir === -1 ? -1 : 1,
          min: scale?.min ?? null,
          max: scale?.max ?? null,
        };
      }),
    );
    const shown = this.series.map((_s, i) => u.series[i + 1]?.show !== false);
    root.dataset.points = String(countVisiblePoints(u.data, shown, x.min, x.max));
    drawLimitLines(u, this.setup.callbacks().limitLines());
    this.positionMarkers();
  }

  private schedule(): void {
    if (this.frame !== null) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      const pendingX = this.pendingX;
      this.pendingX = null;
      const pendingY = [...this.pendingY];
      this.pendingY.clear();
      this.u.batch(() => {
        if (pendingX) this.requestX(pendingX.range, pendingX.cause);
        for (const [key, range] of pendingY) {
          this.yZoomed.set(key, range);
          this.setGroupScale(key, range);
        }
      });
    });
  }

  private on<K extends keyof HTMLElementEventMap>(
    target: HTMLElement,
    type: K,
    listener: (event: HTMLElementEventMap[K]) => void,
    options?: AddEventListenerOptions,
  ): void {
    target.addEventListener(type, listener, options);
    this.cleanups.push(() => target.removeEventListener(type, listener, options));
  }

  private listen(): void {
    const over = this.u.over;
    this.on(over, 'wheel', (e) => this.timeWheel(e), { passive: false });
    this.u.axes.forEach((axis: AxisWithElement, i) => {
      if (i === 0 || !axis._el) return;
      this.on(axis._el, 'wheel', (e) => this.valueWheel(e, i - 1), { passive: false });
    });
    this.on(over, 'mousedown', (e) => {
      this.down = { x: e.clientX, y: e.clientY };
    });
    this.on(over, 'click', (e) => {
      const down = this.down;
      this.down = null;
      if (!down || !isClick(down.x, down.y, e.clientX, e.clientY)) return;
      this.clicked(e);
    });
    this.on(over, 'dblclick', () => this.reset());
  }

  /**
   * Where the plot area is on the page, measured at the first wheel step of a gesture and kept
   * while the steps follow each other closely: measuring on every step would make the browser
   * lay out the page again each time, right after the last draw changed the DOM.
   */
  private wheelRect(e: WheelEvent): DOMRect {
    const cached = this.gestureRect;
    const kept = cached && e.timeStamp - cached.at <= RANGE_REPORT_DELAY_MS ? cached.rect : null;
    const rect = kept ?? this.u.over.getBoundingClientRect();
    this.gestureRect = { rect, at: e.timeStamp };
    return rect;
  }

  private timeWheel(e: WheelEvent): void {
    e.preventDefault();
    const rect = this.wheelRect(e);
    if (rect.width <= 0) return;
    const base = this.pendingX?.range ?? this.currentX();
    const horizontal = e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY);
    if (horizontal) {
      // Shift turns a vertical wheel into a horizontal one on some systems but not all.
      const delta = Math.abs(e.deltaX) > Math.abs(e.deltaY) ? e.deltaX : e.deltaY;
      const pixels = wheelPixels(delta, e.deltaMode, rect.width);
      this.pendingX = { range: panByPixels(base, pixels, rect.width), cause: 'pan' };
    } else {
      const share = Math.min(1, Math.max(0, (e.clientX - rect.left) / rect.width));
      const anchor = base.min + share * (base.max - base.min);
      const factor = wheelZoomFactor(wheelPixels(e.deltaY, e.deltaMode, rect.height));
      this.pendingX = { range: zoomAround(base, anchor, factor, MIN_TIME_SPAN_S), cause: 'zoom' };
    }
    this.schedule();
  }

  /** The wheel over the value axis of a series (by index): zooms the axis of its group. */
  private valueWheel(e: WheelEvent, seriesIndex: number): void {
    e.preventDefault();
    const groupKey = this.groupKeyOf(seriesIndex);
    const scale = this.u.scales[seriesScaleKey(seriesIndex)];
    const rect = this.wheelRect(e);
    if (!scale || scale.min == null || scale.max == null || rect.height <= 0) return;
    const base = this.pendingY.get(groupKey) ?? { min: scale.min, max: scale.max };
    const fromTop = Math.min(1, Math.max(0, (e.clientY - rect.top) / rect.height));
    const share = scale.dir === -1 ? fromTop : 1 - fromTop;
    const factor = wheelZoomFactor(wheelPixels(e.deltaY, e.deltaMode, rect.height));
    const log = scale.distr === 3;
    const lower = log ? Math.log(base.min) : base.min;
    const upper = log ? Math.log(base.max) : base.max;
    const anchor = lower + share * (upper - lower);
    const next = log ? zoomAroundLog(base, Math.exp(anchor), factor) : zoomAround(base, anchor, factor);
    if (!(next.max > next.min)) return;
    this.pendingY.set(groupKey, next);
    this.schedule();
  }

  private clicked(e: MouseEvent): void {
    const rect = this.u.over.getBoundingClientRect();
    const left = e.clientX - rect.left;
    const top = e.clientY - rect.top;
    const t = this.u.posToVal(left, 'x') * 1000;
    this.setup.callbacks().onPlotClick(Math.round(t), this.nearestSeries(left, top));
  }

  /** Index of the shown series whose value at the clicked time lies nearest to the click. */
  private nearestSeries(left: number, top: number): number | null {
    const { u } = this;
    const idx = u.posToIdx(left);
    let best: number | null = null;
    let bestDistance = Infinity;
    this.series.forEach((_s, i) => {
      if (u.series[i + 1]?.show === false) return;
      const v = u.data[i + 1]?.[idx];
      if (v === null || v === undefined) return;
      const y = u.valToPos(v, seriesScaleKey(i));
      const distance = Math.abs(y - top);
      if (distance < bestDistance) {
        best = i;
        bestDistance = distance;
      }
    });
    return best;
  }
}
