import { planKey, type AlarmPlanRef, type PlansReply } from '@leitwarte/core';
import type { StoredPlan } from '../../store/remote-alarm/index.js';

/** The plans a request names, or the reply that refuses it (nothing changes then). */
export type ResolvedPlans = { ok: true; plans: StoredPlan[] } | { ok: false; reply: PlansReply };

/**
 * Resolves the plans of a request: every plan must exist, be named once and be allowed for the
 * caller. Deny by default: one missing or unauthorized plan refuses the whole request.
 */
export function resolvePlans(
  refs: readonly AlarmPlanRef[],
  byKey: ReadonlyMap<string, StoredPlan>,
  allowed: (ref: AlarmPlanRef) => boolean,
): ResolvedPlans {
  const missingPlans: AlarmPlanRef[] = [];
  const unauthorizedPlans: AlarmPlanRef[] = [];
  const seen = new Set<string>();
  const plans: StoredPlan[] = [];
  for (const raw of refs) {
    const ref = { station: raw.station, planNumber: raw.planNumber };
    const key = planKey(ref);
    if (seen.has(key)) {
      return { ok: false, reply: failed(`Plan ${key} ist mehrfach angegeben.`) };
    }
    seen.add(key);
    const plan = byKey.get(key);
    if (!plan) missingPlans.push(ref);
    else if (!allowed(plan)) unauthorizedPlans.push(ref);
    else plans.push(plan);
  }
  if (missingPlans.length > 0) {
    return {
      ok: false,
      reply: {
        ...failed(`Unbekannte Pläne: ${missingPlans.map(planKey).join(', ')}`),
        missingPlans,
        unauthorizedPlans,
      },
    };
  }
  if (unauthorizedPlans.length > 0) {
    return {
      ok: false,
      reply: {
        status: 'Unauthorized',
        errorMessage: 'Keine Rechte für die Pläne.',
        unauthorizedPlans,
        missingPlans: [],
      },
    };
  }
  return { ok: true, plans };
}

export function failed(errorMessage: string): PlansReply {
  return { status: 'Failed', errorMessage, unauthorizedPlans: [], missingPlans: [] };
}

export function succeeded(): PlansReply {
  return { status: 'Success', errorMessage: null, unauthorizedPlans: [], missingPlans: [] };
}
