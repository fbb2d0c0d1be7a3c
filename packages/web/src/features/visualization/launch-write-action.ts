import { pvKey } from '@leitwarte/core';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import type { PvAction } from './pv-action';

/** The PVs or stations an action is about, as the operator reads them. */
export function describeTargets(action: PvAction): string {
  switch (action.kind) {
    case 'limits':
      return pvKey(action.pv);
    case 'acknowledgePriorityOutputs':
      return action.stationNr === undefined ? '' : String(action.stationNr);
    case 'dial':
      return action.stationNrs.join(', ');
    default:
      return action.pvs.map(pvKey).join(', ');
  }
}

/**
 * Hands a write action of a process image to the dialogs of "Operating the plant". Until those
 * dialogs are part of the app, it says plainly which action with which PVs was asked for.
 */
export function launchWriteAction(action: PvAction): void {
  const t = i18next.t.bind(i18next);
  notifications.show({
    title: t(`processImages.writeAction.${action.kind}`),
    message: t('processImages.writeAction.targets', {
      targets: describeTargets(action),
      preset:
        action.kind === 'setValues' && action.defaultValue !== undefined ? ` (${action.defaultValue})` : '',
    }),
    withBorder: true,
    autoClose: 8000,
  });
}
