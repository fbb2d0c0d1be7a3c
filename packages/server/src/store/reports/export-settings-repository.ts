import { DEFAULT_EXPORT_SETTINGS, type ExportSettings } from '@leitwarte/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** Each user's export defaults (CSV separator and decimal mark, format, PDF paper). */
export interface ExportSettingsRepository {
  /** The user's settings; the defaults when the user saved none. */
  of(userId: number): Promise<ExportSettings>;
  put(userId: number, settings: ExportSettings, at: number): Promise<void>;
}

export function createExportSettingsRepository(db: Kysely<Database>): ExportSettingsRepository {
  return {
    async of(userId) {
      const row = await db
        .selectFrom('report_export_settings')
        .select('settings')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      // Stored settings were checked on the way in; defaults fill fields added since.
      return row
        ? { ...DEFAULT_EXPORT_SETTINGS, ...(JSON.parse(row.settings) as Partial<ExportSettings>) }
        : { ...DEFAULT_EXPORT_SETTINGS };
    },
    async put(userId, settings, at) {
      const values = { settings: JSON.stringify(settings), updated_at: at };
      await db
        .insertInto('report_export_settings')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },
  };
}
