import { Type, type Static } from 'typebox';
import { DataSourcePresetSchema, MeasurementTypeSchema } from '../charts/chart-schemas.js';
import { PvRefSchema } from './common.js';

/** A time in the chart-data queries: milliseconds since the epoch or an ISO 8601 string. */
const TimeParam = Type.Union([Type.Integer({ minimum: 0 }), Type.String({ minLength: 1, maxLength: 40 })]);

/** Most points per series the data calls return unreduced (reduce=false); more is refused. */
export const CHART_RAW_POINTS_MAX = 100_000;

/** Query of GET /api/charts/data/{id} and POST /api/charts/data/auto (calls §7 Charts). */
export const ChartDataQuerySchema = Type.Object({
  startDate: TimeParam,
  endDate: TimeParam,
  source: Type.Optional(DataSourcePresetSchema),
  /** Point budget: the chart's width in pixels; at most 4 points per pixel come back. */
  width: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  /**
   * false: every value of the chosen source in the range, not reduced to the width (the
   * measurement value archive's table); at most CHART_RAW_POINTS_MAX per series. Default true.
   */
  reduce: Type.Optional(Type.Boolean()),
});
export type ChartDataQuery = Static<typeof ChartDataQuerySchema>;

/** Query of the first/last date calls: the data source. */
export const ChartSourceQuerySchema = Type.Object({ source: Type.Optional(DataSourcePresetSchema) });

/** Body of POST /api/charts/data/auto and the export: PVs with their measurement types. */
export const ChartAutoSeriesSchema = Type.Array(
  Type.Object({ pv: PvRefSchema, measurementType: Type.Optional(MeasurementTypeSchema) }),
  { minItems: 1, maxItems: 32 },
);
export type ChartAutoSeries = Static<typeof ChartAutoSeriesSchema>;

/** Body of POST /api/charts/data/export: a chart id or a PV list, the range and the source. */
export const ChartExportRequestSchema = Type.Object({
  chartId: Type.Optional(Type.Integer({ minimum: 0 })),
  series: Type.Optional(ChartAutoSeriesSchema),
  startDate: TimeParam,
  endDate: TimeParam,
  source: Type.Optional(DataSourcePresetSchema),
});
export type ChartExportRequest = Static<typeof ChartExportRequestSchema>;

/**
 * Chart data of screens §3: per series its id, dimension and points (timestamp, value). A value
 * null marks a gap: from there on nothing was recorded (the server was not running, or the reading
 * was Bad) until the next point; a chart breaks its line there. (As columns: NaN.)
 */
export const ChartSeriesDataSchema = Type.Object({
  seriesId: Type.Integer(),
  pv: PvRefSchema,
  measurementType: MeasurementTypeSchema,
  dimension: Type.String(),
  dataPoints: Type.Array(
    Type.Object({ timestamp: Type.Number(), value: Type.Union([Type.Number(), Type.Null()]) }),
  ),
  annotations: Type.Array(Type.Unknown()),
});
export type ChartSeriesData = Static<typeof ChartSeriesDataSchema>;

/** Reply of the chart-data calls: the archive read (Auto resolved) and the series the user may read. */
export const ChartDataReplySchema = Type.Object({
  source: Type.String(),
  series: Type.Array(ChartSeriesDataSchema),
  unauthorizedPvs: Type.Array(PvRefSchema),
});
export type ChartDataReply = Static<typeof ChartDataReplySchema>;

/** Chart first/last date reply (calls §3): timestamp, 0 means none. */
export const ChartDateReplySchema = Type.Object({ timestamp: Type.Number() });
export type ChartDateReply = Static<typeof ChartDateReplySchema>;
