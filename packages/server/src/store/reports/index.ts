import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import {
  createExportSettingsRepository,
  type ExportSettingsRepository,
} from './export-settings-repository.js';
import { createManualInputRepository, type ManualInputRepository } from './manual-input-repository.js';
import { createReportConfigRepository, type ReportConfigRepository } from './report-config-repository.js';
import { createRuebEventRepository, type RuebEventRepository } from './rueb-event-repository.js';

export * from './export-settings-repository.js';
export * from './manual-input-repository.js';
export * from './report-config-repository.js';
export * from './rueb-event-repository.js';
export type * from './report-tables.js';

/** The report repositories over one store. */
export interface ReportRepositories {
  configs: ReportConfigRepository;
  manualInputs: ManualInputRepository;
  ruebEvents: RuebEventRepository;
  exportSettings: ExportSettingsRepository;
}

/** Creates the report repositories over the store's database. */
export function createReportRepositories(db: Kysely<Database>): ReportRepositories {
  return {
    configs: createReportConfigRepository(db),
    manualInputs: createManualInputRepository(db),
    ruebEvents: createRuebEventRepository(db),
    exportSettings: createExportSettingsRepository(db),
  };
}
