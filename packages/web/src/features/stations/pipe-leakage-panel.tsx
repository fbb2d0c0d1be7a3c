import { Badge, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { formatPipeLeakageTime, type PipeLeakageConfig, type PipeLeakageState } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getStationPipeLeakage } from '../../api/pipe-leakage';
import { useLocaleFormat } from '../../lib/format-locale';
import { pipeLeakageHub } from '../../live/pipe-leakage-hub';

const STATE_COLOURS: Record<PipeLeakageState, string> = {
  ok: 'green',
  warning: 'orange',
  alarm: 'red',
  unknown: 'gray',
};

function Field({ label, value, name }: { label: string; value: string; name: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} data-field={name}>
        {value}
      </Text>
    </div>
  );
}

function Measurement({ config }: { config: PipeLeakageConfig }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const time = (ms: number) => formatPipeLeakageTime(ms, format.timeZone);
  const flow = (v: number | null) =>
    v === null ? '–' : format.withUnit(v, config.dimension, { maximumFractionDigits: 2 });
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
        {t('operate.pipeLeakage.title', { name: config.name })}{' '}
        <Badge
          color={STATE_COLOURS[config.measurementState]}
          variant="light"
          data-state={config.measurementState}
        >
          {t(`operate.pipeLeakage.states.${config.measurementState}`)}
        </Badge>
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <Field
          name="minMaxValue"
          label={t('operate.pipeLeakage.nightMinimum')}
          value={flow(config.minMaxValue)}
        />
        <Field
          name="referenceValue"
          label={t('operate.pipeLeakage.reference')}
          value={flow(config.referenceValue)}
        />
        <Field
          name="measurementChange"
          label={t('operate.pipeLeakage.change')}
          value={
            config.measurementChange === null
              ? '–'
              : `${format.number(config.measurementChange, { maximumFractionDigits: 1, signDisplay: 'exceptZero' })} %`
          }
        />
        <Field
          name="minMaxBegin"
          label={t('operate.pipeLeakage.windowBegin')}
          value={time(config.minMaxBegin)}
        />
        <Field name="minMaxEnd" label={t('operate.pipeLeakage.windowEnd')} value={time(config.minMaxEnd)} />
        <Field
          name="minMaxState"
          label={t('operate.pipeLeakage.window')}
          value={t(`operate.pipeLeakage.windowStates.${config.minMaxState}`)}
        />
      </SimpleGrid>
    </Paper>
  );
}

/**
 * The station's pipe-leakage measurements (the night minimum of a supply zone's flow against its
 * reference), read once and then live from their channel; nothing where it has none.
 */
export function PipeLeakagePanel({ stationNr }: { stationNr: number }) {
  const { data } = useQuery({
    queryKey: ['pipe-leakage', stationNr],
    queryFn: ({ signal }) => getStationPipeLeakage(stationNr, signal),
  });
  const ids = useMemo(() => (data ?? []).map((c) => c.pipeLeakageId), [data]);
  useEffect(() => (ids.length > 0 ? pipeLeakageHub.watch(ids) : undefined), [ids]);
  const live = useSyncExternalStore(
    (l) => pipeLeakageHub.values.subscribe(l),
    () => pipeLeakageHub.values.all(),
  );
  const shown = (data ?? []).map((c) => live.find((l) => l.pipeLeakageId === c.pipeLeakageId) ?? c);
  return (
    <>
      {shown.map((config) => (
        <Measurement key={config.pipeLeakageId} config={config} />
      ))}
    </>
  );
}
