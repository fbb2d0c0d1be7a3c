import { Alert, Badge, Paper, SimpleGrid, Title } from '@mantine/core';
import { formatPipeLeakageTime, type PipeLeakageConfig } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { plantInfoQuery } from '../../api/plant-info';
import { useLocaleFormat } from '../../lib/format-locale';
import { pipeLeakageHub } from '../../live/pipe-leakage-hub';
import { LabelledValue } from './labelled-value';

/** Screens §9 "SD card lifetime warning: below 20 percent". */
export const SD_CARD_WARNING_PERCENT = 20;

const STATE_COLOURS = { ok: 'green', warning: 'yellow', alarm: 'red', unknown: 'gray' } as const;

function Monitor({ config, timeZone }: { config: PipeLeakageConfig; timeZone: string }) {
  const { t } = useTranslation();
  const { withUnit, number } = useLocaleFormat();
  const flow = (v: number | null) =>
    v === null ? '–' : withUnit(v, config.dimension, { maximumFractionDigits: 2 });
  // Times in the plant's zone as dd.MM.yyyy HH:mm:ss in every language (screens §9).
  const time = (ms: number) => formatPipeLeakageTime(ms, timeZone);
  const lowSdCard = config.sdCardLifetime !== null && config.sdCardLifetime < SD_CARD_WARNING_PERCENT;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={config.name}
      data-pipe-leakage={config.pipeLeakageId}
    >
      <Title order={2} size="h4" mb="xs">
        {config.name}{' '}
        <Badge color={STATE_COLOURS[config.measurementState]} variant="light" data-field="measurementState">
          {t(`operate.pipeLeakage.state.${config.measurementState}`)}
        </Badge>
      </Title>
      {lowSdCard ? (
        <Alert color="orange" mb="sm" data-sd-card-warning role="alert">
          {t('operate.pipeLeakage.sdCardWarning', {
            percent: number(config.sdCardLifetime ?? 0, { maximumFractionDigits: 0 }),
          })}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <LabelledValue
          field="referenceValue"
          label={t('operate.pipeLeakage.reference')}
          value={flow(config.referenceValue)}
        />
        <LabelledValue
          field="minMaxValue"
          label={t('operate.pipeLeakage.nightMinimum')}
          value={flow(config.minMaxValue)}
        />
        <LabelledValue
          field="measurementChange"
          label={t('operate.pipeLeakage.change')}
          value={
            config.measurementChange === null
              ? '–'
              : withUnit(config.measurementChange, '%', { maximumFractionDigits: 1 })
          }
        />
        <LabelledValue
          field="minMaxState"
          label={t('operate.pipeLeakage.window')}
          value={t(`operate.pipeLeakage.minMax.${config.minMaxState}`)}
        />
        <LabelledValue
          field="minMaxBegin"
          label={t('operate.pipeLeakage.begin')}
          value={time(config.minMaxBegin)}
        />
        <LabelledValue
          field="minMaxEnd"
          label={t('operate.pipeLeakage.end')}
          value={time(config.minMaxEnd)}
        />
        <LabelledValue
          field="sdCardLifetime"
          label={t('operate.pipeLeakage.sdCard')}
          value={
            config.sdCardLifetime === null
              ? '–'
              : withUnit(config.sdCardLifetime, '%', { maximumFractionDigits: 0 })
          }
        />
      </SimpleGrid>
    </Paper>
  );
}

/** The pipe-leakage monitors on the mains feeding this station, live; nothing where it has none. */
export function PipeLeakagePanel({ stationNr }: { stationNr: number }) {
  useEffect(() => pipeLeakageHub.acquire(), []);
  const { data } = useQuery(plantInfoQuery);
  const all = useSyncExternalStore(
    (l) => pipeLeakageHub.values.subscribe(l),
    () => pipeLeakageHub.values.all(),
  );
  if (!data) return null;
  return (
    <>
      {all
        .filter((c) => c.station === stationNr)
        .map((config) => (
          <Monitor key={config.pipeLeakageId} config={config} timeZone={data.timeZone} />
        ))}
    </>
  );
}
