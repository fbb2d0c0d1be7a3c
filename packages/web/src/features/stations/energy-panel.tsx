import { Paper, SimpleGrid, Title } from '@mantine/core';
import type { EnergyOptValues } from '@leitwarte/core';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { energyHub } from '../../live/energy-hub';
import { useLocaleFormat } from '../../lib/format-locale';
import { LabelledValue } from './labelled-value';

/** Seconds as MM:SS (screens §9 "Period rest time display"). */
export function formatRestTime(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

function Optimisation({ values }: { values: EnergyOptValues }) {
  const { t } = useTranslation();
  const { withUnit, number } = useLocaleFormat();
  const kw = (v: number) => withUnit(v, 'kW', { maximumFractionDigits: 1 });
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={values.name}
      data-energy-opt={values.id}
    >
      <Title order={2} size="h4" mb="xs">
        {values.name}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm">
        <LabelledValue label={t('operate.energy.gridPower')} value={kw(values.gridActivePower)} />
        <LabelledValue label={t('operate.energy.gridMeanPower')} value={kw(values.gridMeanActivePower)} />
        <LabelledValue label={t('operate.energy.chpPower')} value={kw(values.chpActivePower)} />
        <LabelledValue label={t('operate.energy.trendPower')} value={kw(values.trendPower)} />
        <LabelledValue label={t('operate.energy.setpoint')} value={kw(values.setpoint)} />
        <LabelledValue label={t('operate.energy.periodMax')} value={kw(values.periodMaxPower)} />
        <LabelledValue label={t('operate.energy.restTime')} value={formatRestTime(values.periodRestTime)} />
        <LabelledValue label={t('operate.energy.correctivePower')} value={kw(values.correctivePower)} />
        <LabelledValue label={t('operate.energy.idlePower')} value={kw(values.idlePower)} />
        <LabelledValue
          label={t('operate.energy.cosPhi')}
          value={number(values.cosPhi, { maximumFractionDigits: 2 })}
        />
        <LabelledValue
          label={t('operate.energy.priorityMinutes')}
          value={number(values.priorityOperatedMinutes, { maximumFractionDigits: 0 })}
        />
        <LabelledValue
          label={t('operate.energy.utilityImpulse')}
          value={values.utilityImpulse ? t('pv.state.active') : t('pv.state.inactive')}
        />
      </SimpleGrid>
    </Paper>
  );
}

/** The station's energy optimisations, live from their channel; nothing where it has none. */
export function EnergyPanel({ stationNr }: { stationNr: number }) {
  useEffect(() => energyHub.acquire(), []);
  const all = useSyncExternalStore(
    (l) => energyHub.values.subscribe(l),
    () => energyHub.values.all(),
  );
  const own = all.filter((v) => v.station === stationNr);
  return (
    <>
      {own.map((values) => (
        <Optimisation key={values.id} values={values} />
      ))}
    </>
  );
}
