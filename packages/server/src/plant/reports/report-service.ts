import {
  formatLocalDate,
  isReportConfigKind,
  manualInputApplies,
  manualInputRefusal,
  parseLocalDate,
  pvKey,
  reportRange,
  shiftByOffset,
  type ManualInputItem,
  type ManualInputReply,
  type PvRef,
  type ReportConfig,
  type ReportConfigKind,
  type ReportData,
} from '@leitwarte/core';
import type { Store } from '../../store/index.js';
import { createReportRepositories, type ManualInputChange } from '../../store/reports/index.js';
import type { MaintenanceActor } from '../maintenance/actor.js';
import { MaintenanceInputError } from '../maintenance/errors.js';
import { createArchiveReportValueSource, type ReportArchive } from './report-archive-source.js';
import type { ReportValueSource } from './report-value-source.js';
import { seedReportContent } from './report-content.js';

/** Report configs, report data and manual inputs (calls §7 Reports). */
export interface ReportService {
  configs(): Promise<ReportConfig[]>;
  /** GET /api/Report/configs/{id}; undefined when there is none. */
  config(id: number): Promise<ReportConfig | undefined>;
  /** GET /api/Report/data/{configId}/{kind}?date=yyyy-MM-dd. */
  data(configId: number, kind: string, date: string): Promise<ReportData>;
  /** POST /api/Report/data/{configId}/{kind}/manual-input?date=; all items or none. */
  saveManualInputs(
    configId: number,
    kind: string,
    date: string,
    items: readonly ManualInputItem[],
    actor: MaintenanceActor,
  ): Promise<ManualInputReply>;
}

export async function createReportService(deps: {
  store: Store;
  timeZone: string;
  source: ReportValueSource;
  /** Demo report configs put into an empty store once. */
  content?: readonly ReportConfig[] | null;
  /** The historian: past rows from its rollups. Without it only today's rows have values. */
  archive?: { reports: ReportArchive; isCounter: (pv: PvRef) => boolean };
  now?: () => number;
}): Promise<ReportService> {
  const { store, timeZone } = deps;
  const live = deps.source;
  const now = deps.now ?? Date.now;
  const repos = createReportRepositories(store.db);
  if (deps.content) await seedReportContent(store, repos, deps.content);

  /** The config, kind and date of a request, or a refusal naming what is wrong. */
  const resolve = async (configId: number, kind: string, date: string) => {
    const config = await repos.configs.byId(configId);
    if (!config) throw new MaintenanceInputError(`Bericht ${configId} gibt es nicht.`);
    if (!isReportConfigKind(kind)) throw new MaintenanceInputError(`Unbekannte Berichtsart ${kind}.`);
    const day = parseLocalDate(date);
    if (!day) throw new MaintenanceInputError('Ungültiges Datum');
    return { config, kind: kind as ReportConfigKind, day, date: formatLocalDate(day) };
  };

  const source: ReportValueSource = deps.archive
    ? createArchiveReportValueSource({
        archive: deps.archive.reports,
        isCounter: deps.archive.isCounter,
        live,
        timeZone,
        now,
      })
    : live;

  return {
    configs: () => repos.configs.all(),
    config: (id) => repos.configs.byId(id),

    async data(configId, kindText, dateText) {
      const { config, kind, day, date } = await resolve(configId, kindText, dateText);
      const range = reportRange(kind, day, timeZone, config.resolution);
      const manual = await repos.manualInputs.of({ configId, kind, date });
      const columns = await Promise.all(
        config.columns.map((column) => {
          const { pvRef, offset, offsetUnit, reportValueType } = column.dataBinding;
          const shifted = range.intervals.map((i) => ({
            from: shiftByOffset(i.from, offset, offsetUnit, timeZone),
            to: shiftByOffset(i.to, offset, offsetUnit, timeZone),
          }));
          return source.valuesFor(pvRef, shifted, reportValueType);
        }),
      );
      return {
        configId,
        kind,
        date,
        from: range.from,
        to: range.to,
        columns: config.columns,
        rows: range.intervals.map((interval, index) => ({
          index,
          ...interval,
          values: config.columns.map((column, c) => {
            const input = manual.find(
              (m) => m.index === index && pvKey(m.pv) === pvKey(column.dataBinding.pvRef),
            );
            const computed = columns[c]?.[index] ?? null;
            return {
              dataBinding: column.dataBinding,
              value: input && manualInputApplies(input.state, input.value) ? input.value : computed,
              manualInput: input?.state ?? null,
            };
          }),
        })),
      };
    },

    async saveManualInputs(configId, kindText, dateText, items, actor) {
      let resolved;
      try {
        resolved = await resolve(configId, kindText, dateText);
      } catch (error) {
        if (error instanceof MaintenanceInputError) return { status: 'Failed', errorMessage: error.message };
        throw error;
      }
      const { config, kind, day, date } = resolved;
      const rows = reportRange(kind, day, timeZone, config.resolution).intervals.length;
      const changes: ManualInputChange[] = [];
      for (const item of items) {
        const column = config.columns.find((c) => pvKey(c.dataBinding.pvRef) === pvKey(item.pv));
        if (!column?.manualInput) {
          return {
            status: 'Failed',
            errorMessage: `Für ${pvKey(item.pv)} ist in diesem Bericht keine Handeingabe vorgesehen.`,
          };
        }
        const refusal = manualInputRefusal(item, rows);
        if (refusal) return { status: 'Failed', errorMessage: `${column.title}: ${refusal}` };
        changes.push(
          item.resetManualInput || item.state === 'Removed'
            ? { pv: item.pv, index: item.index, remove: true }
            : { pv: item.pv, index: item.index, remove: false, value: item.value, state: item.state },
        );
      }
      const at = now();
      await repos.manualInputs.apply({ configId, kind, date }, changes, actor.username, at);
      await store.audit.append({
        at,
        userId: actor.userId,
        username: actor.username,
        action: 'report-manual-input',
        object: `report ${configId} ${kind} ${date}`,
        newValue: JSON.stringify(items),
        remoteAddress: actor.remoteAddress ?? null,
      });
      return { status: 'Success', errorMessage: '' };
    },
  };
}
