import type {
  ActivatePlanData,
  AlarmDeliveryState,
  AlarmLineInfo,
  AlarmPlanConfig,
  AlarmPlanInfo,
  AlarmPvGroup,
  PlanToConfirm,
} from '@leitwarte/core';
import type { StoredPlan } from '../../store/remote-alarm/index.js';
import type { LiveLine } from './alarm-sequence.js';

/** Alarm plan info of screens §3 (the live state the plan channel publishes). */
export function toPlanInfo(plan: StoredPlan): AlarmPlanInfo {
  return {
    station: plan.station,
    planNumber: plan.planNumber,
    planname: plan.planname,
    active: plan.active,
    groupname: plan.groupname,
    activePriorities: [...plan.activePriorities],
    recipients: [...plan.recipients],
    alertingCount: plan.alertingCount,
    alertingCountMax: plan.alertingCountMax,
    callNumberChangeCount: plan.callNumberChangeCount,
    callNumberChangeCountMax: plan.callNumberChangeCountMax,
    undeliveredMessages: plan.pending.length,
    deliveredMessages: plan.deliveredMessages,
    statusText: plan.statusText,
    notificationsSent: plan.notificationsSent,
    notificationsFailed: plan.notificationsFailed,
    delivery: deliveryOf(plan),
  };
}

function deliveryOf(plan: StoredPlan): AlarmDeliveryState | null {
  const attempt = plan.escalation?.attempt;
  if (!attempt) return null;
  const { callNumberId, channel, phase, tries, until, lastError } = attempt;
  return { callNumberId, channel, phase, tries, until, lastError };
}

/** Alarm line info of screens §3. */
export function toLineInfo(line: LiveLine): AlarmLineInfo {
  return {
    station: line.station,
    lineNumber: line.lineNumber,
    busy: line.busy,
    faulty: line.faulty,
    connectionType: line.connectionType,
  };
}

export function toPlanConfig(plan: StoredPlan, canEdit: boolean): AlarmPlanConfig {
  return {
    station: plan.station,
    planNumber: plan.planNumber,
    planname: plan.planname,
    active: plan.active,
    groupname: plan.groupname,
    pvGroupId: plan.pvGroupId,
    currentUserCanEdit: canEdit,
  };
}

export function toActivation(
  plan: StoredPlan,
  groups: ReadonlyMap<number, AlarmPvGroup>,
  canEdit: boolean,
): ActivatePlanData {
  const group = plan.pvGroupId === null ? undefined : groups.get(plan.pvGroupId);
  return {
    plan: { station: plan.station, planNumber: plan.planNumber },
    planName: plan.planname,
    pvAreaName: group?.name ?? '',
    isActive: plan.active,
    currentUserCanEdit: canEdit,
  };
}

export function toPlanToConfirm(plan: StoredPlan, canAck: boolean): PlanToConfirm {
  return {
    station: plan.station,
    planNumber: plan.planNumber,
    planname: plan.planname,
    undeliveredMessages: plan.pending.length,
    unsentMessages: plan.pending.filter((m) => !m.sent).length,
    statusText: plan.statusText,
    currentUserCanEdit: canAck,
  };
}
