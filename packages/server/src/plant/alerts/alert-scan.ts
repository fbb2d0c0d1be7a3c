import type { Alert, AlertsReply } from '@leitwarte/core';
import type { AlertPage } from '../../store/alerts/index.js';
import { toAlert } from './alert-rows.js';

/** Newest first with coming time in [start, end], at most limit (the store's page). */
export type AlertPager = (start: number, end: number, limit: number) => Promise<AlertPage>;

const BATCH = 2000;
const BATCH_MAX = 100_000;

/**
 * The first `limit` alerts of [start, end] that `keep` accepts, newest first, and how many it
 * accepts in all. The store cannot decide a user's rights, so the range is read in batches,
 * each ending at the coming time of the previous batch's last row; rows of that boundary time
 * already seen are skipped. Only the alerts kept for the reply are held in memory.
 */
export async function scanAlerts(
  page: AlertPager,
  start: number,
  end: number,
  limit: number,
  keep: (alert: Alert) => boolean,
): Promise<AlertsReply> {
  const alerts: Alert[] = [];
  let total = 0;
  let upper = end;
  let batch = BATCH;
  let boundary = new Set<number>();
  for (;;) {
    const { rows } = await page(start, upper, batch);
    let fresh = 0;
    for (const row of rows) {
      if (row.coming_at === upper && boundary.has(row.id)) continue;
      fresh += 1;
      const alert = toAlert(row);
      if (!keep(alert)) continue;
      total += 1;
      if (alerts.length < limit) alerts.push(alert);
    }
    const last = rows.at(-1)?.coming_at;
    if (rows.length < batch || last === undefined) break;
    if (fresh === 0) {
      // A whole batch shares one coming time: read that time in larger batches.
      if (batch >= BATCH_MAX) break;
      batch = Math.min(batch * 2, BATCH_MAX);
      continue;
    }
    const atLast = rows.filter((r) => r.coming_at === last).map((r) => r.id);
    boundary = last === upper ? new Set([...boundary, ...atLast]) : new Set(atLast);
    upper = last;
  }
  return { alerts, total };
}
