import type { PvRef, PvType, RuntimeDimension, ServiceMessageType } from '@leitwarte/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { MaintenanceConfigsTable } from './maintenance-tables.js';

export type MaintenanceConfigRow = Selectable<MaintenanceConfigsTable>;

/** A stored service-message config of one limit of a runtime PV. */
export interface StoredMaintenanceConfig {
  pvRef: PvRef;
  serviceMessageType: ServiceMessageType;
  delayTime: number;
  description: string;
  message: string;
  priority: number;
  /** Fallback target while the runtime PV has not reported its limits. */
  runtimeHours: number;
  runtimeDimension: RuntimeDimension;
}

/** Service-message configs per runtime PV and the list of maintenance description texts. */
export interface MaintenanceConfigRepository {
  all(): Promise<StoredMaintenanceConfig[]>;
  ofPv(ref: PvRef): Promise<StoredMaintenanceConfig[]>;
  /** Inserts or replaces the config of one limit. */
  upsert(config: StoredMaintenanceConfig, now: number): Promise<void>;
  count(): Promise<number>;
  descriptions(): Promise<string[]>;
  /** Replaces the description list (order kept). */
  replaceDescriptions(texts: readonly string[]): Promise<void>;
}

const toConfig = (row: MaintenanceConfigRow): StoredMaintenanceConfig => ({
  pvRef: { type: row.pv_type as PvType, nr: row.pv_nr },
  serviceMessageType: row.message_type as ServiceMessageType,
  delayTime: row.delay_time,
  description: row.description,
  message: row.message,
  priority: row.priority,
  runtimeHours: row.runtime_hours,
  runtimeDimension: row.runtime_dimension as RuntimeDimension,
});

export function createMaintenanceConfigRepository(db: Kysely<Database>): MaintenanceConfigRepository {
  const select = () =>
    db.selectFrom('maintenance_configs').selectAll().orderBy('pv_type').orderBy('pv_nr').orderBy('id');
  return {
    all: async () => (await select().execute()).map(toConfig),
    ofPv: async (ref) =>
      (await select().where('pv_type', '=', ref.type).where('pv_nr', '=', ref.nr).execute()).map(toConfig),
    async upsert(c, now) {
      const values = {
        delay_time: c.delayTime,
        description: c.description,
        message: c.message,
        priority: c.priority,
        runtime_hours: c.runtimeHours,
        runtime_dimension: c.runtimeDimension,
        updated_at: now,
      };
      await db
        .insertInto('maintenance_configs')
        .values({ pv_type: c.pvRef.type, pv_nr: c.pvRef.nr, message_type: c.serviceMessageType, ...values })
        .onConflict((oc) => oc.columns(['pv_type', 'pv_nr', 'message_type']).doUpdateSet(values))
        .execute();
    },
    async count() {
      const row = await db
        .selectFrom('maintenance_configs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    descriptions: async () =>
      (
        await db.selectFrom('maintenance_descriptions').select('text').orderBy('sort').orderBy('id').execute()
      ).map((r) => r.text),
    async replaceDescriptions(texts) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('maintenance_descriptions').execute();
        if (texts.length > 0) {
          await trx
            .insertInto('maintenance_descriptions')
            .values(texts.map((text, sort) => ({ text, sort })))
            .execute();
        }
      });
    },
  };
}
