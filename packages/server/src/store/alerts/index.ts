import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { createAlertsRepository, type AlertsRepository } from './alerts-repository.js';
import {
  createDigitalPrioritiesRepository,
  createLimitsRepository,
  type DigitalPrioritiesRepository,
  type LimitsRepository,
} from './limits-repository.js';
import {
  createSystemConfigRepository,
  createSystemEventsRepository,
  type SystemConfigRepository,
  type SystemEventsRepository,
} from './system-repository.js';

export type { AlertTables } from './tables.js';
export type { AlertAck, AlertPage, AlertRow, AlertsRepository, NewAlertRow } from './alerts-repository.js';
export type {
  DigitalPriorityRow,
  DigitalPrioritiesRepository,
  LimitRow,
  LimitsRepository,
} from './limits-repository.js';
export {
  countAuditRows,
  type NewSystemEvent,
  type SystemConfigRepository,
  type SystemEventRow,
  type SystemEventsRepository,
} from './system-repository.js';

/** The repositories of limits, alerts, system configuration and system events. */
export interface AlertStore {
  limits: LimitsRepository;
  digitalPriorities: DigitalPrioritiesRepository;
  alerts: AlertsRepository;
  systemConfig: SystemConfigRepository;
  systemEvents: SystemEventsRepository;
}

/** Repositories over the store's query layer (both dialects). */
export function createAlertStore(db: Kysely<Database>): AlertStore {
  return {
    limits: createLimitsRepository(db),
    digitalPriorities: createDigitalPrioritiesRepository(db),
    alerts: createAlertsRepository(db),
    systemConfig: createSystemConfigRepository(db),
    systemEvents: createSystemEventsRepository(db),
  };
}
