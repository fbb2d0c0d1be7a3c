import type { PvRef } from '@leitwarte/core';
import type { SessionPrincipal } from './session-gate.js';

/** Who asks: enough of a session to decide rights. */
export type RightsSubject = Pick<SessionPrincipal, 'userId' | 'username' | 'role'>;

/**
 * Rights per object. Deny by default: a subject may do what its role grants. Roles are the
 * first slice of the rights model; PV groups, stations and plans as objects of rights come
 * with the rights model of the call layer, behind this same interface.
 */
export interface Rights {
  canReadPv(subject: RightsSubject, ref: PvRef): boolean;
  canEditPlan(subject: RightsSubject): boolean;
  canEditCallNumbers(subject: RightsSubject): boolean;
  canEditText(subject: RightsSubject): boolean;
  canEditChart(subject: RightsSubject): boolean;
}

const READING_ROLES = new Set(['administrator', 'operator', 'maintenance', 'viewer']);
const OPERATING_ROLES = new Set(['administrator', 'operator']);

/** Rights by role: every known role reads every PV; administrators and operators operate. */
export function createRoleRights(): Rights {
  const operates = (subject: RightsSubject) => OPERATING_ROLES.has(subject.role);
  return {
    canReadPv: (subject) => READING_ROLES.has(subject.role),
    canEditPlan: operates,
    canEditCallNumbers: operates,
    canEditText: operates,
    canEditChart: operates,
  };
}
