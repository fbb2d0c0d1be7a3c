import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { StoreDialect } from './dialect.js';
import { initialMigration } from './migrations/001-initial.js';
import { maintenanceReportsMigration } from './migrations/004-maintenance-reports.js';
import { alertsMigration } from './migrations/002-alerts.js';
import { remoteAlarmMigration } from './migrations/003-remote-alarm.js';
import { chartsDashboardsMigration } from './migrations/005-charts-dashboards.js';
import { historianMigration } from './migrations/006-historian.js';
import { rightsMigration } from './migrations/007-rights.js';
import { accountsMigration } from './migrations/008-accounts.js';
import { historyGapsMigration } from './migrations/009-history-gaps.js';
import { remoteAlarmDeliveryMigration } from './migrations/010-remote-alarm-delivery.js';
import { auditChainMigration } from './migrations/011-audit-chain.js';
import { reportExportsMigration } from './migrations/012-report-exports.js';
import { fieldOwnerMigration } from './migrations/015-field-owner.js';
import { dashboardEditingMigration } from './migrations/018-dashboard-editing.js';
import { calendarTokensMigration } from './migrations/019-calendar-tokens.js';

/**
 * Migrations in code, in order; names sort by their number. A new migration takes the next free
 * number: a store that already ran the later ones refuses a name that sorts before them.
 */
export function migrations(dialect: StoreDialect): Record<string, Migration> {
  return {
    '001-initial': initialMigration(dialect),
    '002-alerts': alertsMigration(dialect),
    '003-remote-alarm': remoteAlarmMigration(dialect),
    '004-maintenance-reports': maintenanceReportsMigration(dialect),
    '005-charts-dashboards': chartsDashboardsMigration(dialect),
    // On SQLite the historian has its own file (history.sqlite), migrated by the historian.
    ...(dialect === 'postgres' ? { '006-historian': historianMigration(dialect) } : {}),
    '007-rights': rightsMigration(dialect),
    '008-accounts': accountsMigration(dialect),
    ...(dialect === 'postgres' ? { '009-history-gaps': historyGapsMigration } : {}),
    '010-remote-alarm-delivery': remoteAlarmDeliveryMigration(dialect),
    '011-audit-chain': auditChainMigration(dialect),
    '012-report-exports': reportExportsMigration(dialect),
    ...(dialect === 'postgres' ? { '015-field-owner': fieldOwnerMigration } : {}),
    '018-dashboard-editing': dashboardEditingMigration,
    '019-calendar-tokens': calendarTokensMigration,
  };
}

/** Brings the store's schema to the newest version; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<unknown>, dialect: StoreDialect): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined) {
    const name = failed === undefined ? '' : ` (${failed.migrationName})`;
    throw new Error(`migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
