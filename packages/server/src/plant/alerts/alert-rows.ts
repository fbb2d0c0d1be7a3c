import {
  alertState,
  isAlertPending,
  isPvType,
  type Alert,
  type AlertBindingKind,
  type AlertLifecycle,
  type LimitType,
  type PvRef,
} from '@leitwarte/core';
import type { AlertRow, NewAlertRow } from '../../store/alerts/index.js';

/** What a condition that raises an alert says about itself. */
export interface ConditionInfo {
  /** Unique name of the condition: `AnaIn-100010/ogw`, `DigiIn-100021`, `station/8`. */
  source: string;
  bindingKind: AlertBindingKind;
  bindingKey: string;
  pv: PvRef | null;
  station: number | null;
  limitType: LimitType | null;
  priority: number;
  message: string;
  description: string;
  value: number | null;
  limit: number | null;
}

/** A condition event from a detector: it starts (raise, possibly already acknowledged on site) or ends. */
export type ConditionEvent =
  { kind: 'raise'; info: ConditionInfo; acknowledgedInField: boolean } | { kind: 'clear'; source: string };

/** Lifecycle flags of a stored alert. */
export function lifecycleOf(row: AlertRow): AlertLifecycle {
  return { active: row.active === 1, acknowledged: row.acknowledged_at !== null };
}

/** The row a newly raised condition is stored as. */
export function newAlertRow(info: ConditionInfo, at: number): NewAlertRow {
  return {
    source: info.source,
    binding_kind: info.bindingKind,
    binding_key: info.bindingKey,
    pv_type: info.pv?.type ?? null,
    pv_nr: info.pv?.nr ?? null,
    station: info.station,
    limit_type: info.limitType,
    priority: info.priority,
    message: info.message,
    description: info.description,
    value: info.value,
    limit_value: info.limit,
    active: 1,
    coming_at: at,
    going_at: null,
    acknowledged_at: null,
    acknowledged_by: null,
    acknowledged_by_id: null,
    ack_origin: null,
  };
}

/** The alert as the calls and live channels deliver it. */
export function toAlert(row: AlertRow): Alert {
  const lifecycle = lifecycleOf(row);
  const pv =
    row.pv_type !== null && row.pv_nr !== null && isPvType(row.pv_type)
      ? { type: row.pv_type, nr: row.pv_nr }
      : null;
  return {
    id: row.id,
    source: row.source,
    bindingKind: row.binding_kind as AlertBindingKind,
    bindingKey: row.binding_key,
    pv,
    station: row.station,
    limitType: (row.limit_type as LimitType | null) ?? null,
    priority: row.priority,
    message: row.message,
    description: row.description,
    value: row.value,
    limit: row.limit_value,
    state: alertState(lifecycle),
    active: lifecycle.active,
    pending: isAlertPending(lifecycle),
    comingAt: row.coming_at,
    goingAt: row.going_at,
    acknowledgedAt: row.acknowledged_at,
    acknowledgedBy: row.acknowledged_by,
    ackOrigin: (row.ack_origin as Alert['ackOrigin']) ?? null,
  };
}
