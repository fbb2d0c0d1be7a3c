import {
  ErrorReply,
  ExportSettingsSchema,
  ScheduledExportInputSchema,
  ScheduledExportSchema,
  ReportExportQuerySchema,
  annotationFlagOf,
  ManualInputListSchema,
  ManualInputReplySchema,
  ReportConfigSchema,
  ReportDataParamsSchema,
  ReportDataSchema,
  ReportDateQuerySchema,
  parseLocalDate,
  pvKey,
  type ReportConfig,
  type ReportData,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { RouteOptions } from '../services.js';
import { sessionOf } from './auth-guard.js';
import { actorOf } from './request-actor.js';
import { createExportSettingsRepository } from '../store/reports/index.js';
import { exportReport } from '../plant/reports/report-export.js';
import { requireRight } from './require-right.js';

/** The date error of screens §5 ('Ungültiges Datum'). */
const INVALID_DATE = 'Ungültiges Datum';

/** Reports (calls §7 Reports): configs, data per config/kind/date, manual inputs. */
export const reportsRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const { reports } = services.domain;
  const { rights, store } = services;
  const tags = ['reports'];
  const exportSettings = createExportSettingsRepository(store.db);

  /** A report as the user sees it: only the columns of PVs the user may read; null when none is left. */
  function readableConfig(request: FastifyRequest, config: ReportConfig | undefined): ReportConfig | null {
    if (!config) return null;
    const session = sessionOf(request);
    const columns = config.columns.filter((c) => rights.canReadPv(session, c.dataBinding.pvRef));
    return columns.length === 0 ? null : { ...config, columns };
  }
  const notFound = (reply: FastifyReply, id: number) =>
    reply.code(404).send({
      statusCode: 404,
      error: 'Not Found',
      code: 'not-found',
      message: `Bericht ${id} gibt es nicht.`,
    });
  const badDate = (reply: FastifyReply) =>
    reply
      .code(400)
      .send({ statusCode: 400, error: 'Bad Request', code: 'invalidDate', message: INVALID_DATE });

  app.get(
    '/api/Report/configs',
    {
      schema: {
        tags,
        summary: 'Every report config the user may read (columns of unreadable PVs left out)',
        response: { 200: Type.Array(ReportConfigSchema) },
      },
    },
    async (request) =>
      (await reports.configs()).map((c) => readableConfig(request, c)).filter((c) => c !== null),
  );

  app.get(
    '/api/Report/configs/:id',
    {
      schema: {
        tags,
        summary: 'One report config (columns of unreadable PVs left out)',
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        response: { 200: ReportConfigSchema, 404: ErrorReply },
      },
    },
    async (request, reply) =>
      readableConfig(request, await reports.config(request.params.id)) ?? notFound(reply, request.params.id),
  );

  /**
   * The report data as the user sees it: only readable columns, each with whether the user may
   * enter values there (manual input allowed and writeValues on its PV); null when none is left.
   */
  async function readableData(
    request: FastifyRequest,
    configId: number,
    kind: ReportData['kind'],
    date: string,
  ): Promise<{ config: ReportConfig; data: ReportData } | null> {
    const config = readableConfig(request, await reports.config(configId));
    if (!config) return null;
    const actor = actorOf(request);
    const data = await reports.data(configId, kind, date);
    const keep = new Set(config.columns.map((c) => pvKey(c.dataBinding.pvRef)));
    const shown = (c: { dataBinding: { pvRef: ReportConfig['columns'][number]['dataBinding']['pvRef'] } }) =>
      keep.has(pvKey(c.dataBinding.pvRef));
    return {
      config,
      data: {
        ...data,
        columns: data.columns.filter(shown).map((c) => ({
          ...c,
          currentUserCanEdit: c.manualInput && rights.onPv(actor, 'writeValues', c.dataBinding.pvRef),
        })),
        rows: data.rows.map((row) => ({ ...row, values: row.values.filter(shown) })),
      },
    };
  }

  app.get(
    '/api/Report/data/:configId/:kind',
    {
      schema: {
        tags,
        summary: 'Report data of a date (yyyy-MM-dd): past rows from the archive, today live',
        params: ReportDataParamsSchema,
        querystring: ReportDateQuerySchema,
        response: { 200: ReportDataSchema, 400: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const { configId, kind } = request.params;
      if (!parseLocalDate(request.query.date)) return badDate(reply);
      const found = await readableData(request, configId, kind, request.query.date);
      return found ? found.data : notFound(reply, configId);
    },
  );

  app.get(
    '/api/Report/export/:configId/:kind',
    {
      schema: {
        tags,
        summary:
          "The report of a date as a CSV, XLSX or PDF file (same data as the screen, the user's export settings)",
        params: ReportDataParamsSchema,
        querystring: ReportExportQuerySchema,
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'the file' }),
          400: ErrorReply,
          404: ErrorReply,
        },
      },
    },
    async (request, reply) => {
      const { configId, kind } = request.params;
      const { date, format } = request.query;
      if (!parseLocalDate(date)) return badDate(reply);
      const found = await readableData(request, configId, kind, date);
      if (!found) return notFound(reply, configId);
      const { config, data } = found;
      const flag = annotationFlagOf(kind);
      const annotations =
        flag === null
          ? []
          : (
              await services.domain.annotations.list({
                start: data.from,
                end: data.to - 1,
                pvs: config.columns.map((c) => c.dataBinding.pvRef),
              })
            ).filter((a) => a[flag] && rights.canReadPv(sessionOf(request), a.pv));
      const settings = await exportSettings.of(actorOf(request).userId);
      const file = await exportReport(
        data,
        {
          reportName: config.name,
          plantName: services.plant.info.name,
          timeZone: services.plant.info.timeZone,
          annotations,
        },
        format,
        settings,
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );

  app.get(
    '/api/account/report-export-settings',
    {
      schema: {
        tags,
        summary: 'The own export defaults: format, CSV separator and decimal mark, PDF paper',
        response: { 200: ExportSettingsSchema },
      },
    },
    async (request) => exportSettings.of(actorOf(request).userId),
  );

  app.put(
    '/api/account/report-export-settings',
    {
      schema: {
        tags,
        summary: 'Saves the own export defaults; audited',
        body: ExportSettingsSchema,
        response: { 200: ExportSettingsSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await exportSettings.of(actor.userId);
      const at = Date.now();
      await exportSettings.put(actor.userId, request.body, at);
      await store.audit.append({
        at,
        userId: actor.userId,
        username: actor.username,
        action: 'report.exportSettings',
        object: `user ${actor.username}`,
        oldValue: JSON.stringify(before),
        newValue: JSON.stringify(request.body),
        remoteAddress: actor.remoteAddress,
      });
      return exportSettings.of(actor.userId);
    },
  );

  app.post(
    '/api/Report/data/:configId/:kind/manual-input',
    {
      schema: {
        tags,
        summary: 'Saves manual report inputs, all or none (right writeValues on each PV); audited',
        params: ReportDataParamsSchema,
        querystring: ReportDateQuerySchema,
        body: ManualInputListSchema,
        response: { 200: ManualInputReplySchema, 400: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const { configId, kind } = request.params;
      const { date } = request.query;
      if (!parseLocalDate(date)) return badDate(reply);
      if (!(await reports.config(configId))) return notFound(reply, configId);
      const actor = actorOf(request);
      const unauthorizedPvs = request.body
        .map((item) => item.pv)
        .filter((pv, i, all) => all.findIndex((p) => pvKey(p) === pvKey(pv)) === i)
        .filter((pv) => !rights.onPv(actor, 'writeValues', pv));
      if (unauthorizedPvs.length > 0) {
        await store.audit.append({
          at: Date.now(),
          userId: actor.userId,
          username: actor.username,
          action: 'report.manual-input.refused',
          object: `report ${configId} ${kind} ${date}`,
          detail: { unauthorizedPvs: unauthorizedPvs.map(pvKey) },
          remoteAddress: actor.remoteAddress,
        });
        return {
          status: 'Unauthorized' as const,
          errorMessage: 'Keine Schreibrechte für die Prozessvariablen.',
          unauthorizedPvs,
        };
      }
      return reports.saveManualInputs(configId, kind, date, request.body, actor);
    },
  );

  const mayRead = requireRight(services, 'read');
  const scheduled = services.domain.scheduledExports;

  app.get(
    '/api/Report/scheduled-exports',
    {
      preHandler: mayRead,
      schema: {
        tags,
        summary: 'The own scheduled exports with their latest runs and their status',
        response: { 200: Type.Array(ScheduledExportSchema), 403: ErrorReply },
      },
    },
    async (request) => scheduled.list(actorOf(request).userId),
  );

  app.post(
    '/api/Report/scheduled-exports',
    {
      preHandler: mayRead,
      schema: {
        tags,
        summary:
          'Sets up an export of a report once per period into a folder below the export directory, optionally mailed; audited',
        body: ScheduledExportInputSchema,
        response: { 200: ScheduledExportSchema, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const config = readableConfig(request, await reports.config(request.body.configId));
      if (!config || config.kind !== request.body.kind) return notFound(reply, request.body.configId);
      const actor = actorOf(request);
      const created = await scheduled.create(actor.userId, request.body);
      await store.audit.append({
        at: Date.now(),
        userId: actor.userId,
        username: actor.username,
        action: 'report.scheduledExport.create',
        object: `scheduled export ${created.id}`,
        newValue: JSON.stringify(request.body),
        remoteAddress: actor.remoteAddress,
      });
      return created;
    },
  );

  app.delete(
    '/api/Report/scheduled-exports/:id',
    {
      preHandler: mayRead,
      schema: {
        tags,
        summary: 'Deletes one of the own scheduled exports with its run list; audited',
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        response: { 204: Type.Null(), 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const gone = await scheduled.remove(actor.userId, request.params.id);
      if (!gone)
        return reply.code(404).send({
          statusCode: 404,
          error: 'Not Found',
          code: 'not-found',
          message: `Geplanten Export ${request.params.id} gibt es nicht.`,
        });
      await store.audit.append({
        at: Date.now(),
        userId: actor.userId,
        username: actor.username,
        action: 'report.scheduledExport.delete',
        object: `scheduled export ${gone.id}`,
        oldValue: JSON.stringify({ ...gone, runs: undefined }),
        remoteAddress: actor.remoteAddress,
      });
      return reply.code(204).send(null);
    },
  );
};
