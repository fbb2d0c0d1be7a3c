import { createAuditRepository, type Store } from '../../store/index.js';
import { createAlertStore } from '../../store/alerts/index.js';
import { pastAlertRow, type PastAlert } from './alert-history.js';
import { alertComingEvent, alertGoingEvent } from './alert-system-events.js';

/**
 * Stores past alerts as the live engine would have: each alert row, its coming and going in the
 * system event archive, and each acknowledgement in the audit log with the operator who gave it.
 * One transaction: the archive holds all of it or none.
 */
export async function storePastAlerts(store: Store, alerts: readonly PastAlert[]): Promise<number> {
  const sorted = [...alerts].sort((a, b) => a.comingAt - b.comingAt);
  await store.db.transaction().execute(async (trx) => {
    const repos = createAlertStore(trx);
    const audit = createAuditRepository(trx);
    for (const alert of sorted) {
      const row = await repos.alerts.insert(pastAlertRow(alert));
      await repos.systemEvents.append(alertComingEvent(row, alert.comingAt));
      if (alert.goingAt !== null) await repos.systemEvents.append(alertGoingEvent(row, alert.goingAt));
      const ack = alert.acknowledged;
      if (ack) {
        await audit.append({
          at: ack.at,
          userId: ack.userId,
          username: ack.username,
          action: 'alerts.acknowledge',
          object: `alerts ${row.id}`,
          detail: { ids: [row.id], count: 1 },
          remoteAddress: null,
        });
      }
    }
    // A repository of its own for this transaction: its timer ends here.
    await audit.close();
  });
  return sorted.length;
}
