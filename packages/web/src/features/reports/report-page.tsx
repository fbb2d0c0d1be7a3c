import { DateField } from '../../ui/date-time/date-time-field';
import {
  annotationFlagOf,
  REPORT_EXPORT_FORMATS,
  type ReportConfig,
  type ReportData,
  type ReportExportFormat,
} from '@leitwarte/core';
import { ActionIcon, Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getAnnotations } from '../../api/charts';
import { plantInfoQuery } from '../../api/plant-info';
import { exportReport, getReportConfigs, getReportData } from '../../api/reports';
import { saveFile } from '../../lib/save-file';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { ManualInputDialog } from './manual-input-dialog';
import { plantToday, reportDateOf, stepReportDate, type PeriodKind } from './report-period';
import { ReportTable, type EditedCell } from './report-table';
import { holdsNow, TODAY_REFRESH_MS, useReportLive } from './use-report-live';
import './reports.css';

/** Export buttons (files made on the server) and the browser's print of the print layout. */
function ExportBar({ config, data }: { config: ReportConfig; data: ReportData }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ReportExportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function download(format: ReportExportFormat) {
    setBusy(format);
    setError(null);
    const result = await exportReport(config.id, data.kind, data.date, format);
    setBusy(null);
    if (result.status === 'Success') saveFile(result.fileName, result.blob);
    else setError(result.errorMessage);
  }
  return (
    <Stack gap={4} className="report-no-print">
      <Group gap="xs">
        {REPORT_EXPORT_FORMATS.map((format) => (
          <Button
            key={format}
            size="xs"
            variant="default"
            loading={busy === format}
            aria-label={t('reports.exportAs', { format: format.toUpperCase() })}
            onClick={() => void download(format)}
          >
            {format.toUpperCase()}
          </Button>
        ))}
        <Button size="xs" variant="default" onClick={() => window.print()}>
          {t('reports.print')}
        </Button>
      </Group>
      {error !== null ? (
        <Text size="xs" c="red" role="alert">
          {t('reports.exportFailed')} {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Annotations flagged for this report kind within its span, at their times (screens §3). */
function ReportAnnotations({
  config,
  data,
  timeZone,
}: {
  config: ReportConfig;
  data: ReportData;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const flag = annotationFlagOf(data.kind);
  const query = useQuery({
    queryKey: ['reports', 'annotations', config.id, data.from, data.to],
    queryFn: ({ signal }) =>
      getAnnotations(
        { start: data.from, end: data.to - 1, pvs: config.columns.map((c) => c.dataBinding.pvRef) },
        signal,
      ),
    enabled: flag !== null,
  });
  const shown = flag === null ? [] : (query.data ?? []).filter((a) => a[flag]);
  if (shown.length === 0) return null;
  const when = new Intl.DateTimeFormat(i18n.language, { timeZone, dateStyle: 'short', timeStyle: 'short' });
  const columnOf = (pv: { type: string; nr: number }) =>
    config.columns.find((c) => c.dataBinding.pvRef.type === pv.type && c.dataBinding.pvRef.nr === pv.nr)
      ?.title ?? `${pv.type}-${pv.nr}`;
  return (
    <Stack gap={4} className="report-annotations">
      <Title order={2} size="h5">
        {t('reports.annotations')}
      </Title>
      {shown.map((a) => (
        <Text key={a.id} size="sm" data-annotation={a.id}>
          <Text span fw={600}>
            {when.format(a.timestamp)}
          </Text>{' '}
          <Text span c="dimmed">
            {columnOf(a.pv)}:
          </Text>{' '}
          {a.text}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * Day, week, month and year reports (screens §2): pick one of the plant's reports of the kind
 * and a date; both are in the address (`?report=1&date=yyyy-MM-dd`), so a report can be linked.
 */
export function ReportPage({ kind }: { kind: PeriodKind }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const plant = useQuery(plantInfoQuery);
  const configs = useQuery({
    queryKey: ['reports', 'configs'],
    queryFn: ({ signal }) => getReportConfigs(signal),
  });
  const [edited, setEdited] = useState<EditedCell | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const timeZone = plant.data?.timeZone;
  const ofKind = (configs.data ?? []).filter((c) => c.kind === kind);
  const asked = Number(params.get('report'));
  const config = ofKind.find((c) => c.id === asked) ?? ofKind[0];
  const { date, invalid } = reportDateOf(params.get('date'), kind, plantToday(timeZone ?? 'UTC', now));

  const dataQuery = useQuery({
    queryKey: ['reports', 'data', config?.id, kind, date],
    queryFn: ({ signal }) => getReportData(config?.id ?? 0, kind, date, signal),
    enabled: config !== undefined && timeZone !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (holdsNow(q.state.data) ? TODAY_REFRESH_MS : false),
  });
  const data =
    dataQuery.data?.configId === config?.id && dataQuery.data?.kind === kind ? dataQuery.data : undefined;
  const live = useReportLive(data);

  // The clock of the running rows; a minute is fine for the "today until" label and the marks.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const go = (next: { report?: number; date?: string }) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next.report !== undefined) out.set('report', String(next.report));
        if (next.date !== undefined) out.set('date', next.date);
        return out;
      },
      { replace: false },
    );

  let content;
  if (configs.isPending || plant.isPending) content = <LoadingView />;
  else if (configs.isError)
    content = (
      <ErrorView
        title={t('errors.reportNotLoaded')}
        error={configs.error}
        onRetry={() => void configs.refetch()}
      />
    );
  else if (!config) content = <EmptyView message={t('reports.noReports')} />;
  else if (dataQuery.isError && !data)
    content = (
      <ErrorView
        title={t('errors.reportDataNotLoaded')}
        error={dataQuery.error}
        onRetry={() => void dataQuery.refetch()}
      />
    );
  else if (!data) content = <LoadingView />;
  else
    content = (
      <Stack gap="sm" className="report-print-area">
        <div className="report-print-title">
          <Title order={2} size="h4">
            {config.name} — {data.date}
          </Title>
          <Text size="xs">{plant.data?.name}</Text>
        </div>
        <ReportTable data={data} live={live} now={now} onEdit={setEdited} />
        {data.rows.some((r) => r.values.some((v) => v.manualInput === 'Enabled' && v.value !== null)) ? (
          <Text size="xs" c="dimmed">
            {t('reports.manualLegend')}
          </Text>
        ) : null}
        <ReportAnnotations config={config} data={data} timeZone={timeZone ?? 'UTC'} />
        <Text size="xs" c="dimmed" className="report-no-print">
          {t('reports.plantTime', { zone: timeZone })}
        </Text>
      </Stack>
    );

  return (
    <Stack gap="md">
      <Title order={1} size="h2" className="report-no-print">
        {t(`reports.titles.${kind}`)}
      </Title>
      <Group gap="sm" align="flex-end" className="report-no-print" wrap="wrap">
        {ofKind.length > 0 ? (
          <Select
            label={t('reports.report')}
            data={ofKind.map((c) => ({ value: String(c.id), label: c.name }))}
            value={config ? String(config.id) : null}
            onChange={(v) => v && go({ report: Number(v) })}
            allowDeselect={false}
            w={{ base: '100%', sm: 420 }}
          />
        ) : null}
        <Group gap={4} align="flex-end" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('reports.previous')}
            onClick={() => go({ date: stepReportDate(date, kind, -1) })}
          >
            ‹
          </ActionIcon>
          <DateField label={t('reports.date')} value={date} onChange={(next) => go({ date: next })} w={160} />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('reports.next')}
            onClick={() => go({ date: stepReportDate(date, kind, 1) })}
          >
            ›
          </ActionIcon>
        </Group>
        {config && data ? <ExportBar config={config} data={data} /> : null}
      </Group>
      {invalid ? (
        <Alert color="yellow" variant="light" className="report-no-print">
          {t('validation.invalidDate')}
        </Alert>
      ) : null}
      {content}
      {edited && config ? (
        <ManualInputDialog
          edited={edited}
          configId={config.id}
          kind={kind}
          date={date}
          onClose={() => setEdited(null)}
          onSaved={() => {
            setEdited(null);
            void queryClient.invalidateQueries({ queryKey: ['reports', 'data', config.id, kind, date] });
          }}
        />
      ) : null}
    </Stack>
  );
}
