/**
 * Share of the target below which a remaining runtime counts as "due soon": the last tenth of a
 * service interval, the same margin as the pre-warning limits of the demo plant (90 % of the target).
 */
export const DUE_SOON_SHARE = 0.1;

/** How urgent a maintenance notification is: overdue, due soon, or neither. */
export type MaintenanceUrgency = 'overdue' | 'dueSoon' | 'ok';

/**
 * Urgency of a notification from its (equally scaled) target and remaining runtime: overdue once
 * the target is reached (remaining ≤ 0), due soon within the last tenth of the target. The ratio
 * does not depend on the dimension, so scaled and raw figures give the same answer.
 */
export function maintenanceUrgency(targetRuntime: number, remainingRuntime: number): MaintenanceUrgency {
  if (!(targetRuntime > 0)) return 'ok';
  if (remainingRuntime <= 0) return 'overdue';
  return remainingRuntime < targetRuntime * DUE_SOON_SHARE ? 'dueSoon' : 'ok';
}
