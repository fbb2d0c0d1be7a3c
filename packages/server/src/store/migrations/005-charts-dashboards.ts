import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { StoreDialect } from '../dialect.js';

/**
 * Chart directories, chart configs and their series, annotations, dashboards with their
 * widgets, and the index of stored webcam images. Booleans are integers 0/1, JSON is text,
 * times are bigint milliseconds.
 */
export function chartsDashboardsMigration(dialect: StoreDialect) {
  const idType = dialect === 'postgres' ? 'bigserial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  const flag = <T extends string>(t: CreateTableBuilder<T>, name: string, value = 0) =>
    t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(value));
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('chart_directories')
        .addColumn('id', idType, id)
        .addColumn('parent_id', 'bigint', (c) => c.references('chart_directories.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('sort_index', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('chart_configs')
        .addColumn('id', idType, id)
        .addColumn('directory_id', 'bigint', (c) => c.references('chart_directories.id').onDelete('set null'))
        // Name of a chart that came with the plant's content file, so dashboards can refer to it.
        .addColumn('seed_key', 'text', (c) => c.unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('max_days_archive', 'integer', (c) => c.notNull())
        .addColumn('max_months_quarter_hour', 'integer', (c) => c.notNull())
        .addColumn('max_years_day', 'integer', (c) => c.notNull())
        .addColumn('time_span_factor', 'integer', (c) => c.notNull())
        .addColumn('time_span_unit', 'text', (c) => c.notNull())
        .addColumn('data_source_preset', 'text', (c) => c.notNull())
        .addColumn('sort_index', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      let series = db.schema
        .createTable('chart_series')
        .addColumn('id', idType, id)
        .addColumn('chart_id', 'bigint', (c) =>
          c.notNull().references('chart_configs.id').onDelete('cascade'),
        )
        .addColumn('sort_index', 'integer', (c) => c.notNull())
        .addColumn('view_type', 'text', (c) => c.notNull())
        .addColumn('color', 'text')
        .addColumn('pv_type', 'text', (c) => c.notNull())
        .addColumn('pv_nr', 'bigint', (c) => c.notNull())
        .addColumn('pv_subtype', 'text', (c) => c.notNull())
        .addColumn('measurement_type', 'text', (c) => c.notNull())
        .addColumn('ymin_case', 'text', (c) => c.notNull())
        .addColumn('axis_y_min', 'double precision')
        .addColumn('ymax_case', 'text', (c) => c.notNull())
        .addColumn('axis_y_max', 'double precision')
        .addColumn('axis_y_log_base', 'double precision', (c) => c.notNull());
      for (const name of ['axis_y_log', 'axis_y_reverse', 'show_limit_bottom', 'show_limit_bottom_middle'])
        series = flag(series, name);
      for (const name of ['show_limit_top_middle', 'show_limit_top', 'show_eks_in_legend'])
        series = flag(series, name);
      for (const name of [
        'limit_text_bottom',
        'limit_text_bottom_middle',
        'limit_text_top_middle',
        'limit_text_top',
      ]) {
        series = series.addColumn(name, 'text', (c) => c.notNull().defaultTo(''));
      }
      await series.addColumn('legend_text', 'text').addColumn('dimension', 'text').execute();
      await db.schema.createIndex('chart_series_chart').on('chart_series').column('chart_id').execute();
      await db.schema
        .createIndex('chart_series_pv')
        .on('chart_series')
        .columns(['pv_type', 'pv_nr'])
        .execute();

      let annotations = db.schema
        .createTable('annotations')
        .addColumn('id', idType, id)
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('pv_type', 'text', (c) => c.notNull())
        .addColumn('pv_nr', 'bigint', (c) => c.notNull())
        .addColumn('data_source', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull());
      annotations = flag(annotations, 'visible', 1);
      for (const name of [
        'show_in_day_report',
        'show_in_week_report',
        'show_in_month_report',
        'show_in_year_report',
      ]) {
        annotations = flag(annotations, name);
      }
      await annotations
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('annotations_at').on('annotations').column('at').execute();
      await db.schema
        .createIndex('annotations_pv')
        .on('annotations')
        .columns(['pv_type', 'pv_nr', 'at'])
        .execute();

      await db.schema
        .createTable('dashboards')
        .addColumn('id', idType, id)
        .addColumn('seed_key', 'text', (c) => c.unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('layout', 'text', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort_index', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('dashboard_widgets')
        .addColumn('id', idType, id)
        .addColumn('dashboard_id', 'bigint', (c) =>
          c.notNull().references('dashboards.id').onDelete('cascade'),
        )
        .addColumn('sort_index', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('size', 'text', (c) => c.notNull())
        .addColumn('position', 'text')
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('note_updated_at', 'bigint')
        .addColumn('note_updated_by', 'text')
        .execute();
      await db.schema
        .createIndex('dashboard_widgets_dashboard')
        .on('dashboard_widgets')
        .column('dashboard_id')
        .execute();

      await db.schema
        .createTable('webcam_images')
        .addColumn('id', idType, id)
        .addColumn('webcam_id', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull().unique())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webcam_images_at')
        .on('webcam_images')
        .columns(['webcam_id', 'at'])
        .execute();
    },
  };
}
