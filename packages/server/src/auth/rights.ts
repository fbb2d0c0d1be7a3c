import type { PvRef } from '@leitwarte/core';
import type { SessionPrincipal } from './session-gate.js';

/**
 * Rights per object. Deny by default: a principal reads what its role grants. The walking
 * skeleton knows roles only; PV groups, stations and plans as objects of rights come with the
 * rights model of the call layer.
 */
export interface Rights {
  canReadPv(principal: SessionPrincipal, ref: PvRef): boolean;
}

const READING_ROLES = new Set(['administrator', 'operator', 'maintenance', 'viewer']);

/** Rights by role: every known role reads every PV; unknown roles read nothing. */
export function createRoleRights(): Rights {
  return {
    canReadPv: (principal) => READING_ROLES.has(principal.role),
  };
}
