import {
  ChartBatchCache,
  resolutionLevel,
  selectDataSource,
  type ArchiveMaxima,
  type BatchState,
  type ChartColumnsReply,
  type ChartDataSource,
  type DataSourcePreset,
  type MeasurementType,
  type PvRef,
  type TimeWindow,
  pvKey,
} from '@leitwarte/core';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { frameBatch } from '../../live/frame-batch';

/** A series as the data layer sees it: its plot key and what its values are. */
export interface DataSeries {
  key: string;
  pv: PvRef;
  measurementType: MeasurementType;
}

/** Asks the server for the data of every series in a range, reduced to `width` pixels. */
export type ChartDataFetcher = (
  range: TimeWindow,
  source: ChartDataSource,
  width: number,
  signal: AbortSignal,
) => Promise<ChartColumnsReply>;

/** Points the client adds itself between loads (live values), per series key. */
export type LiveTail = ReadonlyMap<string, { t: number[]; v: number[] }>;

export interface ChartDataView {
  /** Aggregate of the batches covering the view (screens §4): empty, loading, done or error. */
  state: BatchState;
  /**
   * The points of the view per series, in series order, at their own times: the plot draws each
   * at the start of its pixel column, which only the plot knows the width of.
   */
  points: readonly { t: number[]; v: number[] }[];
  /** Points per series in the view, by key (for the nearest series of a click). */
  series: ReadonlyMap<string, { t: number[]; v: number[] }>;
  /** The archive read for the view (Auto resolved). */
  source: ChartDataSource;
  /** The last error message of a failed load, if any batch of the view failed. */
  error: string | null;
  /** PVs the user may not read; the server leaves them out. */
  unauthorized: PvRef[];
  /** The time of the newest point per series (cached or live). */
  lastPointAt: (key: string) => number | null;
  /** Loads the failed ranges again. */
  retry: () => void;
}

/** Longest point budget the server takes (ChartDataQuery.width). */
const WIDTH_MAX = 10_000;

/** Milliseconds per pixel of a view drawn `width` pixels wide (0 without a width). */
export function viewMsPerPixel(view: TimeWindow, width: number): number {
  return width > 0 ? Math.max(1, (view.end - view.start) / width) : 0;
}

/** The point budget of a range: its share of the pixel columns of the view. */
function pointBudget(range: TimeWindow, msPerPixel: number): number {
  return Math.min(WIDTH_MAX, Math.max(1, Math.ceil((range.end - range.start) / msPerPixel)));
}

/** The key of a series list as the data layer reads it (plot key, PV, measurement type). */
export function seriesSignatureOf(series: readonly DataSeries[]): string {
  return series.map((s) => `${s.key}=${pvKey(s.pv)}:${s.measurementType}`).join(',');
}

/**
 * The first request of a chart, started before the chart is on screen (as soon as its series
 * are known), so the data call runs alongside the rest of the opening. The chart takes it over
 * when its first view asks for the same range, source and resolution level of the same series;
 * otherwise it is aborted and the chart asks for itself.
 */
export interface OpeningRequest {
  range: TimeWindow;
  source: ChartDataSource;
  level: number;
  seriesSignature: string;
  reply: Promise<ChartColumnsReply>;
  controller: AbortController;
  /** Set once the chart took the reply over. */
  taken: boolean;
}

/** What the data of a chart view is asked for with: its series, range, width and source. */
export interface ChartDataRequest {
  series: readonly DataSeries[];
  view: TimeWindow;
  width: number;
  preset: DataSourcePreset;
  maxima: ArchiveMaxima;
  fetcher: ChartDataFetcher;
}

/** An opening request before its series are known (a saved chart's data is asked for by its id). */
export type OpeningFetch = Omit<OpeningRequest, 'seriesSignature'>;

/**
 * Starts the opening request of a view at a width: the range, source and budget the chart will
 * ask for with an empty cache.
 */
export function startOpeningFetch(options: Omit<ChartDataRequest, 'series'>): OpeningFetch | null {
  const { view, width, preset, maxima, fetcher } = options;
  if (width <= 0 || !(view.end > view.start)) return null;
  const msPerPixel = viewMsPerPixel(view, width);
  const source = selectDataSource(preset, view.start, view.end, maxima);
  // What an empty cache finds missing: the view in whole milliseconds.
  const range = { start: Math.floor(view.start), end: Math.ceil(view.end) };
  const controller = new AbortController();
  const reply = fetcher(range, source, pointBudget(range, msPerPixel), controller.signal);
  // Not taken over, it is aborted; that rejection is nobody's error.
  reply.catch(() => undefined);
  return { range, source, level: resolutionLevel(msPerPixel), reply, controller, taken: false };
}

/** Starts the opening request of a view of series at a width (see startOpeningFetch). */
export function startOpeningRequest(options: ChartDataRequest): OpeningRequest | null {
  if (options.series.length === 0) return null;
  const opening = startOpeningFetch(options);
  return opening && { ...opening, seriesSignature: seriesSignatureOf(options.series) };
}

/** The opening reply if it is the one asked for, taken over (an abort of `signal` aborts it). */
function takeOpening(
  opening: OpeningRequest | undefined,
  wanted: { range: TimeWindow; source: ChartDataSource; level: number; seriesSignature: string },
  signal: AbortSignal,
): Promise<ChartColumnsReply> | null {
  if (!opening || opening.taken || opening.controller.signal.aborted) return null;
  opening.taken = true;
  const same =
    opening.range.start === wanted.range.start &&
    opening.range.end === wanted.range.end &&
    opening.source === wanted.source &&
    opening.level === wanted.level &&
    opening.seriesSignature === wanted.seriesSignature;
  if (!same) {
    opening.controller.abort();
    return null;
  }
  signal.addEventListener('abort', () => opening.controller.abort(), { once: true });
  return opening.reply;
}

interface InFlight {
  controller: AbortController;
  range: TimeWindow;
  group: string;
}

/**
 * What one chart keeps between renders: a batch cache per series, source and level, the
 * requests under way, and the last complete drawing of each series.
 */
class ChartDataStore {
  private readonly caches = new Map<string, ChartBatchCache>();
  readonly inFlight = new Set<InFlight>();
  readonly lastShown = new Map<string, { t: number[]; v: number[] }>();

  cacheOf(s: DataSeries, group: string): ChartBatchCache {
    const key = `${pvKey(s.pv)}|${s.measurementType}|${group}`;
    let cache = this.caches.get(key);
    if (!cache) this.caches.set(key, (cache = new ChartBatchCache()));
    return cache;
  }

  abortAll(): void {
    for (const request of this.inFlight) request.controller.abort();
    this.inFlight.clear();
  }
}

const overlaps = (a: TimeWindow, b: TimeWindow) => a.start <= b.end && b.start <= a.end;

/** Sorted, merged union of ranges: the gaps several series share become one request. */
export function mergeRanges(ranges: readonly TimeWindow[]): TimeWindow[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const merged: TimeWindow[] = [];
  for (const r of sorted) {
    const last = merged.at(-1);
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ start: r.start, end: r.end });
  }
  return merged;
}

/**
 * The state of the view over all series. A gap not yet begun counts as loading: once the plot has
 * a width, the effect asks for every gap right after this render.
 */
function aggregate(states: readonly BatchState[]): BatchState {
  if (states.length === 0) return 'empty';
  if (states.includes('error')) return 'error';
  return states.every((s) => s === 'done') ? 'done' : 'loading';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The chart's data for a view at a pixel width (screens §4 "Chart data"): one batch cache per
 * series, data source and resolution level; only the gaps of the view are fetched, each with a
 * point budget of its share of the width; loaded neighbours merge. A request whose range left
 * the view, or whose source or level is no longer shown, is aborted.
 */
export function useChartData(
  options: ChartDataRequest & {
    liveTail?: LiveTail;
    /** A request started before the chart was shown, taken over by the first load if it fits. */
    opening?: OpeningRequest;
    /**
     * The chart follows now (its view moved by the live clock, not by a gesture): data arriving is
     * published in the page's frame batch, committed together with the live values of that frame.
     */
    inFrame?: boolean;
  },
): ChartDataView {
  const { series, view, width, preset, maxima, fetcher, liveTail, opening } = options;
  const inFrame = useRef(options.inFrame ?? false);
  useEffect(() => {
    inFrame.current = options.inFrame ?? false;
  });
  const [store] = useState(() => new ChartDataStore());
  const [version, setVersion] = useState(0);
  const [retries, setRetries] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [unauthorized, setUnauthorized] = useState<PvRef[]>([]);

  const source = selectDataSource(preset, view.start, view.end, maxima);
  const msPerPixel = viewMsPerPixel(view, width);
  const level = width > 0 ? resolutionLevel(msPerPixel) : 0;
  const group = `${source}|${level}`;
  const seriesSignature = seriesSignatureOf(series);

  useEffect(() => {
    if (width <= 0 || series.length === 0) return;
    // Requests for another source or level, or for ranges out of view, are no longer wanted.
    for (const request of [...store.inFlight]) {
      if (request.group !== group || !overlaps(request.range, view)) {
        request.controller.abort();
        store.inFlight.delete(request);
      }
    }
    const list = series.map((s) => store.cacheOf(s, group));
    const gaps = mergeRanges(list.flatMap((cache) => cache.missing(view)));
    if (gaps.length === 0) return;
    for (const gap of gaps) {
      const ids = list.map((cache) => cache.begin(gap));
      const controller = new AbortController();
      const request: InFlight = { controller, range: gap, group };
      store.inFlight.add(request);
      const reply =
        takeOpening(opening, { range: gap, source, level, seriesSignature }, controller.signal) ??
        fetcher(gap, source, pointBudget(gap, msPerPixel), controller.signal);
      reply
        .then((reply) => {
          const byPv = new Map(reply.series.map((d) => [`${pvKey(d.pv)}|${d.measurementType}`, d]));
          series.forEach((s, i) => {
            const data = byPv.get(`${pvKey(s.pv)}|${s.measurementType}`);
            list[i]?.completeColumns(ids[i] ?? -1, data ? { t: data.t, v: data.v } : { t: [], v: [] });
          });
          return () => {
            setUnauthorized(reply.unauthorizedPvs);
            setError(null);
          };
        })
        .catch((failure: unknown) => {
          const aborted = controller.signal.aborted;
          list.forEach((cache, i) => cache.fail(ids[i] ?? -1, aborted ? 'aborted' : errorMessage(failure)));
          return () => {
            if (!aborted) setError(errorMessage(failure));
          };
        })
        .then((update) => {
          store.inFlight.delete(request);
          const publish = () => {
            update();
            setVersion((v) => v + 1);
          };
          // The first data of a chart is what the user waits for: at once. A chart that follows
          // now publishes in the frame batch: one commit with the frame's live values, never a
          // second one in that frame. Data arriving while something is drawn after a zoom or pan
          // renders in a transition, which React splits into short slices, so the frames of a
          // gesture that goes on keep coming.
          if (store.lastShown.size === 0) publish();
          else if (inFrame.current) frameBatch.request(publish);
          else startTransition(publish);
        });
    }
    // seriesSignature stands for the series list; the fetcher changes with the series.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.start, view.end, width, group, seriesSignature, fetcher, retries, store]);

  useEffect(
    () => () => {
      store.abortAll();
      if (opening && !opening.taken) opening.controller.abort();
    },
    [store, opening],
  );

  const hasWidth = width > 0;
  const result = useMemo(() => {
    const states: BatchState[] = [];
    const bySeries = new Map<string, { t: number[]; v: number[] }>();
    for (const s of series) {
      if (!hasWidth) break;
      const cache = store.cacheOf(s, group);
      const state = cache.state(view);
      states.push(state);
      let points = cache.points(view);
      // While a new level loads, the previous drawing stays instead of a blank chart.
      if (points.t.length === 0 && state === 'loading') points = store.lastShown.get(s.key) ?? points;
      const tail = liveTail?.get(s.key);
      if (tail && tail.t.length > 0) {
        const last = points.t.at(-1) ?? -Infinity;
        const from = tail.t.findIndex((t) => t > last);
        if (from >= 0)
          points = { t: [...points.t, ...tail.t.slice(from)], v: [...points.v, ...tail.v.slice(from)] };
      }
      bySeries.set(s.key, points);
      if (state === 'done') store.lastShown.set(s.key, points);
    }
    const points = series.map((s) => bySeries.get(s.key) ?? { t: [], v: [] });
    return { state: hasWidth ? aggregate(states) : ('empty' as const), points, bySeries };
    // version: the caches changed. Only whether there is a width matters here, not which: a new
    // width on the same level reads the same points.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, view.start, view.end, hasWidth, group, seriesSignature, liveTail, store]);

  const lastPointAt = useCallback(
    (key: string) => result.bySeries.get(key)?.t.at(-1) ?? null,
    [result.bySeries],
  );

  return {
    state: result.state,
    points: result.points,
    series: result.bySeries,
    source,
    error: result.state === 'error' ? error : null,
    unauthorized,
    lastPointAt,
    retry: () => setRetries((r) => r + 1),
  };
}
