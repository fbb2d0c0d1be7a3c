import {
  ALL_STATIONS,
  isCycleRuntime,
  maintenanceUrgency,
  pvKey,
  type MaintenanceProtocolRow,
} from '@leitwarte/core';
import { Anchor, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getOverviewByStation } from '../../api/maintenance';
import { useLocaleFormat } from '../../lib/format-locale';
import { usePvValue } from '../../live/use-pv-value';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { withLiveRuntime } from './live-figures';
import { CalendarFeed } from './calendar-feed';
import { machinePath } from './machine-paths';
import { formatRuntime } from './notification-format';
import { StationSelect } from './station-select';
import { UrgencyBadge } from './urgency-badge';
import { useDueForecast } from './use-due-forecast';
import { useLiveRuntimes } from './use-live-runtimes';
import './maintenance.css';

/** Kinds of the maintenance selection: every runtime (general, screens §4), operating time, cycles. */
const KINDS = ['general', 'time', 'cycles'] as const;
type Kind = (typeof KINDS)[number];

type DueForecast = ReturnType<typeof useDueForecast>;

const URGENCY_ORDER = { overdue: 0, dueSoon: 1, ok: 2 } as const;

function ofKind(row: MaintenanceProtocolRow, kind: Kind): boolean {
  if (kind === 'general') return true;
  return isCycleRuntime(row.notification.runtimeType) === (kind === 'cycles');
}

/** One notification; re-renders when its runtime PV's live value changes. */
function MessageRow({ row, dueAt }: { row: MaintenanceProtocolRow; dueAt: DueForecast }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const live = usePvValue(pvKey(row.notification.pvRef));
  const n = withLiveRuntime(row.notification, live);
  const urgency = maintenanceUrgency(n.targetRuntime, n.remainingRuntime);
  const figure = (value: number) => formatRuntime(format, value, n.runtimeDimension);
  const forecastText = (at: number | null) => (at === null ? '–' : format.date(at));
  const machine = row.machinePv ?? row.notification.pvRef;
  return (
    <Table.Tr data-urgency={urgency} data-pv={pvKey(n.pvRef)} className={`maintenance-row-${urgency}`}>
      <Table.Td>{row.stationName}</Table.Td>
      <Table.Td>
        <Anchor component={Link} to={machinePath('runtimes', machine)}>
          {row.machineName}
        </Anchor>
        <Text size="xs" c="dimmed">
          {row.runtimeName}
        </Text>
      </Table.Td>
      <Table.Td>{n.messageText}</Table.Td>
      <Table.Td>{t(`maintenance.runtimeType.${n.runtimeType}`)}</Table.Td>
      <Table.Td>{t(`maintenance.dimension.${n.runtimeDimension}`)}</Table.Td>
      <Table.Td ta="right" data-cell="current" className="maintenance-nowrap">
        {figure(n.currentRuntime)}
      </Table.Td>
      <Table.Td ta="right" data-cell="target" className="maintenance-nowrap">
        {figure(n.targetRuntime)}
      </Table.Td>
      <Table.Td ta="right" data-cell="remaining" className="maintenance-nowrap">
        {figure(n.remainingRuntime)}
      </Table.Td>
      <Table.Td>{t(`maintenance.endType.${n.runtimeEndType}`)}</Table.Td>
      <Table.Td data-cell="due" className="maintenance-nowrap">
        {forecastText(dueAt(n))}
      </Table.Td>
      <Table.Td className="maintenance-nowrap">
        <UrgencyBadge target={n.targetRuntime} remaining={n.remainingRuntime} />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Maintenance messages (screens §2): the notifications of the selected station and kind, the
 * overdue and soon-due first, values scaled to their dimension, live as runtimes and configs change.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const [stationNr, setStationNr] = useState(ALL_STATIONS);
  const [kind, setKind] = useState<Kind>('general');
  const dueAt = useDueForecast();
  const query = useQuery({
    queryKey: ['maintenance', 'overview', 'station', stationNr],
    queryFn: ({ signal }) => getOverviewByStation(stationNr, signal),
  });
  // Sorted once per load: live values change the figures, not the place of a row.
  const rows = useMemo(
    () =>
      (query.data ?? [])
        .filter((row) => ofKind(row, kind))
        .map((row) => ({
          row,
          order:
            URGENCY_ORDER[
              maintenanceUrgency(row.notification.targetRuntime, row.notification.remainingRuntime)
            ],
        }))
        .sort((a, b) => a.order - b.order || a.row.stationNr - b.row.stationNr)
        .map(({ row }) => row),
    [query.data, kind],
  );
  const refs = useMemo(() => rows.map((row) => row.notification.pvRef), [rows]);
  const { refetch } = query;
  useLiveRuntimes(refs, () => void refetch());

  let content;
  if (query.isPending) content = <LoadingView />;
  else if (query.isError)
    content = (
      <ErrorView title={t('maintenance.messages.loadFailed')} error={query.error} onRetry={refetch} />
    );
  else if (rows.length === 0) content = <EmptyView message={t('maintenance.messages.empty')} />;
  else
    content = (
      <Table.ScrollContainer minWidth={1100}>
        <Table striped highlightOnHover aria-label={t('maintenance.messages.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('maintenance.columns.station')}</Table.Th>
              <Table.Th>{t('maintenance.columns.machine')}</Table.Th>
              <Table.Th>{t('maintenance.columns.message')}</Table.Th>
              <Table.Th>{t('maintenance.columns.runtimeType')}</Table.Th>
              <Table.Th>{t('maintenance.columns.dimension')}</Table.Th>
              <Table.Th ta="right">{t('maintenance.columns.current')}</Table.Th>
              <Table.Th ta="right">{t('maintenance.columns.target')}</Table.Th>
              <Table.Th ta="right">{t('maintenance.columns.remaining')}</Table.Th>
              <Table.Th>{t('maintenance.columns.endType')}</Table.Th>
              <Table.Th title={t('maintenance.columns.dueForecastHint')}>
                {t('maintenance.columns.dueForecast')}
              </Table.Th>
              <Table.Th>{t('maintenance.columns.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <MessageRow
                key={`${pvKey(row.notification.pvRef)}/${row.notification.serviceMessageType}`}
                row={row}
                dueAt={dueAt}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('maintenance.messages.title')}
      </Title>
      <Group align="flex-end" gap="md" wrap="wrap">
        <StationSelect value={stationNr} onChange={setStationNr} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('maintenance.kind.label')}
          </Text>
          <SegmentedControl
            value={kind}
            onChange={(value) => setKind(value as Kind)}
            data={KINDS.map((k) => ({ value: k, label: t(`maintenance.kind.${k}`) }))}
            style={{ maxWidth: '100%' }}
          />
        </Stack>
      </Group>
      {content}
      <CalendarFeed />
    </Stack>
  );
}
