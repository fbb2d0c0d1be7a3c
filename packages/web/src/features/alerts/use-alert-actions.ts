import { hasRight, type AckAlertsReply, type Alert, type EffectiveRights } from '@leitwarte/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acknowledgeAlerts, acknowledgeAllAlerts, deleteAlerts } from '../../api/alerts';
import { ApiError } from '../../api/http';
import { errorText } from '../../api/error-text';
import type { AlertChange } from './alert-merge';
import type { DialogContent } from './message-dialog';

export interface AlertActions {
  /** False while the user's rights are loading: nothing is offered or refused yet. */
  rightsKnown: boolean;
  mayAcknowledge: boolean;
  mayDelete: boolean;
  busy: boolean;
  /** The outcome of the last action, shown beside the buttons. */
  outcome: string | null;
  dialog: DialogContent | null;
  closeDialog: () => void;
  acknowledge: (alerts: readonly Alert[]) => void;
  acknowledgeAll: () => void;
  remove: (alerts: readonly Alert[]) => void;
}

/** A closed alert (gone and acknowledged) is all the server deletes. */
export const isClosed = (alert: Alert) => !alert.active && alert.acknowledgedAt !== null;

/**
 * Acknowledge selected, acknowledge all and delete, as the action flows of screens §4 run:
 * confirm, call, and a dialog with OK when the call did not succeed (screens §8). What a call
 * changed is merged into the list at once; the alert channel reports it to other screens.
 */
export function useAlertActions(
  rights: EffectiveRights | undefined,
  apply: (change: AlertChange) => void,
): AlertActions {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogContent | null>(null);
  // Stable, so the dialog (memoised) is not rendered again by live changes of the list.
  const closeDialog = useCallback(() => setDialog(null), []);

  // The server's reason where it gave one (e.g. the alerts he may not delete), else the catalogue's.
  const errorMessageOf = (error: unknown) => {
    if (error instanceof ApiError) return error.message;
    const reason = errorText(error);
    return reason.key === 'errors.http' ? t(reason.key, { status: reason.status }) : t(reason.key);
  };
  const ackFailed = (reply: AckAlertsReply) =>
    setDialog({
      title: t('alerts.ack.failedTitle'),
      message:
        reply.status === 'Unauthorized' ? t('alerts.ack.noRights') : (reply.errorMessage ?? reply.status),
    });
  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    setOutcome(null);
    try {
      await call();
    } finally {
      setBusy(false);
    }
  };
  const afterAck = (reply: AckAlertsReply) => {
    if (reply.status !== 'Success') return ackFailed(reply);
    apply({ kind: 'upsert', alerts: reply.acknowledged });
    setOutcome(
      reply.acknowledged.length === 0
        ? t('alerts.ack.nothing')
        : t('alerts.ack.done', { count: reply.acknowledged.length }),
    );
  };

  return {
    rightsKnown: rights !== undefined,
    mayAcknowledge: rights !== undefined && hasRight(rights, 'ackAlerts'),
    mayDelete: rights !== undefined && hasRight(rights, 'deleteAlerts'),
    busy,
    outcome,
    dialog,
    closeDialog,
    acknowledge: (alerts) =>
      void run(async () =>
        afterAck(await acknowledgeAlerts(alerts.filter((a) => a.acknowledgedAt === null))),
      ),
    acknowledgeAll: () =>
      setDialog({
        title: t('alerts.ack.confirmAllTitle'),
        message: t('alerts.ack.confirmAll'),
        confirmLabel: t('alerts.ack.confirm'),
        onConfirm: () => void run(async () => afterAck(await acknowledgeAllAlerts())),
      }),
    remove: (alerts) => {
      const closed = alerts.filter(isClosed);
      if (closed.length === 0) {
        setDialog({ title: t('alerts.delete.failedTitle'), message: t('alerts.delete.onlyClosed') });
        return;
      }
      setDialog({
        title: t('alerts.delete.confirmTitle'),
        message: t('alerts.delete.confirm', { count: closed.length }),
        confirmLabel: t('alerts.delete.action', { count: closed.length }),
        onConfirm: () =>
          void run(async () => {
            try {
              const deleted = await deleteAlerts(closed);
              apply({ kind: 'delete', ids: deleted.map((d) => d.id) });
              setOutcome(t('alerts.delete.done', { count: deleted.length }));
            } catch (error) {
              setDialog({ title: t('alerts.delete.failedTitle'), message: errorMessageOf(error) });
            }
          }),
      });
    },
  };
}
