import { checkNotePatch, type Dashboard, type DashboardConfig, type DashboardWidget } from '@leitwarte/core';
import type { Store } from '../../store/index.js';
import { createChartsRepository } from '../../store/charts/index.js';
import { createDashboardsRepository, type WidgetRecord } from '../../store/dashboards/index.js';
import { InputRefusedError, refuse, type Actor } from '../charts/input-refused.js';
import { createListeners } from '../listeners.js';
import type { SeedDashboard } from './dashboards-content.js';

export interface DashboardServiceDeps {
  store: Store;
  now?: () => number;
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
  config(): Promise<DashboardConfig>;
  dashboard(id: number): Promise<Dashboard | undefined>;
  /** PATCH dashboard note {id, note}: validated, saved, audited and announced. */
  updateNote(input: unknown, actor: Actor): Promise<NoteUpdate>;
  onNoteUpdate(listener: (update: NoteUpdate) => void): () => void;
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

export function createDashboardService({ store, now = Date.now }: DashboardServiceDeps): DashboardService {
  const repo = createDashboardsRepository(store.db);
  const charts = createChartsRepository(store.db);
  const listeners = createListeners<NoteUpdate>();

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
    async seed(dashboards) {
      if ((await repo.count()) > 0) return false;
      for (const [i, d] of dashboards.entries()) {
        await repo.insert(
          { key: d.key, name: d.name, layout: d.layout, isDefault: d.isDefault, sortIndex: i },
          d.widgets,
        );
      }
      return true;
    },
  };
}
