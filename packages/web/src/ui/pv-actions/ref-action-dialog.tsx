import type { PvRef, PvWriteReply } from '@leitwarte/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acknowledgeDigitalInputs, resetCounters } from '../../api/pv';
import { ActionModal, ConfirmStep, pvLabel, type Failure } from './parts';
import { usePvConfigs } from './use-pv-configs';

/**
 * Counter reset and failure-input acknowledge: confirm, call, and on anything but Success (or a
 * reply with missing PVs, screens §8) the dialog with the error and the lists.
 */
export function RefActionDialog({
  kind,
  pvs,
  onClose,
}: {
  kind: 'resetCounters' | 'acknowledgeFailure';
  pvs: PvRef[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { configs } = usePvConfigs(pvs);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const reset = kind === 'resetCounters';

  const run = async () => {
    setBusy(true);
    const reply: PvWriteReply = reset ? await resetCounters(pvs) : await acknowledgeDigitalInputs(pvs);
    setBusy(false);
    if (reply.status === 'Success' && reply.missingPvs.length === 0) {
      onClose();
      return;
    }
    const names = (refs: PvRef[]) => refs.map((r) => pvLabel(r, configs));
    setFailure({
      title: reset ? t('dialogs.countersNotReset.title') : t('dialogs.failureInputNotAcknowledged.title'),
      errorMessage: reply.errorMessage ?? reply.status,
      lists: [
        {
          label: reset ? t('rights.noWriteCounters') : t('rights.noAckFailureInputs'),
          items: names(reply.unauthorizedPvs),
        },
        {
          label: reset ? t('dialogs.lists.missingCounters') : t('dialogs.lists.missingPvs'),
          items: names(reply.missingPvs),
        },
      ],
    });
  };

  return (
    <ActionModal
      title={reset ? t('operate.resetCounters.title') : t('operate.acknowledgeFailure.title')}
      failure={failure}
      onClose={onClose}
    >
      <ConfirmStep
        question={reset ? t('operate.resetCounters.confirm') : t('operate.acknowledgeFailure.confirm')}
        items={pvs.map((r) => pvLabel(r, configs))}
        confirmLabel={reset ? t('operate.resetCounters.submit') : t('operate.acknowledgeFailure.submit')}
        busy={busy}
        onCancel={onClose}
        onConfirm={() => void run()}
      />
    </ActionModal>
  );
}
