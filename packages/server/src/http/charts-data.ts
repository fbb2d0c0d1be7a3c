import {
  CHART_COLUMNS_TYPE,
  CHART_RAW_POINTS_MAX,
  ChartAutoSeriesSchema,
  ChartDataQuerySchema,
  ChartDataReplySchema,
  ChartDateReplySchema,
  ChartExportRequestSchema,
  ChartSourceQuerySchema,
  ErrorReply,
  encodeChartColumns,
  PvRefSchema,
  pvKey,
  type Annotation,
  type DataSourcePreset,
  type MeasurementType,
  type PvRef,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Historian } from '../plant/history/index.js';
import type { Services } from '../services.js';
import { sessionOf } from './auth-guard.js';
import { chartReplyText } from './chart-reply-text.js';
import { sendForbidden } from './require-right.js';

/** A series of a chart config, as the chart configs provide it. */
export interface ChartSeriesRef {
  seriesId: number;
  pv: PvRef;
  measurementType: string;
  dimension: string;
}

export interface ChartsDataOptions {
  services: Services & { historian: Historian };
  /** The series of a chart config; null when there is no such chart. */
  chartSeries: (chartId: number) => Promise<ChartSeriesRef[] | null>;
}

/** Default point budget when the client sends no width: a full-HD chart. */
export const DEFAULT_CHART_WIDTH = 1920;

/** A time parameter: ms since the epoch or ISO 8601; null when neither. */
export function parseTime(value: number | string): number | null {
  if (typeof value === 'number') return value;
  const t = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  return Number.isFinite(t) ? t : null;
}

const MEASUREMENT_TYPES = new Set(['Aktuell', 'Mittelwert', 'Minwert', 'Maxwert']);
const measurement = (type: string | undefined): MeasurementType =>
  (type !== undefined && MEASUREMENT_TYPES.has(type) ? type : 'Aktuell') as MeasurementType;

function badRequest(reply: FastifyReply, message: string) {
  return reply.code(400).send({ statusCode: 400, error: 'Bad Request', code: 'invalidRange', message });
}

const pvRef = ({ type, nr }: PvRef): PvRef => ({ type, nr });

/**
 * Whether the caller takes the reply as columns (CHART_COLUMNS_TYPE, the web app's chart
 * screens) rather than the JSON of calls §7.
 */
const wantsColumns = (request: FastifyRequest) =>
  (request.headers.accept ?? '')
    .split(',')
    .some((type) => type.trim().split(';', 1)[0] === CHART_COLUMNS_TYPE);

const COLUMNS_NOTE = `With Accept: ${CHART_COLUMNS_TYPE} the same reply comes as columns: a 4-byte little-endian length, the reply as JSON with each series' points replaced by their number, padding to 8 bytes, then per series its times and its values as little-endian float64.`;

/** Server-Timing entries (ms) of a reply: what the browser's developer tools show of the server's part. */
const serverTiming = (entries: Record<string, number>) =>
  Object.entries(entries)
    .map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`)
    .join(', ');

/** Chart data calls of calls §7 Charts: data, first/last date, export. */
export const chartsDataRoutes: FastifyPluginAsyncTypebox<ChartsDataOptions> = async (
  app,
  { services, chartSeries },
) => {
  const { historian, rights, plant } = services;
  const readable = (request: FastifyRequest, pv: PvRef) => rights.canReadPv(sessionOf(request), pv);
  const range = (q: { startDate: number | string; endDate: number | string }) => {
    const start = parseTime(q.startDate);
    const end = parseTime(q.endDate);
    return start === null || end === null || !(end > start) ? null : { start, end };
  };

  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    series: ChartSeriesRef[],
    q: {
      startDate: number | string;
      endDate: number | string;
      source?: DataSourcePreset;
      width?: number;
      reduce?: boolean;
    },
  ) {
    const r = range(q);
    if (r === null)
      return badRequest(
        reply,
        'startDate and endDate must be times (ms or ISO 8601) with endDate after startDate',
      );
    const waited = reply.elapsedTime;
    const readStart = performance.now();
    const allowed = series.filter((s) => readable(request, s.pv));
    // Each series carries the annotations of its PV in the range (screens §3 "Chart data").
    const notes =
      allowed.length === 0
        ? new Map<string, Annotation[]>()
        : await services.domain.annotations.listByPv({
            start: r.start,
            end: r.end,
            pvs: allowed.map((s) => s.pv),
          });
    let result: Awaited<ReturnType<Historian['chartData']>>;
    try {
      result = await historian.chartData({
        series: allowed.map((s) => ({ pv: s.pv, measurementType: measurement(s.measurementType) })),
        ...r,
        source: q.source ?? 'Auto',
        width: q.width ?? DEFAULT_CHART_WIDTH,
        reduce: q.reduce ?? true,
        maxPoints: CHART_RAW_POINTS_MAX,
      });
    } catch (error) {
      // An unreduced read of too many values: the message names what to choose instead.
      if (error instanceof RangeError) return badRequest(reply, error.message);
      throw error;
    }
    const read = performance.now() - readStart;
    const writeStart = performance.now();
    const replySeries = result.series.map((s, i) => ({
      seriesId: allowed[i]?.seriesId ?? i,
      pv: pvRef(s.pv),
      measurementType: s.measurementType,
      dimension: allowed[i]?.dimension ?? '',
      points: s.points,
      pointsJson: s.pointsJson,
      annotations: notes.get(pvKey(s.pv)) ?? [],
    }));
    const unauthorized = series.filter((s) => !readable(request, s.pv)).map((s) => pvRef(s.pv));
    reply.header('vary', 'accept');
    if (wantsColumns(request)) {
      const bytes = encodeChartColumns(result.source, replySeries, unauthorized);
      return reply
        .type(CHART_COLUMNS_TYPE)
        .header(
          'server-timing',
          serverTiming({ wait: waited, read, columns: performance.now() - writeStart }),
        )
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    }
    // Only the fields of the reply schema, written without it (see chartReplyText).
    const text = chartReplyText(result.source, replySeries, unauthorized);
    return reply
      .type('application/json; charset=utf-8')
      .header('server-timing', serverTiming({ wait: waited, read, json: performance.now() - writeStart }))
      .send(text);
  }

  const pvSeries = (list: { pv: PvRef; measurementType?: string }[]): ChartSeriesRef[] =>
    list.map((s, i) => ({
      seriesId: i,
      pv: s.pv,
      measurementType: measurement(s.measurementType),
      dimension: plant.config(pvKey(s.pv))?.dimension ?? '',
    }));
  const notFound = (reply: FastifyReply) =>
    reply
      .code(404)
      .send({ statusCode: 404, error: 'Not Found', code: 'chartNotFound', message: 'Chart not found' });
  const tags = ['charts'];
  const Id = Type.Object({ id: Type.Integer({ minimum: 0 }) });

  app.get(
    '/api/charts/data/:id',
    {
      schema: {
        tags,
        summary: `Data of a chart for a range, reduced to the width (reduce=false: unreduced, at most ${CHART_RAW_POINTS_MAX} values per series)`,
        description: COLUMNS_NOTE,
        params: Id,
        querystring: ChartDataQuerySchema,
        response: { 200: ChartDataReplySchema, 400: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const series = await chartSeries(request.params.id);
      return series === null ? notFound(reply) : answer(request, reply, series, request.query);
    },
  );

  app.post(
    '/api/charts/data/auto',
    {
      schema: {
        tags,
        summary: `Data of an automatic trend line (PV list) for a range (reduce=false: unreduced, at most ${CHART_RAW_POINTS_MAX} values per series)`,
        description: COLUMNS_NOTE,
        body: ChartAutoSeriesSchema,
        querystring: ChartDataQuerySchema,
        response: { 200: ChartDataReplySchema, 400: ErrorReply },
      },
    },
    async (request, reply) => answer(request, reply, pvSeries(request.body), request.query),
  );

  for (const edge of ['first', 'last'] as const) {
    app.get(
      `/api/charts/data/:id/${edge}-date`,
      {
        schema: {
          tags,
          summary: `${edge === 'first' ? 'Earliest' : 'Latest'} data of a chart (0: none)`,
          params: Id,
          querystring: ChartSourceQuerySchema,
          response: { 200: ChartDateReplySchema, 404: ErrorReply },
        },
      },
      async (request, reply) => {
        const series = await chartSeries(request.params.id);
        if (series === null) return notFound(reply);
        const pvs = series.map((s) => s.pv).filter((pv) => readable(request, pv));
        return { timestamp: await historian.edgeDate(pvs, request.query.source ?? 'Auto', edge) };
      },
    );
    app.post(
      `/api/charts/data/${edge}-date-pvs`,
      {
        schema: {
          tags,
          summary: `${edge === 'first' ? 'Earliest' : 'Latest'} data of PVs (0: none)`,
          body: Type.Array(PvRefSchema, { maxItems: 1024 }),
          querystring: ChartSourceQuerySchema,
          response: { 200: ChartDateReplySchema },
        },
      },
      async (request) => {
        const pvs = request.body.filter((pv) => readable(request, pv));
        return { timestamp: await historian.edgeDate(pvs, request.query.source ?? 'Auto', edge) };
      },
    );
  }

  app.post(
    '/api/charts/data/export',
    {
      schema: {
        tags,
        summary: 'CSV of a chart’s or PV list’s data for a range',
        body: ChartExportRequestSchema,
        response: { 200: Type.String(), 400: ErrorReply, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const { chartId, startDate, endDate, source } = request.body;
      const series = chartId !== undefined ? await chartSeries(chartId) : pvSeries(request.body.series ?? []);
      if (series === null) return notFound(reply);
      if (series.length === 0) return badRequest(reply, 'chartId or series is required');
      const r = range({ startDate, endDate });
      if (r === null)
        return badRequest(
          reply,
          'startDate and endDate must be times (ms or ISO 8601) with endDate after startDate',
        );
      const allowed = series.filter((s) => readable(request, s.pv));
      // Series of PVs the user may not read are left out; an export of nothing readable is refused.
      if (allowed.length === 0) {
        const session = sessionOf(request);
        await services.store.audit.append({
          at: Date.now(),
          userId: session.userId,
          username: session.username,
          action: 'chart.export.refused',
          object: chartId !== undefined ? `chart:${chartId}` : 'chart:auto',
          detail: { unauthorizedPvs: series.map((s) => pvKey(s.pv)) },
          remoteAddress: request.ip,
        });
        return sendForbidden(reply);
      }
      let csv: string;
      try {
        csv = await historian.exportCsv({
          series: allowed.map((s) => ({ pv: s.pv, measurementType: measurement(s.measurementType) })),
          ...r,
          source: source ?? 'Auto',
        });
      } catch (error) {
        if (error instanceof RangeError) return badRequest(reply, error.message);
        throw error;
      }
      const day = (t: number) => new Date(t).toISOString().slice(0, 10);
      const name = `${chartId !== undefined ? `Diagramm-${chartId}` : 'Trend'}_${day(r.start)}_${day(r.end)}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(`\uFEFF${csv}`);
    },
  );
};
