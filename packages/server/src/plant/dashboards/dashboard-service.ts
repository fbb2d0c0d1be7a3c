import {
  checkNotePatch,
  DashboardCopySchema,
  DashboardCreateSchema,
  DashboardSaveSchema,
  type Dashboard,
  type DashboardChange,
  type DashboardConfig,
  type DashboardCopy,
  type DashboardCreate,
  type DashboardSave,
  type DashboardWidget,
} from '@leitwarte/core';
import { isDeepStrictEqual } from 'node:util';
import type { Store } from '../../store/index.js';
import { createChartsRepository } from '../../store/charts/index.js';
import { createDashboardsRepository, type WidgetRecord } from '../../store/dashboards/index.js';
import { InputRefusedError, refuse, type Actor } from '../charts/input-refused.js';
import { createListeners } from '../listeners.js';
import { checkName, checkSchema, resolveWidgets, type DashboardReferences } from './dashboard-input.js';
import { visibleDashboard, type DashboardViewer } from './dashboard-visibility.js';
import type { SeedDashboard } from './dashboards-content.js';

export interface DashboardServiceDeps {
  store: Store;
  now?: () => number;
  /** What saved widgets may refer to; without it the editor's writes are refused. */
  references?: DashboardReferences;
}

/**
 * A save or delete that started from another version than the stored one: someone else saved
 * in between. Nothing was changed; the editor loads the dashboard again.
 */
export class DashboardConflictError extends Error {
  constructor(
    readonly dashboardId: number,
    readonly current: { version: number; updatedBy: string | null } | null,
  ) {
    super(
      current === null
        ? `dashboard ${dashboardId} was deleted meanwhile`
        : `dashboard ${dashboardId} was saved meanwhile${current.updatedBy ? ` by ${current.updatedBy}` : ''} (version ${current.version}); load it again and repeat the change`,
    );
    this.name = 'DashboardConflictError';
  }
}

/** A saved note, as the dashboard channel announces it (event noteUpdate). */
export interface NoteUpdate {
  id: number;
  dashboardId: number;
  note: string;
  updatedAt: number;
  updatedBy: string;
}

export interface DashboardService {
  /** Every dashboard with its widgets, and the default one (GET dashboard config). */
  config(): Promise<Omit<DashboardConfig, 'currentUserCanEdit'>>;
  dashboard(id: number): Promise<Dashboard | undefined>;
  /** PATCH dashboard note {id, note}: validated, saved, audited and announced. */
  updateNote(input: unknown, actor: Actor): Promise<NoteUpdate>;
  onNoteUpdate(listener: (update: NoteUpdate) => void): () => void;
  /** A new dashboard from the editor (origin user), audited and announced. */
  create(input: unknown, actor: Actor): Promise<Dashboard>;
  /** A copy of any dashboard under a new name, as a user dashboard. */
  copy(id: number, input: unknown, actor: Actor): Promise<Dashboard>;
  /** Saves a user dashboard if it is still at the version named; a stale save → DashboardConflictError. */
  save(id: number, input: unknown, actor: Actor, viewer?: DashboardViewer): Promise<Dashboard>;
  /** Deletes a user dashboard if it is still at `version`. */
  remove(id: number, version: number, actor: Actor, viewer?: DashboardViewer): Promise<void>;
  /** A dashboard was made, saved or deleted (for the dashboard channel). */
  onChange(listener: (change: DashboardChange) => void): () => void;
  /** Inserts the plant's dashboards when the store has none yet; returns whether it did. */
  seed(dashboards: readonly SeedDashboard[]): Promise<boolean>;
}

/** A stored widget as the contract has it; a chart widget's key becomes the chart's id (null if gone). */
function toWidget(w: WidgetRecord, chartIds: ReadonlyMap<string, number>): DashboardWidget {
  const common = { id: w.id, title: w.title, size: w.size, sortIndex: w.sortIndex, position: w.position };
  const s = w.settings;
  switch (w.kind) {
    case 'Note':
      return { ...common, kind: 'Note', note: w.note ?? '' };
    case 'Chart': {
      const id = typeof s.chartId === 'number' ? s.chartId : chartIds.get(String(s.chartKey));
      return { ...common, kind: 'Chart', chartId: id ?? null };
    }
    case 'Placeholder':
      return { ...common, kind: 'Placeholder' };
    default:
      // The other kinds store exactly their contract fields in settings (checked when saved).
      return { ...common, ...s, kind: w.kind } as DashboardWidget;
  }
}

/** The chart a chart widget shows (a plant widget names it by key; the dashboard has the id). */
function chartIdOf(dashboard: Dashboard, widgetId: number): number | null {
  const widget = dashboard.widgets.find((w) => w.id === widgetId);
  return widget?.kind === 'Chart' ? widget.chartId : null;
}

/** A dashboard in the audit: its name, version and number of widgets. */
const auditText = (d: Pick<Dashboard, 'name' | 'version' | 'widgets'>) =>
  `${d.name} (version ${d.version}, ${d.widgets.length} widgets)`;

export function createDashboardService({
  store,
  now = Date.now,
  references,
}: DashboardServiceDeps): DashboardService {
  const repo = createDashboardsRepository(store.db);
  const charts = createChartsRepository(store.db);
  const listeners = createListeners<NoteUpdate>();
  const changes = createListeners<DashboardChange>();

  /** A dashboard this service has just written; missing would mean the store lost it. */
  async function loadStored(id: number): Promise<Dashboard> {
    const dashboard = (await load(id))[0];
    if (dashboard === undefined) throw new Error(`dashboard ${id} missing right after it was written`);
    return dashboard;
  }

  function refs(): DashboardReferences {
    if (references === undefined) refuse('forbidden', '', 'this server does not edit dashboards');
    return references;
  }

  /**
   * A stored dashboard the editor may change: it exists, was made in the editor, and the user
   * sees all of it — the editor saves what it shows, so a save by someone who sees only part
   * would drop the rest (widgets, map stations, heat map PVs the user may not read).
   */
  async function editable(id: number, viewer?: DashboardViewer): Promise<Dashboard> {
    const dashboard = (await load(id))[0];
    if (dashboard === undefined) refuse('not-found', 'id', `no dashboard ${id}`);
    if (dashboard.origin === 'plant')
      refuse('forbidden', 'id', 'a plant dashboard stays as the plant defines it; copy it to change it');
    if (viewer && !isDeepStrictEqual(visibleDashboard(dashboard, viewer), dashboard))
      refuse(
        'forbidden',
        'id',
        'this dashboard shows values you may not read; it is changed by those who may',
      );
    return dashboard;
  }

  async function audit(
    action: string,
    id: number,
    actor: Actor,
    oldValue: string | null,
    newValue: string | null,
  ) {
    await store.audit.append({
      at: now(),
      userId: actor.userId,
      username: actor.username,
      action,
      object: `dashboard:${id}`,
      oldValue,
      newValue,
    });
  }

  async function insertUserDashboard(
    name: string,
    layout: Dashboard['layout'],
    widgets: Parameters<typeof repo.insert>[1],
    actor: Actor,
  ): Promise<Dashboard> {
    const at = now();
    const id = await repo.insert(
      {
        key: null,
        name,
        layout,
        isDefault: false,
        sortIndex: await repo.nextSortIndex(),
        version: 1,
        createdBy: actor.username,
        updatedAt: at,
        updatedBy: actor.username,
      },
      widgets,
    );
    return loadStored(id);
  }

  async function chartIdsOf(widgets: readonly WidgetRecord[]): Promise<Map<string, number>> {
    const keys = new Set(
      widgets
        .filter((w) => w.kind === 'Chart' && typeof w.settings.chartKey === 'string')
        .map((w) => String(w.settings.chartKey)),
    );
    const ids = new Map<string, number>();
    for (const key of keys) {
      const id = await charts.configIdByKey(key);
      if (id !== undefined) ids.set(key, id);
    }
    return ids;
  }

  async function load(onlyId?: number): Promise<Dashboard[]> {
    const dashboards = (await repo.dashboards()).filter((d) => onlyId === undefined || d.id === onlyId);
    if (dashboards.length === 0) return [];
    const widgets = await repo.widgets(onlyId);
    const chartIds = await chartIdsOf(widgets);
    return dashboards.map((d) => ({
      id: d.id,
      name: d.name,
      layout: d.layout,
      isDefault: d.isDefault,
      origin: d.key === null ? ('user' as const) : ('plant' as const),
      version: d.version,
      updatedAt: d.updatedAt,
      updatedBy: d.updatedBy,
      widgets: widgets.filter((w) => w.dashboardId === d.id).map((w) => toWidget(w, chartIds)),
    }));
  }

  return {
    async config() {
      const dashboards = await load();
      const byDefault = dashboards.find((d) => d.isDefault) ?? dashboards[0];
      return { defaultDashboardId: byDefault?.id ?? null, dashboards };
    },
    async dashboard(id) {
      if (!Number.isSafeInteger(id)) return undefined;
      return (await load(id))[0];
    },
    async updateNote(input, actor) {
      const checked = checkNotePatch(input);
      if (!checked.ok) throw new InputRefusedError('invalid', checked.issues);
      const { id, note } = checked.value;
      const widget = await repo.widget(id);
      if (!widget || widget.kind !== 'Note') refuse('not-found', 'id', `no note ${id}`);
      const at = now();
      await repo.updateNote(id, note, at, actor.username);
      await store.audit.append({
        at,
        userId: actor.userId,
        username: actor.username,
        action: 'dashboard.note',
        object: `dashboard-note:${id}`,
        oldValue: widget.note,
        newValue: note,
      });
      const update: NoteUpdate = {
        id,
        dashboardId: widget.dashboardId,
        note,
        updatedAt: at,
        updatedBy: actor.username,
      };
      listeners.emit(update);
      return update;
    },
    onNoteUpdate: (listener) => listeners.add(listener),
    async create(input, actor) {
      const checked = checkSchema<DashboardCreate>(DashboardCreateSchema, input);
      const name = checkName(checked.name);
      if (checked.widgets.some((w) => w.id !== undefined))
        refuse('invalid', 'widgets', 'a new dashboard has only new widgets (no ids)');
      const widgets = await resolveWidgets(checked.widgets, [], refs());
      const created = await insertUserDashboard(name, checked.layout, widgets, actor);
      await audit('dashboard.create', created.id, actor, null, auditText(created));
      changes.emit({ id: created.id, version: created.version, by: actor.username });
      return created;
    },
    async copy(id, input, actor) {
      const { name } = checkSchema<DashboardCopy>(DashboardCopySchema, input);
      const checkedName = checkName(name);
      refs();
      const source = (await load(id))[0];
      if (source === undefined) refuse('not-found', 'id', `no dashboard ${id}`);
      const widgets = await repo.widgets(id);
      const created = await insertUserDashboard(
        checkedName,
        source.layout,
        widgets.map((w) => ({
          sortIndex: w.sortIndex,
          kind: w.kind,
          title: w.title,
          size: w.size,
          position: w.position,
          // A plant chart widget names its chart by key; the copy keeps the chart's id.
          settings: w.kind === 'Chart' ? { chartId: chartIdOf(source, w.id) } : w.settings,
          note: w.note,
        })),
        actor,
      );
      await audit('dashboard.copy', created.id, actor, `dashboard:${id}`, auditText(created));
      changes.emit({ id: created.id, version: created.version, by: actor.username });
      return created;
    },
    async save(id, input, actor, viewer) {
      const checked = checkSchema<DashboardSave>(DashboardSaveSchema, input);
      const name = checkName(checked.name);
      const before = await editable(id, viewer);
      if (before.version !== checked.version)
        throw new DashboardConflictError(id, { version: before.version, updatedBy: before.updatedBy });
      const widgets = await resolveWidgets(checked.widgets, await repo.widgets(id), refs());
      const version = await repo.save(
        id,
        checked.version,
        { name, layout: checked.layout },
        widgets,
        now(),
        actor.username,
      );
      if (version === null) {
        // Another save won between the check above and this one's transaction.
        const current = (await load(id))[0];
        throw new DashboardConflictError(
          id,
          current ? { version: current.version, updatedBy: current.updatedBy } : null,
        );
      }
      const saved = await loadStored(id);
      await audit('dashboard.update', id, actor, auditText(before), auditText(saved));
      changes.emit({ id, version, by: actor.username });
      return saved;
    },
    async remove(id, version, actor, viewer) {
      const before = await editable(id, viewer);
      if (before.version !== version || !(await repo.remove(id, version))) {
        const current = (await load(id))[0];
        throw new DashboardConflictError(
          id,
          current ? { version: current.version, updatedBy: current.updatedBy } : null,
        );
      }
      await audit('dashboard.delete', id, actor, auditText(before), null);
      changes.emit({ id, version: null, by: actor.username });
    },
    onChange: (listener) => changes.add(listener),
    async seed(dashboards) {
      if ((await repo.count()) > 0) return false;
      for (const [i, d] of dashboards.entries()) {
        await repo.insert(
          {
            key: d.key,
            name: d.name,
            layout: d.layout,
            isDefault: d.isDefault,
            sortIndex: i,
            version: 1,
            createdBy: null,
            updatedAt: null,
            updatedBy: null,
          },
          d.widgets,
        );
      }
      return true;
    },
  };
}
