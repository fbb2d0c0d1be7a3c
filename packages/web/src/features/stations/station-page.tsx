import { Stack } from '@mantine/core';
import { pvKey, type Alert } from '@leitwarte/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useStationAlertsChannel } from '../../live/station-alerts';
import { useWatchStations } from '../../lib/use-live-station';
import { usePvSubscription } from '../../lib/use-pv-subscription';
import { useMay } from '../../lib/use-rights';
import { PvFormatProvider } from '../../ui/pv/pv-format-context';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { EnergyPanel } from './energy-panel';
import { PipeLeakagePanel } from './pipe-leakage-panel';
import { PvDetail } from './pv-detail';
import { PvKindTable } from './pv-kind-table';
import { groupByKind } from './pv-kinds';
import { StationAlertsList } from './station-alerts-list';
import { StationHeader } from './station-header';
import { useConfigOverrides, useStationData, useStationOpenAlerts } from './use-station-data';
import './stations.css';

/**
 * A station (screens §2): its head with dial state and buttons, its open alerts, its PVs by kind,
 * live, and a PV's detail (`?pv=AnaIn-100010`) with the actions the user may take.
 */
export function StationPage() {
  const { t } = useTranslation();
  const stationNr = Number(useParams().stationNr);
  const valid = Number.isInteger(stationNr) && stationNr >= 0;
  const { station, stationsLoaded, refs, configs, isPending, error, refetch } = useStationData(
    valid ? stationNr : -1,
  );
  const overrides = useConfigOverrides();
  const shown = useMemo(() => configs.map((c) => overrides.get(pvKey(c.pvRef)) ?? c), [configs, overrides]);
  // Subscribed with the station's node, beside the configs' request: values do not wait for it.
  usePvSubscription(refs);
  useWatchStations(station ? [station.stationNumber] : []);
  useStationAlertsChannel();
  const alerts = useStationOpenAlerts(stationNr);
  const alertsByPv = useMemo(() => {
    const map = new Map<string, Alert[]>();
    for (const alert of alerts) {
      if (!alert.pv) continue;
      const key = pvKey(alert.pv);
      map.set(key, [...(map.get(key) ?? []), alert]);
    }
    return map;
  }, [alerts]);
  const groups = useMemo(() => groupByKind(shown), [shown]);
  const may = useMay();
  const permissions = useMemo(
    () => ({
      writeValues: may('writeValues', stationNr),
      writeLimits: may('writeLimits', stationNr),
      ackAlerts: may('ackAlerts', stationNr),
    }),
    [may, stationNr],
  );
  const [params, setParams] = useSearchParams();
  const openKey = params.get('pv');
  const openConfig = shown.find((c) => pvKey(c.pvRef) === openKey) ?? null;
  const setOpen = useCallback(
    (key: string | null) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        if (key) copy.set('pv', key);
        else copy.delete('pv');
        return copy;
      }),
    [setParams],
  );

  if (!valid || (stationsLoaded && !station)) return <EmptyView message={t('operate.station.notFound')} />;
  if (error) return <ErrorView title={t('operate.station.loadError')} error={error} onRetry={refetch} />;
  if (!station) return <LoadingView />;
  return (
    <PvFormatProvider>
      <Stack gap="md">
        <StationHeader
          station={station}
          mayDial={may('dial', stationNr)}
          mayAckPriorityOutputs={permissions.ackAlerts}
        />
        <StationAlertsList alerts={alerts} />
        <EnergyPanel stationNr={stationNr} />
        <PipeLeakagePanel stationNr={stationNr} />
        {isPending ? <LoadingView /> : null}
        {!isPending && groups.length === 0 ? <EmptyView message={t('overview.noPvs')} /> : null}
        {groups.map((group) => (
          <PvKindTable
            key={group.kind}
            kind={group.kind}
            pvs={group.pvs}
            alertsByPv={alertsByPv}
            onOpen={setOpen}
          />
        ))}
      </Stack>
      <PvDetail config={openConfig} may={permissions} onClose={() => setOpen(null)} />
    </PvFormatProvider>
  );
}
