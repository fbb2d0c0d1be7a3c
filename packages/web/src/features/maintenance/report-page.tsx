import {
  ALL_STATIONS,
  maintenanceUrgency,
  parsePvKey,
  pvKey,
  type MaintenanceProtocolRow,
} from '@leitwarte/core';
import {
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  exportMaintenanceReport,
  getOverviewByCompareValue,
  getOverviewByStation,
  getOverviewOfPv,
  type MaintenanceReportSelection,
} from '../../api/maintenance';
import { saveFile } from '../../lib/save-file';
import { useLocaleFormat } from '../../lib/format-locale';
import { downloadCsv } from '../../ui/archive/download-csv';
import { csvFormatFor, rowsToCsv, type DataListColumn } from '../../ui/data-list';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { formatRuntime } from './notification-format';
import { StationSelect } from './station-select';
import { UrgencyBadge } from './urgency-badge';
import { useDueForecast } from './use-due-forecast';
import './maintenance.css';

/** The three overview protocols of screens §7. */
const MODES = ['station', 'compare', 'pv'] as const;
type Mode = (typeof MODES)[number];

/** The report's columns: shown in the table and written to the CSV export alike. */
function useColumns(): DataListColumn<MaintenanceProtocolRow>[] {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const dueAt = useDueForecast();
  return useMemo(() => {
    const figure = (pick: (r: MaintenanceProtocolRow) => number) => (r: MaintenanceProtocolRow) =>
      formatRuntime(format, pick(r), r.notification.runtimeDimension);
    return [
      { id: 'station', label: t('maintenance.columns.station'), value: (r) => r.stationName },
      { id: 'machine', label: t('maintenance.columns.machine'), value: (r) => r.machineName },
      { id: 'runtime', label: t('maintenance.report.runtime'), value: (r) => r.runtimeName },
      { id: 'eks', label: t('maintenance.report.eks'), value: (r) => r.eks },
      { id: 'message', label: t('maintenance.columns.message'), value: (r) => r.notification.messageText },
      {
        id: 'runtimeType',
        label: t('maintenance.columns.runtimeType'),
        value: (r) => t(`maintenance.runtimeType.${r.notification.runtimeType}`),
      },
      {
        id: 'dimension',
        label: t('maintenance.columns.dimension'),
        value: (r) => t(`maintenance.dimension.${r.notification.runtimeDimension}`),
      },
      {
        id: 'current',
        label: t('maintenance.columns.current'),
        value: figure((r) => r.notification.currentRuntime),
        align: 'right',
      },
      {
        id: 'target',
        label: t('maintenance.columns.target'),
        value: figure((r) => r.notification.targetRuntime),
        align: 'right',
      },
      {
        id: 'remaining',
        label: t('maintenance.columns.remaining'),
        value: figure((r) => r.notification.remainingRuntime),
        align: 'right',
      },
      {
        id: 'due',
        label: t('maintenance.columns.dueForecast'),
        value: (r) => {
          const at = dueAt(r.notification);
          return at === null ? '' : format.date(at);
        },
      },
      {
        id: 'state',
        label: t('maintenance.columns.state'),
        value: (r) => {
          const urgency = maintenanceUrgency(r.notification.targetRuntime, r.notification.remainingRuntime);
          return urgency === 'ok' ? '' : t(`maintenance.urgency.${urgency}`);
        },
      },
    ];
  }, [t, format, dueAt]);
}

/**
 * Maintenance report (screens §2, §7): the overview protocol by station, by compare value (the
 * runtimes whose remaining runtime is below it, absolute or in percent of the target) or of one
 * PV; printable (the print layout leaves out the controls), exported as CSV (as shown) or as
 * XLSX made on the server (figures as numbers, forecast due dates as dates).
 */
export function ReportPage() {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<Mode>('station');
  const [stationNr, setStationNr] = useState(ALL_STATIONS);
  const [compareValue, setCompareValue] = useState<number>(10);
  const [isPercent, setIsPercent] = useState(true);
  const [pvText, setPvText] = useState('DigiIn-100020');
  const pv = parsePvKey(pvText.trim());
  const columns = useColumns();
  // The three modes' names do not fit side by side on a phone: there they stand one above the other.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const query = useQuery({
    queryKey: ['maintenance', 'report', mode, stationNr, compareValue, isPercent, pv ? pvKey(pv) : null],
    queryFn: ({ signal }) => {
      if (mode === 'compare') return getOverviewByCompareValue(stationNr, compareValue, isPercent, signal);
      if (mode === 'pv' && pv) return getOverviewOfPv(pv, signal);
      return getOverviewByStation(stationNr, signal);
    },
    enabled: mode !== 'pv' || pv !== null,
  });
  const rows = query.data ?? [];
  const exportCsv = () =>
    downloadCsv(
      `${t('maintenance.report.fileName')}-${new Date().toISOString().slice(0, 10)}.csv`,
      rowsToCsv(rows, columns, csvFormatFor(i18n.resolvedLanguage)),
    );

  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const exportXlsx = async () => {
    let selection: MaintenanceReportSelection;
    if (mode === 'pv' && pv) selection = { mode, pv };
    else if (mode === 'compare') selection = { mode, stationNr, compareValue, isPercent };
    else selection = { mode: 'station', stationNr };
    setExporting(true);
    setExportError(null);
    const result = await exportMaintenanceReport(selection);
    setExporting(false);
    if (result.status === 'Success') saveFile(result.fileName, result.blob);
    else setExportError(result.errorMessage);
  };

  let content;
  if (mode === 'pv' && !pv) content = <Text c="red">{t('validation.selectPv')}</Text>;
  else if (query.isPending) content = <LoadingView />;
  else if (query.isError)
    content = <ErrorView title={t('errors.reportNotLoaded')} error={query.error} onRetry={query.refetch} />;
  else if (rows.length === 0) content = <EmptyView message={t('maintenance.report.empty')} />;
  else
    content = (
      <Table.ScrollContainer minWidth={1100}>
        <Table striped aria-label={t('maintenance.report.title')} className="maintenance-report">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.id} ta={c.align ?? 'left'}>
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={`${pvKey(row.notification.pvRef)}/${row.notification.serviceMessageType}`}
                data-pv={pvKey(row.notification.pvRef)}
              >
                {columns.map((c) => (
                  <Table.Td
                    key={c.id}
                    ta={c.align ?? 'left'}
                    className={c.align ? 'maintenance-nowrap' : undefined}
                  >
                    {c.id === 'state' ? (
                      <UrgencyBadge
                        target={row.notification.targetRuntime}
                        remaining={row.notification.remainingRuntime}
                      />
                    ) : (
                      c.value(row)
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2">
          {t('maintenance.report.title')}
        </Title>
        <Group gap="xs" className="maintenance-no-print">
          <Button variant="default" onClick={() => window.print()}>
            {t('maintenance.report.print')}
          </Button>
          <Button variant="default" onClick={exportCsv} disabled={rows.length === 0}>
            {t('maintenance.report.csv')}
          </Button>
          <Button
            variant="default"
            onClick={() => void exportXlsx()}
            loading={exporting}
            disabled={rows.length === 0}
          >
            {t('maintenance.report.xlsx')}
          </Button>
        </Group>
      </Group>
      {exportError ? (
        <Text c="red" role="alert" className="maintenance-no-print">
          {t('maintenance.report.exportFailed')}: {exportError}
        </Text>
      ) : null}
      <Stack gap="sm" className="maintenance-no-print">
        <SegmentedControl
          value={mode}
          onChange={(value) => setMode(value as Mode)}
          data={MODES.map((m) => ({ value: m, label: t(`maintenance.report.mode.${m}`) }))}
          orientation={narrow ? 'vertical' : 'horizontal'}
          fullWidth={narrow}
          style={{ alignSelf: 'flex-start' }}
        />
        <Group align="flex-end" gap="md" wrap="wrap">
          {mode !== 'pv' ? <StationSelect value={stationNr} onChange={setStationNr} /> : null}
          {mode === 'compare' ? (
            <>
              <NumberInput
                label={t('maintenance.report.compareValue')}
                value={compareValue}
                min={0}
                decimalSeparator=","
                onChange={(value) => setCompareValue(typeof value === 'number' ? value : 0)}
                w={180}
              />
              <Switch
                label={t('maintenance.report.percent')}
                checked={isPercent}
                onChange={(e) => setIsPercent(e.currentTarget.checked)}
                mb={8}
              />
            </>
          ) : null}
          {mode === 'pv' ? (
            <TextInput
              label={t('maintenance.report.pv')}
              value={pvText}
              onChange={(e) => setPvText(e.currentTarget.value)}
              w={{ base: '100%', sm: 260 }}
            />
          ) : null}
        </Group>
      </Stack>
      {content}
    </Stack>
  );
}
