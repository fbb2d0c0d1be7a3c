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
  /** Counted up by every save of the editor; starts at 1. */
  version: number;
  createdBy: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

/** A dashboard's own fields as the editor saves them. */
export interface DashboardFields {
  name: string;
  layout: DashboardLayout;
}

/** A widget of a save: an id keeps that widget (and its note), none makes a new one. */
export type SavedWidget = NewWidget & { id?: number };

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
  /**
   * Saves a dashboard's fields and widgets if it is still at `version`, in one transaction:
   * widgets left out are deleted, ones with an id updated (their note kept), the others added.
   * Returns the new version, or null when the dashboard is gone or at another version.
   */
  save(
    id: number,
    version: number,
    fields: DashboardFields,
    widgets: readonly SavedWidget[],
    at: number,
    by: string,
  ): Promise<number | null>;
  /** Deletes a dashboard (and its widgets) if it is still at `version`; whether it did. */
  remove(id: number, version: number): Promise<boolean>;
  /** Next free place at the end of the dashboard list. */
  nextSortIndex(): Promise<number>;
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

async function insertWidget(db: Kysely<Database>, dashboardId: number, w: NewWidget): Promise<void> {
  await db
    .insertInto('dashboard_widgets')
    .values({
      dashboard_id: dashboardId,
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
        version: r.version,
        createdBy: r.created_by,
        updatedAt: r.updated_at,
        updatedBy: r.updated_by,
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
            version: dashboard.version,
            created_by: dashboard.createdBy,
            updated_at: dashboard.updatedAt,
            updated_by: dashboard.updatedBy,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const w of widgets) await insertWidget(trx, id, w);
        return id;
      }),
    async updateNote(widgetId, note, at, by) {
      await db
        .updateTable('dashboard_widgets')
        .set({ note, note_updated_at: at, note_updated_by: by })
        .where('id', '=', widgetId)
        .execute();
    },
    save: (id, version, fields, widgets, at, by) =>
      db.transaction().execute(async (trx) => {
        // The version check and the count-up in one statement: of two saves from the same
        // version exactly one finds it, on SQLite and PostgreSQL alike.
        const updated = await trx
          .updateTable('dashboards')
          .set((eb) => ({
            name: fields.name,
            layout: fields.layout,
            version: eb('version', '+', 1),
            updated_at: at,
            updated_by: by,
          }))
          .where('id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return null;
        const kept = widgets.flatMap((w) => (w.id === undefined ? [] : [w.id]));
        let gone = trx.deleteFrom('dashboard_widgets').where('dashboard_id', '=', id);
        if (kept.length > 0) gone = gone.where('id', 'not in', kept);
        await gone.execute();
        for (const w of widgets) {
          if (w.id === undefined) {
            await insertWidget(trx, id, w);
            continue;
          }
          await trx
            .updateTable('dashboard_widgets')
            .set({
              sort_index: w.sortIndex,
              title: w.title,
              size: w.size,
              position: w.position === null ? null : JSON.stringify(w.position),
              settings: JSON.stringify(w.settings),
            })
            .where('id', '=', w.id)
            .where('dashboard_id', '=', id)
            .execute();
        }
        return version + 1;
      }),
    async remove(id, version) {
      const deleted = await db
        .deleteFrom('dashboards')
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) === 1;
    },
    async nextSortIndex() {
      const row = await db
        .selectFrom('dashboards')
        .select((eb) => eb.fn.max('sort_index').as('n'))
        .executeTakeFirst();
      return row?.n === null || row?.n === undefined ? 0 : Number(row.n) + 1;
    },
  };
}
