import type { Generated } from 'kysely';

/** Tables of limits, alerts, system configuration and system events (migration 002). */
export interface AlertTables {
  pv_limits: PvLimitsTable;
  digital_priorities: DigitalPrioritiesTable;
  alerts: AlertsTable;
  system_config: SystemConfigTable;
  system_events: SystemEventsTable;
}

/** One analog limit of an AnaIn PV; the key is (pv_nr, limit_type). */
export interface PvLimitsTable {
  pv_nr: number;
  limit_type: string;
  limit_value: number;
  priority: number;
  delay_time: number;
  description: string;
  message: string;
  not_set: number;
  updated_at: number;
}

/** Priority of a DigiIn alert input, replacing the plant definition's. */
export interface DigitalPrioritiesTable {
  pv_nr: number;
  priority: number;
  updated_at: number;
}

export interface AlertsTable {
  id: Generated<number>;
  source: string;
  binding_kind: string;
  binding_key: string;
  pv_type: string | null;
  pv_nr: number | null;
  station: number | null;
  limit_type: string | null;
  priority: number;
  message: string;
  description: string;
  value: number | null;
  limit_value: number | null;
  active: number;
  coming_at: number;
  going_at: number | null;
  acknowledged_at: number | null;
  acknowledged_by: string | null;
  acknowledged_by_id: number | null;
  ack_origin: string | null;
}

/** One part of the system configuration as a JSON document. */
export interface SystemConfigTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface SystemEventsTable {
  id: Generated<number>;
  at: number;
  kind: string;
  station: number | null;
  object: string | null;
  text: string;
  detail: string | null;
}
