import type { StationCallAction } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allStationsQuery, callStations } from '../../api/station';
import { stationAlarmHub } from '../../live/station-alarm-hub';
import { ActionModal, ConfirmStep, type Failure } from './parts';

/** How long a Connecting/Disconnecting stays without an answer from the station channel. */
export const LOCAL_DIAL_STATE_MS = 15_000;

const ACTIONS = { connect: 'Connect', disconnect: 'Disconnect', status: 'Status' } as const satisfies Record<
  string,
  StationCallAction
>;

/**
 * Dialling (screens §4): after the confirmation Connect shows Connecting and Disconnect
 * Disconnecting at once, Status changes nothing; then the call. A refusal names the stations
 * without rights, not callable, or without configuration, and the local state goes back.
 */
export function DialDialog({
  stationNrs,
  command,
  onClose,
}: {
  stationNrs: number[];
  command: 'connect' | 'disconnect' | 'status';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const stations = useQuery(allStationsQuery);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const nameOf = (nr: number) => stations.data?.find((s) => s.stationNumber === nr)?.name ?? String(nr);
  const local = command === 'connect' ? 'Connecting' : command === 'disconnect' ? 'Disconnecting' : null;

  const run = async () => {
    if (local) for (const nr of stationNrs) stationAlarmHub.states.setLocal(nr, local);
    setBusy(true);
    const reply = await callStations(ACTIONS[command], stationNrs);
    setBusy(false);
    if (reply.status === 'Success') {
      // The server's next dial state ends the local one; a station already in the wanted state
      // reports none, so the local word goes back to the server's state after a while anyway.
      if (local) {
        setTimeout(() => {
          for (const nr of stationNrs) {
            if (stationAlarmHub.states.get(nr)?.localDial === local)
              stationAlarmHub.states.setLocal(nr, null);
          }
        }, LOCAL_DIAL_STATE_MS);
      }
      onClose();
      return;
    }
    if (local) for (const nr of stationNrs) stationAlarmHub.states.setLocal(nr, null);
    setFailure({
      title: t('dialogs.actionFailed.title'),
      errorMessage: reply.errorMessage ?? reply.status,
      lists: [
        { label: t('dialogs.lists.unauthorizedStations'), items: reply.unauthorized.map(nameOf) },
        { label: t('dialogs.lists.notCallableStations'), items: reply.notCallable.map(nameOf) },
        { label: t('dialogs.lists.missingStations'), items: reply.missing.map(nameOf) },
      ],
    });
  };

  return (
    <ActionModal title={t(`operate.dial.${command}`)} failure={failure} onClose={onClose}>
      <ConfirmStep
        question={t(`operate.dial.confirm.${command}`)}
        items={stationNrs.map(nameOf)}
        confirmLabel={t(`operate.dial.${command}`)}
        busy={busy}
        onCancel={onClose}
        onConfirm={() => void run()}
      />
    </ActionModal>
  );
}
