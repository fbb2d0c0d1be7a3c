import fs from 'node:fs/promises';
import path from 'node:path';
import {
  addLocalDays,
  addLocalMonths,
  annotationFlagOf,
  type Annotation,
  formatLocalDate,
  localDateTimeOf,
  pvKey,
  startOfWeek,
  zonedTimeToUtc,
  type LocalDate,
  type ReportConfig,
  type ScheduledExport,
  type ScheduledExportInput,
  type ScheduledExportRun,
} from '@leitwarte/core';
import type { Kysely } from 'kysely';
import { isFencedOut } from '../../store/index.js';
import type { Database } from '../../store/schema.js';
import { createExportSettingsRepository } from '../../store/reports/index.js';
import type { MailSender } from '../mail/index.js';
import { exportReport } from './report-export.js';
import type { ReportService } from './report-service.js';

/** How many missed periods a scheduled export catches up after the server was down. */
const MAX_CATCH_UP = 31;
/** Runs kept per export in the list. */
const RUNS_LISTED = 10;

type Kind = ScheduledExportInput['kind'];

/** The first day of the period before the one holding `day` (yesterday, last week, month, year). */
function previousPeriod(kind: Kind, day: LocalDate): LocalDate {
  switch (kind) {
    case 'day':
      return addLocalDays(day, -1);
    case 'week':
      return addLocalDays(startOfWeek(day), -7);
    case 'month':
      return addLocalMonths({ ...day, day: 1 }, -1);
    case 'year':
      return { year: day.year - 1, month: 1, day: 1 };
  }
}

/** The first day after the period that starts on `first`: when its export is due. */
function dayAfter(kind: Kind, first: LocalDate): LocalDate {
  switch (kind) {
    case 'day':
      return addLocalDays(first, 1);
    case 'week':
      return addLocalDays(first, 7);
    case 'month':
      return addLocalMonths(first, 1);
    case 'year':
      return { year: first.year + 1, month: 1, day: 1 };
  }
}

/**
 * The periods of an export that are due at `now` and began after the export was set up, newest
 * first: a day report runs the next day at its time of day, a week report on Monday (weeks
 * start on Monday), a month report on the 1st, a year report on 1 January.
 */
export function duePeriods(
  item: Pick<ScheduledExportInput, 'kind' | 'timeOfDay'> & { createdAt: number },
  now: number,
  timeZone: string,
): string[] {
  const [hour, minute] = item.timeOfDay.split(':').map(Number) as [number, number];
  const l = localDateTimeOf(now, timeZone);
  let first = previousPeriod(item.kind, { year: l.year, month: l.month, day: l.day });
  const out: string[] = [];
  for (let i = 0; i < MAX_CATCH_UP + 1 && out.length < MAX_CATCH_UP; i++) {
    const due = zonedTimeToUtc({ ...dayAfter(item.kind, first), hour, minute }, timeZone);
    if (due <= now && due >= item.createdAt) out.push(formatLocalDate(first));
    else if (due < item.createdAt) break;
    first = previousPeriod(item.kind, first);
  }
  return out;
}

export interface ScheduledExportDeps {
  db: Kysely<Database>;
  reports: ReportService;
  /** Annotations of the report's span, for the file (flags checked here). */
  annotations: (query: {
    start: number;
    end: number;
    pvs: ReportConfig['columns'][number]['dataBinding']['pvRef'][];
  }) => Promise<Annotation[]>;
  /** Whether the export's owner may still read a PV (rights can change after it was set up). */
  canRead: (userId: number, pv: ReportConfig['columns'][number]['dataBinding']['pvRef']) => Promise<boolean>;
  plantName: string;
  timeZone: string;
  /** Files go below this directory, in the export's folder. */
  exportDir: string;
  mail: MailSender | null;
  now?: () => number;
  /**
   * A write of the runs only the owner of the field may make (store.fencedWrite): with several
   * processes it carries the fencing token. Default: written directly.
   */
  fencedWrite?: <T>(work: (db: Kysely<Database>) => Promise<T>, what: string) => Promise<T>;
}

/**
 * Scheduled exports: each user's reports written to a folder on the server (and mailed through
 * the server's mail sender when recipients are set), once per period. A run is claimed by a row
 * keyed by export and period before the file is made, so it happens once even across a restart
 * or with several processes; a run cut off by a stop is marked failed at the next start.
 */
export function createScheduledExports(deps: ScheduledExportDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const fenced = deps.fencedWrite ?? (<T>(work: (db: Kysely<Database>) => Promise<T>) => work(db));
  const settings = createExportSettingsRepository(db);

  async function runsOf(id: number): Promise<ScheduledExportRun[]> {
    const rows = await db
      .selectFrom('report_export_runs')
      .selectAll()
      .where('export_id', '=', id)
      .orderBy('period', 'desc')
      .limit(RUNS_LISTED)
      .execute();
    return rows.map((r) => ({
      period: r.period,
      status: r.status as ScheduledExportRun['status'],
      fileName: r.file_name,
      message: r.message,
      ranAt: Number(r.ran_at),
    }));
  }

  async function toExport(row: {
    id: number;
    config_id: number;
    kind: string;
    format: string;
    time_of_day: string;
    folder: string;
    recipients: string;
    created_at: number;
  }): Promise<ScheduledExport> {
    const config = await deps.reports.config(Number(row.config_id));
    return {
      id: Number(row.id),
      configId: Number(row.config_id),
      kind: row.kind as Kind,
      format: row.format as ScheduledExport['format'],
      timeOfDay: row.time_of_day,
      folder: row.folder,
      recipients: JSON.parse(row.recipients) as string[],
      reportName: config?.name ?? `#${row.config_id}`,
      createdAt: Number(row.created_at),
      runs: await runsOf(Number(row.id)),
    };
  }

  async function runOne(item: ScheduledExport & { userId: number }, period: string): Promise<void> {
    // Fenced: a former owner of the field claims no run (and so makes no file and sends no mail).
    const claimed = await fenced(
      (w) =>
        w
          .insertInto('report_export_runs')
          .values({
            export_id: item.id,
            period,
            status: 'Running',
            file_name: null,
            message: '',
            ran_at: now(),
          })
          .onConflict((oc) => oc.columns(['export_id', 'period']).doNothing())
          .executeTakeFirst(),
      'a scheduled export run',
    );
    // Another run (before a restart, or another process) has this period already.
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) return;
    const finish = (status: 'Success' | 'Failed', message: string, fileName: string | null) =>
      fenced(
        (w) =>
          w
            .updateTable('report_export_runs')
            .set({ status, message, file_name: fileName, ran_at: now() })
            .where('export_id', '=', item.id)
            .where('period', '=', period)
            .execute(),
        'a scheduled export run',
      );
    try {
      const config = await deps.reports.config(item.configId);
      if (!config) throw new Error(`Bericht ${item.configId} gibt es nicht mehr.`);
      const readable = await Promise.all(
        config.columns.map((c) => deps.canRead(item.userId, c.dataBinding.pvRef)),
      );
      const keep = new Set(
        config.columns.filter((_, i) => readable[i]).map((c) => pvKey(c.dataBinding.pvRef)),
      );
      if (keep.size === 0) throw new Error('Keine Spalte dieses Berichts ist mehr lesbar.');
      const all = await deps.reports.data(item.configId, item.kind, period);
      const shown = (c: {
        dataBinding: { pvRef: ReportConfig['columns'][number]['dataBinding']['pvRef'] };
      }) => keep.has(pvKey(c.dataBinding.pvRef));
      const data = {
        ...all,
        columns: all.columns.filter(shown),
        rows: all.rows.map((r) => ({ ...r, values: r.values.filter(shown) })),
      };
      const flag = annotationFlagOf(item.kind);
      const annotations =
        flag === null
          ? []
          : (
              await deps.annotations({
                start: data.from,
                end: data.to - 1,
                pvs: data.columns.map((c) => c.dataBinding.pvRef),
              })
            ).filter((a) => a[flag] && keep.has(pvKey(a.pv)));
      const file = await exportReport(
        data,
        { reportName: config.name, plantName: deps.plantName, timeZone: deps.timeZone, annotations },
        item.format,
        await settings.of(item.userId),
      );
      // Making the report can take a while: still the owner before the file and the mail go out?
      await fenced(async () => undefined, 'a scheduled export run');
      const dir = path.join(deps.exportDir, ...item.folder.split('/'));
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, file.fileName), file.body);
      let message = `${item.folder}/${file.fileName}`;
      if (item.recipients.length > 0) {
        if (!deps.mail) message += ' – kein Mailversand eingerichtet';
        else {
          await deps.mail.send({
            to: item.recipients,
            subject: `${config.name} ${period}`,
            text: `${config.name} vom ${period} (${deps.plantName}) im Anhang.`,
            attachments: [{ filename: file.fileName, content: file.body, contentType: file.contentType }],
          });
          message += ` – an ${item.recipients.join(', ')} gesendet`;
        }
      }
      await finish('Success', message, file.fileName);
    } catch (error) {
      // Refused by the fence: not retried as a failure; the new owner marks the run at its next start.
      if (isFencedOut(error)) throw error;
      await finish('Failed', error instanceof Error ? error.message : String(error), null);
    }
  }

  return {
    /** The user's scheduled exports with their latest runs. */
    async list(userId: number): Promise<ScheduledExport[]> {
      const rows = await db
        .selectFrom('report_scheduled_exports')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return Promise.all(rows.map(toExport));
    },
    async create(userId: number, input: ScheduledExportInput): Promise<ScheduledExport> {
      const row = await db
        .insertInto('report_scheduled_exports')
        .values({
          user_id: userId,
          config_id: input.configId,
          kind: input.kind,
          format: input.format,
          time_of_day: input.timeOfDay,
          folder: input.folder,
          recipients: JSON.stringify(input.recipients),
          created_at: now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toExport(row);
    },
    /** Deletes one of the user's exports with its runs; false when the user has none with this id. */
    async remove(userId: number, id: number): Promise<ScheduledExport | null> {
      const row = await db
        .selectFrom('report_scheduled_exports')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return null;
      const gone = await toExport(row);
      await db.deleteFrom('report_export_runs').where('export_id', '=', id).execute();
      await db.deleteFrom('report_scheduled_exports').where('id', '=', id).execute();
      return gone;
    },
    /** Marks runs a stop cut off as failed, so they are listed truthfully (and not run twice). */
    async recoverInterrupted(): Promise<void> {
      await db
        .updateTable('report_export_runs')
        .set({ status: 'Failed', message: 'Durch einen Neustart des Servers abgebrochen.' })
        .where('status', '=', 'Running')
        .execute();
    },
    /** Runs every due period that has no run yet, oldest first. */
    async runDue(): Promise<number> {
      const rows = await db.selectFrom('report_scheduled_exports').selectAll().orderBy('id').execute();
      let ran = 0;
      for (const row of rows) {
        const item = { ...(await toExport(row)), userId: Number(row.user_id) };
        for (const period of duePeriods(item, now(), deps.timeZone).reverse()) {
          const before = await db
            .selectFrom('report_export_runs')
            .select('period')
            .where('export_id', '=', item.id)
            .where('period', '=', period)
            .executeTakeFirst();
          if (before) continue;
          await runOne(item, period);
          ran += 1;
        }
      }
      return ran;
    },
  };
}

export type ScheduledExports = ReturnType<typeof createScheduledExports>;
