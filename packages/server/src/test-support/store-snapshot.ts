import { sql } from 'kysely';
import type { Store } from '../store/index.js';

/**
 * Tables that change on their own while the server runs (sessions touched, the audit, the
 * historian, alerts and events of the simulated plant, periodic plant records); every other
 * table is configuration or operator data that only a write may change.
 */
const CHANGING_ON_THEIR_OWN =
  /^(audit_log|sessions|meta|alerts|system_events|pipe_leakage_nights|energy_periods|webcam_images|history_.*|kysely_.*)$/;

async function tableNames(store: Store): Promise<string[]> {
  if (store.dialect === 'sqlite') {
    const rows = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(store.db);
    return rows.rows.map((r) => r.name);
  }
  const rows = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(store.db);
  return rows.rows.map((r) => r.name);
}

/** The content of every table that only writes change, as text to compare before and after. */
export async function snapshotStore(store: Store): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = {};
  for (const name of (await tableNames(store)).filter((n) => !CHANGING_ON_THEIR_OWN.test(n)).sort()) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(store.db);
    snapshot[name] = rows.rows
      .map((row) =>
        JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value)),
      )
      .sort()
      .join('\n');
  }
  return snapshot;
}
