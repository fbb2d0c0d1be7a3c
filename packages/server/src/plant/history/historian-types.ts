import type {
  ArchiveMaxima,
  ChartDataSource,
  DataSourcePreset,
  MeasurementType,
  Point,
  PvRef,
  ReportRange,
} from '@leitwarte/core';
import type { BackfillPlan, BackfillResult, RecentHistory } from './backfill.js';

/** One series of a chart query: a PV and the measurement type to read from rollups. */
export interface SeriesRequest {
  pv: PvRef;
  measurementType: MeasurementType;
}

export interface ChartQuery {
  series: readonly SeriesRequest[];
  start: number;
  end: number;
  source: DataSourcePreset;
  /** Point budget: pixel columns of the chart; M4 keeps at most 4 points per column. */
  width: number;
  /** For Auto; default 1 day, 1 month, 1 year. */
  maxima?: ArchiveMaxima;
  /** false: every value of the source in the range, ignoring the width. Default true. */
  reduce?: boolean;
  /** Unreduced reads only: a series with more points is refused with a RangeError. */
  maxPoints?: number;
}

export interface SeriesData extends SeriesRequest {
  points: Point[];
  /**
   * The points as the chart data reply writes them (`[{"timestamp":…,"value":…},…]`), when a
   * read thread wrote them already; the same text as JSON.stringify of them in that form.
   */
  pointsJson?: string;
}

export interface ChartResult {
  /** The archive read (Auto resolved). */
  source: ChartDataSource;
  series: SeriesData[];
}

/** Values of one PV in one report row, from the rollups; null when the row has no data. */
export interface ReportCell {
  from: number;
  /** First sample of the row (Differenz of values that are no meters: last − first). */
  first: number | null;
  last: number | null;
  mean: number | null;
  min: number | null;
  max: number | null;
  /** Sum of increases of the last values (counters: the consumption of the row; a reset counts from 0). */
  difference: number | null;
}

/** Retention per archive in days; null keeps forever. */
export interface Retention {
  MeasurementArchive: number | null;
  QuarterHourValues: number | null;
  DayValues: number | null;
  MonthValues: number | null;
}

/** The historian: archives the plant's values and answers chart, export and report queries. */
export interface Historian {
  /** Subscribes to the plant's values (before the plant starts: its first image is archived too); starts flushing, retention and packing. */
  start(): Promise<void>;
  /** Writes what is buffered, stops timers and the backfill, closes its own database. */
  stop(): Promise<void>;
  /** Writes buffered samples now. */
  flush(): Promise<void>;
  chartData(query: ChartQuery): Promise<ChartResult>;
  /** Earliest or latest timestamp of any of the PVs in a source (Auto: any archive); 0 when none. */
  edgeDate(pvs: readonly PvRef[], source: DataSourcePreset, edge: 'first' | 'last'): Promise<number>;
  /** CSV of the query's data (not reduced): `;`-separated, ISO local times with offset, decimal point. */
  exportCsv(query: Omit<ChartQuery, 'width'>, names?: (pv: PvRef) => string): Promise<string>;
  /** Report cells per PV key and row of a report range. */
  reportData(pvs: readonly PvRef[], range: ReportRange): Promise<Map<string, ReportCell[]>>;
  /** Recomputes the rollups of PVs (all when omitted) in [from, to) from the raw samples. */
  rebuildRollups(from: number, to: number, pvs?: readonly PvRef[]): Promise<void>;
  /** Deletes what is older than the retention, in small chunks; returns the rows deleted. */
  applyRetention(): Promise<number>;
  /**
   * Writes a generated history before `input.end` in a thread of its own, the data source's
   * recent days as they are and the generator's before them (backfill.ts); resolves when done
   * (null when it failed or was stopped).
   */
  backfill(input: {
    end: number;
    recent: RecentHistory | null;
    anchors: ReadonlyMap<string, number>;
    plan?: BackfillPlan;
  }): Promise<BackfillResult | null>;
  /** Resolves when a backfill under way has finished (at once when there was none). */
  backfillDone(): Promise<BackfillResult | null>;
  /** Records that nothing was archived in [from, to) (the server was not running): charts draw a gap. */
  recordGap(from: number, to: number): Promise<void>;
  /** Whether the archive holds history (or a backfill wrote it once). */
  hasHistory(): Promise<boolean>;
  /** Each PV's last raw sample, by key: where the data source resumes after a restart. */
  lastSamples(): Promise<Map<string, { t: number; v: number }>>;
  /**
   * SQLite: packs the closed days not packed yet (charts read them in one pass); on PostgreSQL
   * nothing. Runs by itself at start and every 10 minutes.
   */
  packSampleDays(): Promise<{ days: number; samples: number; ms: number }>;
  /** Resolves once the chart read threads started by start() are ready: how many (0: none). */
  readThreadsReady(): Promise<number>;
  /** Samples waiting for the next flush. */
  readonly buffered: number;
}
