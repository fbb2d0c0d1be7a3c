import {
  CHART_SERIES_MAX,
  DATA_SOURCE_PRESETS,
  MEASUREMENT_TYPES,
  pvKey,
  resolveQuickRange,
  type DataSourcePreset,
  type MeasurementType,
} from '@leitwarte/core';
import { Alert, Box, Button, Group, MultiSelect, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { exportChartData } from '../../../api/charts';
import { ApiError } from '../../../api/http';
import { intlLocale } from '../../../i18n/languages';
import { usePvFormatLabels } from '../../../lib/use-pv-format-labels';
import { resolveSelection, userTimeZone, type RangeSelection } from '../../../ui/archive/range-selection';
import { TimeRangePicker } from '../../../ui/archive/time-range-picker';
import { ListPager, RowsPerPageSelect, usePagedRows } from '../../../ui/archive/rows-per-page';
import { DataList } from '../../../ui/data-list';
import { EmptyView, ErrorView, LoadingView } from '../../../ui/status-views';
import { FailureDialog } from './message-dialogs';
import { measurementColumns, type MeasurementFormat } from './measurement-columns';
import { measurementRows, pvsOfQuery, type MeasurementRow } from './measurement-rows';
import { plantPvsQuery, pvConfigMap, pvLabel, pvOptionsOf } from './plant-pvs';
import { saveFile } from '../../../lib/save-file';
import { measurementSeries, useMeasurements } from './use-measurements';

const rowKey = (row: MeasurementRow) => row.t;

/**
 * A day of values opens the archive: raw values of several PVs for a day are a long but still
 * readable table; longer ranges suit the rollups (quarter-hour, day, month values).
 */
function defaultMeasurementSelection(now = Date.now()): RangeSelection {
  const window = resolveQuickRange('last24Hours', now, userTimeZone());
  return { choice: 'last24Hours', custom: { start: window.start, end: window.end } };
}

/**
 * The measurement value archive (screens §2): the stored values of chosen PVs for a range and data
 * source as a table, one row per time and one column per PV, with the server's CSV export.
 */
export function MeasurementsPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const pvs = useMemo(() => pvsOfQuery(params), [params]);
  const [selection, setSelection] = useState<RangeSelection>(() => defaultMeasurementSelection());
  const [resolvedAt, setResolvedAt] = useState(() => Date.now());
  const window = useMemo(() => resolveSelection(selection, resolvedAt), [selection, resolvedAt]);
  const [source, setSource] = useState<DataSourcePreset>('Auto');
  const [measurementType, setMeasurementType] = useState<MeasurementType>('Aktuell');
  const request = { pvs, start: window.start, end: window.end, source, measurementType };
  const data = useMeasurements(request);
  const plantPvs = useQuery(plantPvsQuery);
  const pvConfigs = useMemo(() => pvConfigMap(plantPvs.data), [plantPvs.data]);
  const [exporting, setExporting] = useState(false);
  const [exportFailure, setExportFailure] = useState<string | null>(null);

  const selectedKeys = useMemo(() => pvs.map(pvKey), [pvs]);
  const pvOptions = useMemo(() => {
    const options = pvOptionsOf([...pvConfigs.values()]);
    // PVs from the address that the list does not (yet) name still show as chosen.
    const known = new Set(options.map((o) => o.value));
    const missing = pvs
      .filter((pv) => !known.has(pvKey(pv)))
      .map((pv) => ({ value: pvKey(pv), label: pvKey(pv) }));
    return [...missing, ...options];
  }, [pvConfigs, pvs]);

  const labels = usePvFormatLabels();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const format = useMemo<MeasurementFormat>(() => {
    const locale = intlLocale(language);
    const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
    return { locale, formatTime: (ms) => time.format(ms), labels };
  }, [language, labels]);

  const series = useMemo(() => data.data?.series ?? [], [data.data]);
  const rows = useMemo(() => measurementRows(series), [series]);
  const paged = usePagedRows(rows);
  const columns = useMemo(
    () => measurementColumns(t, series, pvConfigs, format),
    [t, series, pvConfigs, format],
  );
  const unauthorized = data.data?.unauthorizedPvs ?? [];
  const sourceLabel = (value: string) =>
    (DATA_SOURCE_PRESETS as readonly string[]).includes(value)
      ? t(`charts.measurements.sources.${value as DataSourcePreset}`)
      : value;

  const choosePvs = (keys: string[]) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('pv');
        for (const key of keys) next.append('pv', key);
        return next;
      },
      { replace: true },
    );
  const changeRange = (next: RangeSelection) => {
    setSelection(next);
    setResolvedAt(Date.now());
  };
  const refresh = () => {
    const now = Date.now();
    const next = resolveSelection(selection, now);
    // A fixed window (yesterday, custom) keeps its query: it is loaded again as it is.
    if (next.start === window.start && next.end === window.end) void data.refetch();
    else setResolvedAt(now);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const result = await exportChartData({
        series: measurementSeries(request),
        startDate: request.start,
        endDate: request.end,
        source,
      });
      if (result.status === 'Success') saveFile(result.fileName, result.blob);
      else setExportFailure(result.errorMessage);
    } finally {
      setExporting(false);
    }
  };

  let content;
  if (pvs.length === 0) content = <EmptyView message={t('charts.measurements.choosePvs')} />;
  else if (data.isPending) content = <LoadingView />;
  else if (data.error instanceof ApiError && data.error.status < 500)
    // The server says why it refuses, e.g. that the range holds too many values for one table.
    content = (
      <Alert color="orange" variant="light" title={t('charts.measurements.refused')} role="alert">
        <Text size="sm">{data.error.message}</Text>
      </Alert>
    );
  else if (data.error)
    content = (
      <ErrorView
        title={t('charts.measurements.loadError')}
        error={data.error}
        onRetry={() => void data.refetch()}
      />
    );
  else if (rows.length === 0) content = <EmptyView message={t('charts.measurements.empty')} />;
  else
    content = (
      <Box style={{ height: 'max(320px, calc(100vh - 320px))' }}>
        <DataList
          rows={paged.shown}
          columns={columns}
          rowKey={rowKey}
          ariaLabel={t('charts.measurements.listLabel')}
          height="fill"
        />
      </Box>
    );

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        {t('charts.measurements.title')}
      </Title>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <MultiSelect
          label={t('charts.measurements.pvs')}
          placeholder={selectedKeys.length === 0 ? t('charts.measurements.pvsPlaceholder') : undefined}
          data={pvOptions}
          value={selectedKeys}
          onChange={choosePvs}
          searchable
          clearable
          limit={200}
          maxValues={CHART_SERIES_MAX}
          nothingFoundMessage={t('charts.measurements.noPv')}
          miw={320}
          maw={640}
          style={{ flex: 1 }}
        />
        <TimeRangePicker value={selection} onChange={changeRange} />
        <Select
          label={t('charts.measurements.source')}
          data-testid="measurement-source"
          w={200}
          allowDeselect={false}
          data={DATA_SOURCE_PRESETS.map((value) => ({ value, label: sourceLabel(value) }))}
          value={source}
          onChange={(value) => value && setSource(value as DataSourcePreset)}
        />
        <Select
          label={t('charts.measurements.measurementType')}
          data-testid="measurement-type"
          w={160}
          allowDeselect={false}
          data={MEASUREMENT_TYPES.map((value) => ({ value, label: t(`charts.measurements.types.${value}`) }))}
          value={measurementType}
          onChange={(value) => value && setMeasurementType(value as MeasurementType)}
        />
        <RowsPerPageSelect value={paged.pageSize} onChange={paged.setPageSize} />
        <Button variant="default" loading={data.isFetching} disabled={pvs.length === 0} onClick={refresh}>
          {t('charts.measurements.refresh')}
        </Button>
        <Button
          variant="default"
          loading={exporting}
          disabled={pvs.length === 0 || rows.length === 0}
          onClick={() => void exportCsv()}
        >
          {t('charts.measurements.export')}
        </Button>
      </Group>
      {data.data ? (
        <Text size="sm" c="dimmed" data-testid="measurements-summary">
          {t('charts.measurements.summary', { rows: rows.length, source: sourceLabel(data.data.source) })}
        </Text>
      ) : null}
      {unauthorized.length > 0 ? (
        <Alert color="yellow" variant="light" title={t('charts.measurements.unauthorized')}>
          <Text size="sm">{unauthorized.map((pv) => pvLabel(pvConfigs.get(pvKey(pv)), pv)).join(', ')}</Text>
        </Alert>
      ) : null}
      {content}
      {rows.length > 0 ? <ListPager paged={paged} /> : null}
      <FailureDialog
        failure={
          exportFailure === null
            ? null
            : { title: t('charts.measurements.exportFailed'), message: exportFailure }
        }
        onClose={() => setExportFailure(null)}
      />
    </Stack>
  );
}
