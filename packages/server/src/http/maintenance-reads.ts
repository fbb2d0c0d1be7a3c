import {
  DatasheetDataItemSchema,
  DatasheetDocumentSchema,
  DatasheetPartSchema,
  ErrorReply,
  LifecycleEntrySchema,
  MaintenanceNotificationSchema,
  MaintenanceNotificationsQuerySchema,
  MaintenanceProtocolRowSchema,
  MaintenancePvQuerySchema,
  OVERVIEW_COMPARE_PATH,
  OVERVIEW_PV_PATH,
  OverviewCompareQuerySchema,
  OverviewStationParamsSchema,
  forecastDueAt,
  pvKey,
  RUNTIME_RATES_PATH,
  RuntimeRateSchema,
  SWITCHING_PROGRAMS_PATH,
  SwitchingProgramSchema,
  SwitchingProgramsQuerySchema,
  type MaintenanceNotification,
  type MaintenanceProtocolRow,
  type PvRef,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { maintenanceWorkbook } from '../plant/maintenance/report-workbook.js';
import type { RouteOptions } from '../services.js';
import { allowedOnPv, orInputError, pvExists, pvOf, sendError } from './maintenance-guards.js';
import { actorOf } from './request-actor.js';
import { requireRight } from './require-right.js';

const errors = { 400: ErrorReply, 403: ErrorReply, 404: ErrorReply };

/** Query of the XLSX export: which protocol (screens §7) and its inputs. */
const MaintenanceReportQuerySchema = Type.Object(
  {
    mode: Type.Union([Type.Literal('station'), Type.Literal('compare'), Type.Literal('pv')]),
    stationNr: Type.Optional(OverviewCompareQuerySchema.properties.stationNr),
    compareValue: Type.Optional(OverviewCompareQuerySchema.properties.compareValue),
    isPercent: Type.Optional(Type.Boolean()),
    pvType: Type.Optional(MaintenancePvQuerySchema.properties.pvType),
    pvNr: Type.Optional(MaintenancePvQuerySchema.properties.pvNr),
  },
  { additionalProperties: false },
);

/** Maintenance reads (calls §7 Maintenance, screens §7 overview protocols); each needs read on its objects. */
export const maintenanceReadRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const maintenance = services.domain.maintenance;
  const { rights } = services;
  const preHandler = requireRight(services, 'read');
  const readable = (request: FastifyRequest) => (ref: PvRef) => rights.canReadPv(actorOf(request), ref);
  /** A PV the caller names: it must exist and be readable; then the domain answers. */
  const ofPv = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    pv: PvRef,
    work: () => Promise<T> | T,
  ) => {
    // Existence first: rights are only ever asked about PVs the plant has.
    if (!(await pvExists(services, reply, pv))) return reply;
    if (!(await allowedOnPv(services, request, reply, 'read', pv, 'maintenance.read'))) return reply;
    return orInputError(reply, work);
  };
  /** Forecast due dates by `PV key/service message type`, from the runtimes' recent rates. */
  const dueDates = async (notifications: readonly MaintenanceNotification[], now: number) => {
    const rates = await services.domain.runtimeRates.of(notifications.map((n) => n.pvRef));
    return new Map(
      notifications.map((n) => [
        `${pvKey(n.pvRef)}/${n.serviceMessageType}`,
        forecastDueAt(n.remainingRuntime, n.runtimeDimension, rates.get(pvKey(n.pvRef)) ?? null, now),
      ]),
    );
  };
  /**
   * The rows of runtimes the caller may read, numbered anew. A runtime has up to four rows (one
   * per limit), so its right is asked once; the rows are fresh per call and renumbered in place.
   */
  const rowsFor = (request: FastifyRequest, rows: MaintenanceProtocolRow[]) => {
    const canRead = readable(request);
    const allowed = new Map<MaintenanceProtocolRow['notification']['pvRef'], boolean>();
    const out: MaintenanceProtocolRow[] = [];
    for (const row of rows) {
      const ref = row.notification.pvRef;
      let ok = allowed.get(ref);
      if (ok === undefined) {
        ok = canRead(ref);
        allowed.set(ref, ok);
      }
      if (!ok) continue;
      row.notification.index = out.length;
      out.push(row);
    }
    return out;
  };

  app.get(
    '/api/maintenance/descriptions',
    {
      preHandler,
      schema: {
        tags: ['maintenance'],
        summary: 'Maintenance description texts to choose from',
        response: { 200: Type.Array(Type.String()), 403: ErrorReply },
      },
    },
    () => maintenance.descriptions(),
  );

  app.get(
    '/api/maintenance/notifications',
    {
      preHandler,
      schema: {
        tags: ['maintenance'],
        summary: 'Maintenance notifications of a runtime or machine PV, or of every readable runtime',
        querystring: MaintenanceNotificationsQuerySchema,
        response: { 200: Type.Array(MaintenanceNotificationSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { pvType, pvNr } = request.query;
      const list = (pv?: PvRef) =>
        maintenance
          .notifications(pv)
          .filter((n) => readable(request)(n.pvRef))
          .map((n, index) => ({ ...n, index }));
      if (pvType === undefined && pvNr === undefined) return list();
      if (pvType === undefined || pvNr === undefined) {
        return sendError(reply, 400, 'invalidInput', 'pvType und pvNr gehören zusammen.');
      }
      const pv = pvOf({ pvType, pvNr });
      return ofPv(request, reply, pv, () => list(pv));
    },
  );

  const perPv = (path: string, summary: string, item: TSchema, work: (pv: PvRef) => Promise<unknown[]>) =>
    app.get(
      path,
      {
        preHandler,
        schema: {
          tags: ['maintenance'],
          summary,
          querystring: MaintenancePvQuerySchema,
          response: { 200: Type.Array(item), ...errors },
        },
      },
      async (request, reply) => {
        const pv = pvOf(request.query);
        return ofPv(request, reply, pv, () => work(pv));
      },
    );
  perPv(
    '/api/maintenance/machine-lifecycle',
    'Life-cycle entries of a machine, newest first',
    LifecycleEntrySchema,
    (pv) => maintenance.lifecycle(pv),
  );
  perPv(
    '/api/maintenance/datasheets/docs',
    'Documents of a machine data sheet',
    DatasheetDocumentSchema,
    (pv) => maintenance.documents(pv),
  );
  perPv(
    '/api/maintenance/datasheets/data',
    'Technical data of a machine data sheet',
    DatasheetDataItemSchema,
    (pv) => maintenance.datasheetData(pv),
  );
  perPv(
    '/api/maintenance/datasheets/parts',
    'Spare parts of a machine data sheet',
    DatasheetPartSchema,
    (pv) => maintenance.parts(pv),
  );

  app.get(
    RUNTIME_RATES_PATH,
    {
      preHandler,
      schema: {
        tags: ['maintenance'],
        summary:
          'Recent rate of every readable runtime (hours or cycles per day over the last 30 days), for due-date forecasts',
        response: { 200: Type.Array(RuntimeRateSchema), 403: ErrorReply },
      },
    },
    async (request) => {
      const pvs = maintenance.bindings.allRuntimes().filter(readable(request));
      const rates = await services.domain.runtimeRates.of(pvs);
      return pvs.map((pvRef) => ({ pvRef, perDay: rates.get(pvKey(pvRef)) ?? null }));
    },
  );

  app.get(
    SWITCHING_PROGRAMS_PATH,
    {
      preHandler,
      schema: {
        tags: ['maintenance'],
        summary:
          'Weekly switching programs of the machines of a station (-1: all), readable stations only; switching times are written with the set-values call',
        querystring: SwitchingProgramsQuerySchema,
        response: { 200: Type.Array(SwitchingProgramSchema), 403: ErrorReply },
      },
    },
    (request) =>
      maintenance
        .switchingPrograms(request.query.stationNr)
        .filter((program) => readable(request)(program.machine)),
  );

  const protocol = { 200: Type.Array(MaintenanceProtocolRowSchema), ...errors };
  /**
   * The protocols are written with JSON.stringify: the schema's serializer checks every row's
   * nullable machine PV against both of its shapes, which made 8,000 rows (1,000 stations) take
   * ~0.3 s. The rows are built here from typed values, so there is nothing for it to strip.
   */
  const plainJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };
  app.get(
    '/api/maintenance/overview/station/:stationNr',
    {
      preHandler,
      ...plainJson,
      schema: {
        tags: ['maintenance'],
        summary: 'Maintenance overview protocol of a station (-1: all stations), readable runtimes only',
        params: OverviewStationParamsSchema,
        response: protocol,
      },
    },
    (request, reply) =>
      orInputError(reply, () => rowsFor(request, maintenance.protocolByStation(request.params.stationNr))),
  );

  app.get(
    OVERVIEW_COMPARE_PATH,
    {
      preHandler,
      ...plainJson,
      schema: {
        tags: ['maintenance'],
        summary: 'Maintenance overview protocol: runtimes whose remaining runtime is below a compare value',
        querystring: OverviewCompareQuerySchema,
        response: protocol,
      },
    },
    (request, reply) => {
      const { stationNr, compareValue, isPercent } = request.query;
      return orInputError(reply, () =>
        rowsFor(request, maintenance.protocolByCompareValue(stationNr, compareValue, isPercent)),
      );
    },
  );

  app.get(
    OVERVIEW_PV_PATH,
    {
      preHandler,
      ...plainJson,
      schema: {
        tags: ['maintenance'],
        summary: 'Maintenance overview protocol of a PV (a runtime or a machine)',
        querystring: MaintenancePvQuerySchema,
        response: protocol,
      },
    },
    (request, reply) => {
      const pv = pvOf(request.query);
      return ofPv(request, reply, pv, () => rowsFor(request, maintenance.protocolByPv(pv)));
    },
  );

  app.get(
    '/api/maintenance/report.xlsx',
    {
      preHandler,
      schema: {
        tags: ['maintenance'],
        summary:
          'The maintenance overview protocol (by station, compare value or PV) as an XLSX file, readable runtimes only',
        querystring: MaintenanceReportQuerySchema,
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'the file' }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const stationNr = q.stationNr ?? -1;
      let rows: MaintenanceProtocolRow[];
      let title: string;
      if (q.mode === 'pv') {
        if (q.pvType === undefined || q.pvNr === undefined) {
          return sendError(reply, 400, 'invalidInput', 'Das Protokoll einer PV braucht pvType und pvNr.');
        }
        const pv = pvOf({ pvType: q.pvType, pvNr: q.pvNr });
        if (!(await pvExists(services, reply, pv))) return reply;
        if (!(await allowedOnPv(services, request, reply, 'read', pv, 'maintenance.read'))) return reply;
        rows = rowsFor(request, maintenance.protocolByPv(pv));
        title = `Wartungsprotokoll ${pv.type}-${pv.nr}`;
      } else if (q.mode === 'compare') {
        if (q.compareValue === undefined) {
          return sendError(
            reply,
            400,
            'invalidInput',
            'Das Protokoll nach Vergleichswert braucht compareValue.',
          );
        }
        const percent = q.isPercent ?? false;
        rows = rowsFor(request, maintenance.protocolByCompareValue(stationNr, q.compareValue, percent));
        title = `Wartungsprotokoll: Rest unter ${q.compareValue}${percent ? ' %' : ''}`;
      } else {
        rows = rowsFor(request, maintenance.protocolByStation(stationNr));
        title = 'Wartungsprotokoll';
      }
      const { info } = services.plant;
      const at = Date.now();
      const body = await maintenanceWorkbook(rows, {
        title: `${title} – ${info.name}`,
        plantName: info.name,
        timeZone: info.timeZone,
        at,
        dueForecast: await dueDates(
          rows.map((r) => r.notification),
          at,
        ),
      });
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: info.timeZone }).format(at);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="Wartungsprotokoll_${day}.xlsx"`)
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
};
