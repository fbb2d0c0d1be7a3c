import {
  checkChartConfigFields,
  checkSeriesList,
  defaultChartConfigFields,
  defaultSeriesFields,
  isPvRef,
  pvKey,
  type ChartConfig,
  type ChartConfigFields,
  type ChartDirectory,
  type ChartSeriesConfig,
  type ChartSeriesFields,
  type ChartType,
  type InputIssue,
} from '@leitwarte/core';
import type { Store } from '../../store/index.js';
import {
  createChartsRepository,
  type ChartConfigRecord,
  type SeriesToSave,
} from '../../store/charts/index.js';
import type { Plant } from '../plant.js';
import type { SeedDirectory } from './charts-content.js';
import { buildDirectoryTree } from './directory-tree.js';
import { InputRefusedError, refuse, type Actor } from './input-refused.js';

/** Decides per caller whether a chart may be edited; chartId null asks about creating one. */
export type CanEditChart = (principal: Actor, chartId: number | null) => boolean | Promise<boolean>;

export interface ChartServiceDeps {
  store: Store;
  plant: Plant;
  now?: () => number;
  /** Default: administrators and operators edit charts, other roles only view them. */
  canEditChart?: CanEditChart;
}

/** A series as a caller sends it: the PV plus any fields to differ from the defaults; `id` keeps a series. */
export type SeriesInput = Partial<ChartSeriesFields> & { pv: ChartSeriesFields['pv']; id?: number };

/** A new chart: type and title, optionally other config fields, its directory and series. */
export type NewChartInput = Partial<ChartConfigFields> &
  Pick<ChartConfigFields, 'type' | 'title'> & {
    directoryId?: number | null;
    series?: SeriesInput[];
  };

/** A change of a chart: the fields to change; `series`, when given, is the complete new list. */
export type ChartPatch = Partial<Omit<ChartConfigFields, 'type'>> & { series?: SeriesInput[] };

export interface ChartService {
  /** Directory tree of a chart type with each config's currentUserCanEdit for this caller. */
  directories(type: ChartType, principal: Actor): Promise<ChartDirectory[]>;
  config(id: number, principal: Actor): Promise<ChartConfig | undefined>;
  /** Series of a chart in display order; undefined when the chart does not exist. */
  series(chartId: number): Promise<ChartSeriesConfig[] | undefined>;
  createConfig(
    input: NewChartInput,
    principal: Actor,
  ): Promise<{ config: ChartConfig; series: ChartSeriesConfig[] }>;
  updateConfig(
    id: number,
    patch: ChartPatch,
    principal: Actor,
  ): Promise<{ config: ChartConfig; series: ChartSeriesConfig[] }>;
  /** Deletes a chart with its series; annotations stay, they belong to PVs. */
  deleteConfig(id: number, principal: Actor): Promise<void>;
  /** Inserts the plant's chart content when the store has no chart directories yet; returns whether it did. */
  seed(directories: readonly SeedDirectory[]): Promise<boolean>;
}

const EDITING_ROLES = new Set(['administrator', 'operator']);
const defaultCanEdit: CanEditChart = (principal) => EDITING_ROLES.has(principal.role);

export function createChartService({
  store,
  plant,
  now = Date.now,
  canEditChart = defaultCanEdit,
}: ChartServiceDeps): ChartService {
  const repo = createChartsRepository(store.db);
  const stored = async (id: number): Promise<ChartConfigRecord> =>
    (await repo.config(id)) ?? refuse('not-found', 'id', `no chart ${id}`);
  const withFlag = async (c: ChartConfigRecord, principal: Actor): Promise<ChartConfig> => ({
    ...c,
    currentUserCanEdit: await canEditChart(principal, c.id),
  });

  /** Applies defaults, checks rules and that every PV exists; fills pvSubtype from the PV config. */
  function checkSeries(input: readonly SeriesInput[], knownIds: ReadonlySet<number>): SeriesToSave[] {
    const issues: InputIssue[] = [];
    const merged = input.map((s, i) => {
      if (!isPvRef(s?.pv)) return { ...s };
      const config = plant.config(pvKey(s.pv));
      if (!config) issues.push({ field: `series[${i}].pv`, message: `unknown PV ${pvKey(s.pv)}` });
      if (s.id !== undefined && !knownIds.has(s.id))
        issues.push({ field: `series[${i}].id`, message: 'not a series of this chart' });
      const { id: _id, ...fields } = s;
      return { ...defaultSeriesFields(s.pv, i), pvSubtype: config?.subtype ?? '', ...fields };
    });
    const checked = checkSeriesList(merged);
    if (!checked.ok) issues.push(...checked.issues);
    if (issues.length > 0 || !checked.ok) throw new InputRefusedError('invalid', issues);
    return checked.value.map((fields, i) => ({ ...fields, id: input[i]?.id }));
  }

  async function audit(principal: Actor, action: string, id: number, oldValue: unknown, newValue: unknown) {
    await store.audit.append({
      at: now(),
      userId: principal.userId,
      username: principal.username,
      action,
      object: `chart:${id}`,
      oldValue: oldValue === null ? null : JSON.stringify(oldValue),
      newValue: newValue === null ? null : JSON.stringify(newValue),
      remoteAddress: principal.remoteAddress ?? null,
    });
  }
  /** A chart as the audit records it: its fields, directory and complete series. */
  const auditedChart = (
    fields: object,
    directoryId: number | null,
    series: readonly ChartSeriesConfig[],
  ) => ({
    ...fields,
    directoryId,
    series: series.map(({ chartId: _chart, ...s }) => s),
  });

  return {
    async directories(type, principal) {
      const [dirs, configs] = await Promise.all([repo.directories(type), repo.configs(type)]);
      const flagged = await Promise.all(configs.map((c) => withFlag(c, principal)));
      return buildDirectoryTree(type, dirs, flagged);
    },
    async config(id, principal) {
      const found = await repo.config(id);
      return found && withFlag(found, principal);
    },
    async series(chartId) {
      if (!(await repo.config(chartId))) return undefined;
      return repo.series(chartId);
    },
    async createConfig(input, principal) {
      if (!(await canEditChart(principal, null)))
        refuse('forbidden', '', 'insufficient rights to create charts');
      const { directoryId = null, series = [], ...fields } = input ?? ({} as NewChartInput);
      const checked = checkChartConfigFields({
        ...defaultChartConfigFields(fields.type, fields.title),
        ...fields,
      });
      if (!checked.ok) throw new InputRefusedError('invalid', checked.issues);
      if (directoryId !== null) {
        const dir = (await repo.directories(checked.value.type)).find((d) => d.id === directoryId);
        if (!dir) refuse('invalid', 'directoryId', `no ${checked.value.type} directory ${directoryId}`);
      }
      const toSave = checkSeries(series, new Set());
      const id = await repo.insertConfig(checked.value, { directoryId }, now());
      const saved = await repo.saveSeries(id, toSave);
      const config = await withFlag(await stored(id), principal);
      await audit(principal, 'chart.create', id, null, auditedChart(checked.value, directoryId, saved));
      return { config, series: saved };
    },
    async updateConfig(id, patch, principal) {
      const current = await repo.config(id);
      if (!current) refuse('not-found', 'id', `no chart ${id}`);
      if (!(await canEditChart(principal, id)))
        refuse('forbidden', '', 'insufficient rights to edit this chart');
      const { series, ...changes } = patch ?? {};
      if ('type' in changes) refuse('invalid', 'type', 'the type of a chart cannot change');
      const { id: _id, directoryId: _dir, ...currentFields } = current;
      const checked = checkChartConfigFields({ ...currentFields, ...changes });
      if (!checked.ok) throw new InputRefusedError('invalid', checked.issues);
      const oldSeries = await repo.series(id);
      const toSave =
        series === undefined ? undefined : checkSeries(series, new Set(oldSeries.map((s) => s.id)));
      await repo.updateConfig(id, checked.value, now());
      const saved = toSave === undefined ? oldSeries : await repo.saveSeries(id, toSave);
      await audit(
        principal,
        'chart.update',
        id,
        auditedChart(currentFields, current.directoryId, oldSeries),
        auditedChart(checked.value, current.directoryId, saved),
      );
      return { config: await withFlag(await stored(id), principal), series: saved };
    },
    async deleteConfig(id, principal) {
      const current = await repo.config(id);
      if (!current) refuse('not-found', 'id', `no chart ${id}`);
      if (!(await canEditChart(principal, id)))
        refuse('forbidden', '', 'insufficient rights to delete this chart');
      const oldSeries = await repo.series(id);
      // Another delete may have come first; then this one changed nothing and says so.
      if (!(await repo.deleteConfig(id))) refuse('not-found', 'id', `no chart ${id}`);
      const { id: _id, directoryId, ...fields } = current;
      await audit(principal, 'chart.delete', id, auditedChart(fields, directoryId, oldSeries), null);
    },
    async seed(directories) {
      if ((await repo.directoryCount()) > 0) return false;
      const at = now();
      const insert = async (d: SeedDirectory, parentId: number | null, sortIndex: number): Promise<void> => {
        const id = await repo.insertDirectory({ parentId, name: d.name, type: d.type, sortIndex });
        for (const [i, chart] of d.charts.entries()) {
          const chartId = await repo.insertConfig(
            chart.fields,
            { directoryId: id, key: chart.key, sortIndex: i },
            at,
          );
          await repo.saveSeries(chartId, chart.series);
        }
        for (const [i, child] of d.directories.entries()) await insert(child, id, i);
      };
      for (const [i, d] of directories.entries()) await insert(d, null, i);
      return true;
    },
  };
}
