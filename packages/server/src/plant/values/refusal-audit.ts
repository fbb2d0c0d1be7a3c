import { pvKey, type PvRef } from '@leitwarte/core';
import type { Store } from '../../store/index.js';

/** Who writes: the logged-in user the audit names and whose rights decide. */
export interface WriteActor {
  userId: number | null;
  username: string;
  remoteAddress?: string | null;
}

/** At most this many PV keys name the object of a refusal row; the detail lists them all. */
const OBJECT_KEYS = 20;

/** One audit row for a refused write: who, which PVs, and why (detail). */
export async function auditRefusal(
  store: Store,
  actor: WriteActor,
  action: string,
  refs: readonly PvRef[],
  detail: Record<string, unknown>,
  at = Date.now(),
): Promise<void> {
  const all = refs.map(pvKey);
  const object = all.length > OBJECT_KEYS ? `${all.slice(0, OBJECT_KEYS).join(', ')}, …` : all.join(', ');
  await store.audit.append({
    at,
    userId: actor.userId,
    username: actor.username,
    action,
    object,
    detail: { ...detail, pvs: all },
    remoteAddress: actor.remoteAddress ?? null,
  });
}
