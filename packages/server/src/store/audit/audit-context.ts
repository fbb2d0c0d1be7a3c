import { AsyncLocalStorage } from 'node:async_hooks';

/** What one request has written to the audit so far. */
export interface AuditTrail {
  written: boolean;
}

const trails = new AsyncLocalStorage<AuditTrail>();

/** Runs `work` (a request, with everything it awaits) with a trail of its own. */
export function withAuditTrail<T>(trail: AuditTrail, work: () => T): T {
  return trails.run(trail, work);
}

/** Notes that the current request wrote (or, rate-limited, counted) an audit row. */
export function noteAuditWritten(): void {
  const trail = trails.getStore();
  if (trail !== undefined) trail.written = true;
}
