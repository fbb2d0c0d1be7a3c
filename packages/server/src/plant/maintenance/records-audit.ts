import type { LifecycleEntry } from '@leitwarte/core';
import type { Store } from '../../store/index.js';
import type { MaintenanceActor } from './actor.js';

/** Appends one audit row of a maintenance write: who changed which object, old → new (as JSON). */
export type RecordsAudit = (
  actor: MaintenanceActor,
  action: string,
  object: string,
  detail: Record<string, unknown>,
  change?: { old?: unknown; new?: unknown },
) => Promise<void>;

export function createRecordsAudit(store: Store, now: () => number): RecordsAudit {
  return (actor, action, object, detail, change = {}) =>
    store.audit.append({
      at: now(),
      userId: actor.userId,
      username: actor.username,
      action,
      object,
      oldValue: change.old === undefined ? null : JSON.stringify(change.old),
      newValue: change.new === undefined ? null : JSON.stringify(change.new),
      detail,
      remoteAddress: actor.remoteAddress ?? null,
    });
}

/** What the audit keeps of a life-cycle entry: enough to see the change, not the bookkeeping. */
export const auditedEntry = (e: LifecycleEntry) => ({
  pvRef: e.pvRef,
  maintenanceTimestamp: e.maintenanceTimestamp,
  text: e.text,
  kind: e.kind,
});
