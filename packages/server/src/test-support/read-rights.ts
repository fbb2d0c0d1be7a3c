import type { EffectiveRights, PvRef } from '@leitwarte/core';
import type { Rights, RightsSubject } from '../auth/rights.js';

/** Rights of unit tests that only decide who reads which PV; every other right is refused. */
export function readOnlyRights(canReadPv: (subject: RightsSubject, ref: PvRef) => boolean): Rights {
  const none: EffectiveRights = { userId: 0, username: '', roles: [], grants: [] };
  return {
    effective: () => none,
    has: () => false,
    onPv: (subject, right, ref) => right === 'read' && canReadPv(subject, ref),
    onStation: () => false,
    onPlan: () => false,
    canReadPv,
  };
}
