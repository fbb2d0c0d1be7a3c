import type { Kysely, Selectable } from 'kysely';
import type { DashboardLayout, WidgetKind, WidgetSize } from '@leitwarte/core';
import type { Database } from '../schema.js';
import type { DashboardWidgetsTable } from './tables.js';

/** A stored dashboard without its widgets. */
export interface DashboardRecord {
  id: number;
  key: string | null;
  name: string;
  layout: DashboardLayout;
  isDefault: boolean;
  sortIndex: number;
}

/** Place of a widget in its layout, or null to let it flow. */
export type WidgetPosition = { x: number; y: number; width: number; height: number } | null;

/** A stored widget: common fields, the kind's fields in `settings`, the note for Note widgets. */
export interface WidgetRecord {
  id: number;
  dashboardId: number;
  sortIndex: number;
  kind: WidgetKind;
  title: string;
  size: WidgetSize;
  position: WidgetPosition;
  settings: Record<string, unknown>;
  note: string | null;
  noteUpdatedAt: number | null;
  noteUpdatedBy: string | null;
}

export type NewWidget = Omit<WidgetRecord, 'id' | 'dashboardId' | 'noteUpdatedAt' | 'noteUpdatedBy'>;

export interface DashboardsRepository {
  dashboards(): Promise<DashboardRecord[]>;
  /** Widgets of all dashboards, or of one; in display order. */
  widgets(dashboardId?: number): Promise<WidgetRecord[]>;
  widget(id: number): Promise<WidgetRecord | undefined>;
  count(): Promise<number>;
  /** Inserts a dashboard with its widgets in one transaction; returns the dashboard's id. */
  insert(dashboard: Omit<DashboardRecord, 'id'>, widgets: readonly NewWidget[]): Promise<number>;
  updateNote(widgetId: number, note: string, at: number, by: string | null): Promise<void>;
}

function widgetFromRow(r: Selectable<DashboardWidgetsTable>): WidgetRecord {
  return {
    id: r.id,
    dashboardId: r.dashboard_id,
    sortIndex: r.sort_index,
    kind: r.kind as WidgetKind,
    title: r.title,
    size: r.size as WidgetSize,
    position: r.position === null ? null : (JSON.parse(r.position) as WidgetPosition),
    settings: JSON.parse(r.settings) as Record<string, unknown>,
    note: r.note,
    noteUpdatedAt: r.note_updated_at,
    noteUpdatedBy: r.note_updated_by,
  };
}

export function createDashboardsRepository(db: Kysely<Database>): DashboardsRepository {
  return {
    async dashboards() {
      const rows = await db
        .selectFrom('dashboards')
        .selectAll()
        .orderBy('sort_index')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        key: r.seed_key,
        name: r.name,
        layout: r.layout as DashboardLayout,
        isDefault: r.is_default === 1,
        sortIndex: r.sort_index,
      }));
    },
    async widgets(dashboardId) {
      let q = db.selectFrom('dashboard_widgets').selectAll();
      if (dashboardId !== undefined) q = q.where('dashboard_id', '=', dashboardId);
      return (await q.orderBy('dashboard_id').orderBy('sort_index').orderBy('id').execute()).map(
        widgetFromRow,
      );
    },
    async widget(id) {
      const row = await db
        .selectFrom('dashboard_widgets')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && widgetFromRow(row);
    },
    async count() {
      const row = await db
        .selectFrom('dashboards')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    insert: (dashboard, widgets) =>
      db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('dashboards')
          .values({
            seed_key: dashboard.key,
            name: dashboard.name,
            layout: dashboard.layout,
            is_default: dashboard.isDefault ? 1 : 0,
            sort_index: dashboard.sortIndex,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const w of widgets) {
          await trx
            .insertInto('dashboard_widgets')
            .values({
              dashboard_id: id,
              sort_index: w.sortIndex,
              kind: w.kind,
              title: w.title,
              size: w.size,
              position: w.position === null ? null : JSON.stringify(w.position),
              settings: JSON.stringify(w.settings),
              note: w.note,
            })
            .execute();
        }
        return id;
      }),
    async updateNote(widgetId, note, at, by) {
      await db
        .updateTable('dashboard_widgets')
        .set({ note, note_updated_at: at, note_updated_by: by })
        .where('id', '=', widgetId)
        .execute();
    },
  };
}
