import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { createDatasheetRepository, type DatasheetRepository } from './datasheet-repository.js';
import { createLifecycleRepository, type LifecycleRepository } from './lifecycle-repository.js';
import {
  createMaintenanceConfigRepository,
  type MaintenanceConfigRepository,
} from './maintenance-config-repository.js';

export * from './datasheet-repository.js';
export * from './lifecycle-repository.js';
export * from './maintenance-config-repository.js';
export type * from './maintenance-tables.js';

/** The maintenance repositories over one store. */
export interface MaintenanceRepositories {
  configs: MaintenanceConfigRepository;
  lifecycle: LifecycleRepository;
  datasheets: DatasheetRepository;
}

/** Creates the maintenance repositories over the store's database. */
export function createMaintenanceRepositories(db: Kysely<Database>): MaintenanceRepositories {
  return {
    configs: createMaintenanceConfigRepository(db),
    lifecycle: createLifecycleRepository(db),
    datasheets: createDatasheetRepository(db),
  };
}
export * from './calendar-token-repository.js';
