import { Anchor, Button, Drawer, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { pvKey, type PvConfig } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getAlertsByPvs } from '../../api/alerts';
import { useLocaleFormat } from '../../lib/format-locale';
import { usePvValue } from '../../live/use-pv-value';
import { useVisualisationText } from '../../lib/visualisation-texts';
import { openPvAction } from '../../ui/pv-actions';
import { usePvLimits } from '../../ui/pv-actions/use-limits';
import { PvTrend } from '../../ui/pv/pv-trend';
import { PvValueCell } from '../../ui/pv/pv-value-cell';
import { AlertLines } from './station-alerts-list';

const LAST_ALERTS = 10;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function LimitsTable({ config }: { config: PvConfig }) {
  const { t } = useTranslation();
  const limits = usePvLimits(config.pvRef);
  const { number } = useLocaleFormat();
  if (!limits)
    return (
      <Text size="sm" c="dimmed">
        {t('operate.loading')}
      </Text>
    );
  const set = limits.filter((l) => !l.notSet);
  if (set.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('operate.limits.noneSet')}
      </Text>
    );
  return (
    <Table verticalSpacing={4} data-testid="pv-limits">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('operate.limits.limit')}</Table.Th>
          <Table.Th ta="right">{t('operate.limits.value')}</Table.Th>
          <Table.Th ta="right">{t('operate.limits.priority')}</Table.Th>
          <Table.Th ta="right">{t('operate.limits.delay')}</Table.Th>
          <Table.Th>{t('operate.limits.message')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {set.map((limit) => (
          <Table.Tr key={limit.pvLimitRef.limitType} data-limit={limit.pvLimitRef.limitType}>
            <Table.Td>{t(`operate.limits.types.${limitTypeKey(limit.pvLimitRef.limitType)}`)}</Table.Td>
            <Table.Td ta="right" data-limit-value>
              {number(limit.limit, { maximumFractionDigits: 3 })} {config.dimension}
            </Table.Td>
            <Table.Td ta="right">{limit.priority}</Table.Td>
            <Table.Td ta="right">{limit.delayTime}</Table.Td>
            <Table.Td>
              <Text size="xs">{limit.message || limit.description}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const limitTypeKey = (type: string) =>
  (({ Bottom: 'bottom', BottomMiddle: 'bottomMiddle', TopMiddle: 'topMiddle', Top: 'top' }) as const)[
    type as 'Bottom'
  ];

function RuntimeValues({ config }: { config: PvConfig }) {
  const { t } = useTranslation();
  const value = usePvValue(pvKey(config.pvRef));
  const { number } = useLocaleFormat();
  if (value?.type !== 'RuntimeValue') return null;
  const r = value.runtimeValue;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
      <Field label={t('operate.detail.runtimeType')}>{r.runtimeType}</Field>
      <Field label={t('operate.limits.types.bottom')}>{number(r.lower)}</Field>
      <Field label={t('operate.limits.types.bottomMiddle')}>{number(r.lowerMid)}</Field>
      <Field label={t('operate.limits.types.topMiddle')}>{number(r.upperMid)}</Field>
      <Field label={t('operate.limits.types.top')}>{number(r.upper)}</Field>
    </SimpleGrid>
  );
}

/** What the user may do with a PV, by its type and the user's rights on its station. */
export interface PvPermissions {
  writeValues: boolean;
  writeLimits: boolean;
  ackAlerts: boolean;
}

function Actions({ config, may }: { config: PvConfig; may: PvPermissions }) {
  const { t } = useTranslation();
  const value = usePvValue(pvKey(config.pvRef));
  const ref = { type: config.pvRef.type, nr: config.pvRef.nr };
  const type = ref.type;
  const buttons: ReactNode[] = [];
  if ((type === 'AnaOut' || type === 'DigiOut') && may.writeValues)
    buttons.push(
      <Button key="set" size="xs" onClick={() => openPvAction({ kind: 'setValues', pvs: [ref] })}>
        {t('operate.setValues.title')}
      </Button>,
    );
  if (type === 'DigiOut' && may.writeValues)
    buttons.push(
      <Button
        key="invert"
        size="xs"
        variant="default"
        onClick={() => openPvAction({ kind: 'setValues', pvs: [ref], defaultValue: 2 })}
      >
        {t('operate.setValues.invert')}
      </Button>,
    );
  if (type === 'AnaIn' && may.writeLimits)
    buttons.push(
      <Button key="limits" size="xs" onClick={() => openPvAction({ kind: 'limits', pv: ref })}>
        {t('operate.limits.edit')}
      </Button>,
    );
  if (type === 'DigiIn' && may.writeLimits && config.alertInputConfig)
    buttons.push(
      <Button
        key="prio"
        size="xs"
        variant="default"
        onClick={() => openPvAction({ kind: 'priorities', pvs: [ref] })}
      >
        {t('operate.priorities.title')}
      </Button>,
    );
  if (
    type === 'ZaehlWert' &&
    may.writeValues &&
    (value?.type !== 'CounterValue' || value.counterValue.resetable)
  )
    buttons.push(
      <Button
        key="reset"
        size="xs"
        variant="default"
        onClick={() => openPvAction({ kind: 'resetCounters', pvs: [ref] })}
      >
        {t('operate.resetCounters.title')}
      </Button>,
    );
  if (config.valueType === 'FailureStateValue' && may.ackAlerts)
    buttons.push(
      <Button
        key="ack"
        size="xs"
        variant="default"
        onClick={() => openPvAction({ kind: 'acknowledgeFailure', pvs: [ref] })}
      >
        {t('operate.acknowledgeFailure.title')}
      </Button>,
    );
  const key = pvKey(ref);
  return (
    <Stack gap="xs">
      {buttons.length > 0 ? (
        <Group gap="xs" data-testid="pv-actions">
          {buttons}
        </Group>
      ) : (
        <Text size="sm" c="dimmed" data-testid="pv-no-actions">
          {t('operate.detail.noActions')}
        </Text>
      )}
      <Group gap="md">
        <Anchor component={Link} size="sm" to={`/charts/realtime-trendline?pv=${key}`}>
          {t('operate.station.trend')}
        </Anchor>
        <Anchor component={Link} size="sm" to={`/charts/archive-trendline?pv=${key}&amount=7&unit=Days`}>
          {t('operate.detail.archiveTrend')}
        </Anchor>
        {type === 'DigiIn' || type === 'AnaIn' ? (
          <Anchor component={Link} size="sm" to={`/maintenance/runtimes/${key}`}>
            {t('operate.detail.runtimes')}
          </Anchor>
        ) : null}
        <Anchor component={Link} size="sm" to={`/maintenance/datasheet/${key}`}>
          {t('operate.detail.datasheet')}
        </Anchor>
        <Anchor component={Link} size="sm" to={`/maintenance/lifecycle/${key}`}>
          {t('operate.detail.lifecycle')}
        </Anchor>
      </Group>
    </Stack>
  );
}

function LastAlerts({ config }: { config: PvConfig }) {
  const { t } = useTranslation();
  const alerts = useQuery({
    queryKey: ['alerts', 'bypv', pvKey(config.pvRef)],
    queryFn: ({ signal }) => getAlertsByPvs([config.pvRef], { limit: LAST_ALERTS }, signal),
  });
  if (alerts.isPending)
    return (
      <Text size="sm" c="dimmed">
        {t('operate.loading')}
      </Text>
    );
  if (alerts.error)
    return (
      <Text size="sm" c="red">
        {alerts.error.message}
      </Text>
    );
  return (
    <AlertLines alerts={alerts.data.alerts.slice(0, LAST_ALERTS)} emptyText={t('operate.detail.noAlerts')} />
  );
}

/** A PV's detail as a drawer: config, live value, limits, runtimes, last alerts, 24 h trend, actions. */
export function PvDetail({
  config,
  may,
  onClose,
}: {
  config: PvConfig | null;
  may: PvPermissions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const plantText = useVisualisationText();
  const { number } = useLocaleFormat();
  const domain = config?.domainConfig;
  return (
    <Drawer
      opened={config !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={config?.name}
      data-testid="pv-detail"
    >
      {config ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
            <Field label={t('operate.detail.key')}>{pvKey(config.pvRef)}</Field>
            <Field label={t('overview.columns.eks')}>{config.eksNr || '–'}</Field>
            <Field label={t('operate.detail.subtype')}>
              {config.subtype ? plantText(config.subtype) : '–'}
            </Field>
            <Field label={t('overview.columns.value')}>
              <PvValueCell config={config} />
            </Field>
            <Field label={t('operate.detail.domain')}>
              {domain
                ? `${domain.min === null ? '–' : number(domain.min)} … ${domain.max === null ? '–' : number(domain.max)} ${config.dimension}`
                : '–'}
            </Field>
            <Field label={t('operate.detail.priority')}>{config.alertInputConfig?.priority ?? '–'}</Field>
          </SimpleGrid>
          <Actions config={config} may={may} />
          {config.pvRef.type === 'AnaIn' ? (
            <div>
              <Title order={3} size="h5" mb={4}>
                {t('operate.detail.limits')}
              </Title>
              <LimitsTable config={config} />
            </div>
          ) : null}
          <RuntimeValues config={config} />
          <div>
            <Title order={3} size="h5" mb={4}>
              {t('operate.detail.trend')}
            </Title>
            <PvTrend pvRef={config.pvRef} />
          </div>
          <div>
            <Title order={3} size="h5" mb={4}>
              {t('operate.detail.lastAlerts')}
            </Title>
            <LastAlerts config={config} />
          </div>
        </Stack>
      ) : null}
    </Drawer>
  );
}
