import {
  DATA_SOURCES,
  m4,
  measurementOf,
  mergeRollups,
  pvKey,
  rollupMean,
  selectDataSource,
  csvLine,
  csvNumber,
  type ChartDataSource,
  type LocalPeriods,
  type Point,
  type PvRef,
  type ReportRange,
  type Rollup,
  type RollupArchive,
  zoneOffsetMs,
} from '@leitwarte/core';
import { ALL_SERIES, type HistoryRepository, type SeriesRepository } from '../../store/historian/index.js';
import type { ChartQuery, ChartResult, ReportCell } from './historian-types.js';
import type { ChartReadPool, ReducedPoints } from './chart-read-pool.js';
import { rawM4 } from './raw-m4.js';

/** Most rows one CSV export may hold (about 40 MB); longer ranges should use a rollup source. */
export const EXPORT_MAX_ROWS = 1_000_000;

export interface QueryContext {
  repo: HistoryRepository;
  series: SeriesRepository;
  periods: LocalPeriods;
  /**
   * Reads run on this thread (SQLite): the series of a chart are read one after the other, and
   * other requests are served between them. Otherwise (PostgreSQL) they are read concurrently.
   */
  readsBlock?: boolean;
  /** Threads that reduce raw samples with connections of their own (SQLite); none: read here. */
  readPool?: ChartReadPool | null;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** An unreduced read of more points than allowed: the message says what to choose instead. */
function tooManyPoints(limit: number): RangeError {
  return new RangeError(
    `more than ${limit} values in a series; choose a shorter range or a rollup data source (quarter-hour, day or month values)`,
  );
}

async function seriesPoints(
  ctx: QueryContext,
  source: ChartDataSource,
  seriesId: number,
  query: Pick<ChartQuery, 'start' | 'end' | 'width' | 'maxPoints'> & {
    measurementType: ChartQuery['series'][number]['measurementType'];
  },
  reduce: boolean,
): Promise<Point[] | ReducedPoints> {
  const { start, end, width } = query;
  const limit = reduce ? Infinity : (query.maxPoints ?? Infinity);
  if (source === 'MeasurementArchive') {
    if (reduce) {
      return ctx.readPool
        ? ctx.readPool.rawM4(seriesId, start, end, width)
        : rawM4(ctx.repo, seriesId, start, end, width);
    }
    const points: Point[] = [];
    await ctx.repo.scanSamples(seriesId, start, end, (t, v) => {
      // Stops the scan at the first point too many instead of reading a year of samples.
      if (points.length >= limit) throw tooManyPoints(limit);
      points.push({ t, v });
    });
    return points;
  }
  // A period's value is drawn at its start; the period holding `start` belongs to the chart.
  const from = ctx.periods.periodStart(source, start);
  const rows = await ctx.repo.rollups(source, seriesId, from, end);
  if (rows.length > limit) throw tooManyPoints(limit);
  const points = rows.map((r) => ({ t: r.t, v: measurementOf(r, query.measurementType) }));
  return reduce && points.length > 4 * width ? m4(points, from, end, width) : points;
}

/** Nominal length of a rollup period: a gap shorter than two of them leaves no period empty. */
const PERIOD_MS: Record<ChartDataSource, number> = {
  MeasurementArchive: 0,
  QuarterHourValues: 15 * 60_000,
  DayValues: 86_400_000,
  MonthValues: 31 * 86_400_000,
};

/**
 * The points with a gap marker (value NaN; null in JSON) where the archive recorded nothing: the
 * line is broken there instead of running straight across. Only gaps a drawing can show get one:
 * at least two pixel columns wide, and for rollups at least two periods long.
 */
export function withGapMarkers(
  points: Point[],
  gaps: readonly { from: number; to: number }[],
  range: { start: number; end: number; width: number },
  source: ChartDataSource,
): Point[] {
  const shortest = Math.max((2 * (range.end - range.start)) / range.width, 2 * PERIOD_MS[source]);
  const markers = gaps
    .filter((g) => g.to - g.from >= shortest && g.to > range.start && g.from < range.end)
    .map((g) => Math.max(g.from, range.start));
  if (markers.length === 0) return points;
  const out: Point[] = [];
  let m = 0;
  for (const p of points) {
    while (m < markers.length && (markers[m] as number) < p.t)
      out.push({ t: markers[m++] as number, v: Number.NaN });
    out.push(p);
  }
  while (m < markers.length) out.push({ t: markers[m++] as number, v: Number.NaN });
  return out;
}

/** Chart data of calls §7: each series in the chosen archive, reduced to the point budget. */
export async function chartData(ctx: QueryContext, query: ChartQuery, reduce = true): Promise<ChartResult> {
  if (!(query.end > query.start)) throw new RangeError('endDate must be after startDate');
  const source = selectDataSource(query.source, query.start, query.end, query.maxima);
  const ids = await ctx.series.find(query.series.map((s) => pvKey(s.pv)));
  // The gaps of a chart's series are few: one read for all of them (only drawn data gets markers).
  const gaps = reduce ? await ctx.repo.gaps([...ids.values()], query.start, query.end) : [];
  const read = async (s: ChartQuery['series'][number]) => {
    const id = ids.get(pvKey(s.pv));
    const found =
      id === undefined
        ? []
        : await seriesPoints(ctx, source, id, { ...query, measurementType: s.measurementType }, reduce);
    const own = gaps.filter((g) => g.seriesId === ALL_SERIES || g.seriesId === id);
    const points = Array.isArray(found) ? found : found.points;
    const marked = own.length === 0 ? points : withGapMarkers(points, own, query, source);
    // A read thread's JSON of the points holds no markers: written afresh when there are any.
    if (marked === points && !Array.isArray(found)) return { ...s, ...found };
    return { ...s, points: marked };
  };
  // On read threads the series are spread over them; this thread only waits.
  const offThread = source === 'MeasurementArchive' && reduce && (ctx.readPool?.threads ?? 0) > 0;
  if (!ctx.readsBlock || offThread) return { source, series: await Promise.all(query.series.map(read)) };
  // A year of a series is some 25 ms of reads on this thread: the calls a chart makes while its
  // data loads (its config, its PVs' configs) and live updates are not held up for all series.
  const series = [];
  for (const s of query.series) {
    await yieldToEventLoop();
    series.push(await read(s));
  }
  return { source, series };
}

/** First or last date of PVs in a source; Auto looks at every archive. 0 when there is none (calls §3). */
export async function edgeDate(
  ctx: QueryContext,
  pvs: readonly PvRef[],
  source: ChartDataSource | 'Auto',
  edge: 'first' | 'last',
): Promise<number> {
  const ids = [...(await ctx.series.find(pvs.map(pvKey))).values()];
  const sources = source === 'Auto' ? DATA_SOURCES : [source];
  let best: number | null = null;
  for (const s of sources) {
    const t = await ctx.repo.edgeTime(s, ids, edge);
    if (t !== null && (best === null || (edge === 'first' ? t < best : t > best))) best = t;
  }
  return best ?? 0;
}

/** ISO 8601 local time with the zone's offset, e.g. 2025-03-01T10:15:00+01:00. */
export function isoLocal(t: number, periods: LocalPeriods): string {
  const offsetMin = zoneOffsetMinutes(t, periods.timeZone);
  const local = new Date(t + offsetMin * 60000).toISOString().slice(0, 19);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function zoneOffsetMinutes(t: number, timeZone: string): number {
  return Math.round(zoneOffsetMs(t, timeZone) / 60_000);
}

/**
 * CSV export: one line per point, columns Zeitstempel;PV;Name;Messart;Wert. Times are ISO 8601
 * in the plant's zone with offset, numbers use a decimal point (what programs read without a
 * locale), the separator is `;` (what German spreadsheets split on).
 */
export async function exportCsv(
  ctx: QueryContext,
  query: Omit<ChartQuery, 'width'>,
  names: (pv: PvRef) => string,
): Promise<string> {
  const result = await chartData(ctx, { ...query, width: 1 }, false);
  const rows = result.series.reduce((n, s) => n + s.points.length, 0);
  if (rows > EXPORT_MAX_ROWS) {
    throw new RangeError(
      `export of ${rows} rows refused (at most ${EXPORT_MAX_ROWS}); choose a shorter range or a rollup source`,
    );
  }
  const lines = [csvLine(['Zeitstempel', 'PV', 'Name', 'Messart', 'Wert', 'Quelle'])];
  for (const s of result.series) {
    const key = pvKey(s.pv);
    const name = names(s.pv);
    for (const p of s.points) {
      lines.push(
        csvLine([isoLocal(p.t, ctx.periods), key, name, s.measurementType, csvNumber(p.v), result.source]),
      );
    }
  }
  return lines.join('');
}

/** The archive a report row is built from: the coarsest whose periods fit the rows. */
export function reportArchive(range: ReportRange): RollupArchive {
  const first = range.intervals[0];
  const length = first ? first.to - first.from : 0;
  if (length < 23 * 3600_000) return 'QuarterHourValues';
  return length < 28 * 24 * 3600_000 ? 'DayValues' : 'MonthValues';
}

/** Report cells per PV and row of a report range, merged from rollups. */
export async function reportData(
  ctx: QueryContext,
  pvs: readonly PvRef[],
  range: ReportRange,
): Promise<Map<string, ReportCell[]>> {
  const archive = reportArchive(range);
  const ids = await ctx.series.find(pvs.map(pvKey));
  const out = new Map<string, ReportCell[]>();
  for (const pv of pvs) {
    const id = ids.get(pvKey(pv));
    // One period before the range: the reading the first row's difference starts from.
    const before = ctx.periods.periodStart(archive, range.from - 1);
    const rows = id === undefined ? [] : await ctx.repo.rollups(archive, id, before, range.to);
    let previous: number | null = rows[0] && rows[0].t < range.from ? rows[0].lastV : null;
    const cells: ReportCell[] = [];
    for (const interval of range.intervals) {
      const inside = rows.filter((r) => r.t >= interval.from && r.t < interval.to);
      if (inside.length === 0) {
        cells.push({
          from: interval.from,
          first: null,
          last: null,
          mean: null,
          min: null,
          max: null,
          difference: null,
        });
        continue;
      }
      let difference = 0;
      let reading = previous ?? (inside[0] as Rollup).firstV;
      for (const r of inside) {
        const step = r.lastV - reading;
        difference += step >= 0 ? step : r.lastV;
        reading = r.lastV;
      }
      previous = reading;
      const all = inside.reduce(mergeRollups);
      cells.push({
        from: interval.from,
        first: all.firstV,
        last: all.lastV,
        mean: rollupMean(all),
        min: all.minV,
        max: all.maxV,
        difference,
      });
    }
    out.set(pvKey(pv), cells);
  }
  return out;
}
