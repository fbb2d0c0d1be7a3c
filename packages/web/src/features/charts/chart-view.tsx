import {
  pvKey,
  savedDraft,
  type AnnotationDraft,
  type MeasurementType,
  type TimeWindow,
} from '@leitwarte/core';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { exportChartData } from '../../api/charts';
import { rightsQuery } from '../../api/user-management';
import { resolveSelection, type RangeSelection } from '../../ui/archive/range-selection';
import { AnnotationDialog } from './annotations/annotation-dialog';
import { annotationDraftAt } from './annotations/annotation-drafts';
import { FailureDialog } from './annotations/message-dialogs';
import { useAnnotations } from './annotations/use-annotations';
import {
  chartDataFetcher,
  chartWindow,
  type ChartDefinition,
  type ChartOpening,
} from '../../ui/chart-plot/chart-definition';
import { saveFile } from '../../lib/save-file';
import { useStableCallback } from '../../lib/use-stable-callback';
import { intlLocale } from '../../i18n/languages';
import { searchWithView, spanName, viewFromSearch } from '../../ui/chart-plot/chart-range';
import { ChartToolbar } from './chart-toolbar';
import { ConfigDialog } from './config-dialog';
import { useDrawingWidth } from '../../ui/chart-plot/drawing-width';
import { MeasurementTypeSelects } from './measurement-type-selects';
import { ChartLegend } from '../../ui/chart-plot/chart-legend';
import type { PlotAnnotation, RangeChangeCause } from '../../ui/chart-plot/plot-types';
import { TimeSeriesPlot } from '../../ui/chart-plot/time-series-plot';
import { buildLimitLines, buildPlotSeries, seriesKeys } from '../../ui/chart-plot/plot-series';
import { useLimits } from '../../ui/chart-plot/use-limits';
import { useChartData, type ChartDataFetcher, type DataSeries } from '../../ui/chart-plot/use-chart-data';
import { useLiveChart } from '../../ui/chart-plot/use-live-chart';

export interface ChartViewProps {
  definition: ChartDefinition;
  /** Live: the view follows now and live values are added (screens §4). */
  live: boolean;
  /** Archive charts keep zoom and pan in the address (`from`/`to`). */
  keepViewInAddress: boolean;
  /** A saved config changed: the screen loads it again. */
  onConfigSaved: () => void;
  /** The first view and data request, when the screen started them before the chart was shown. */
  opening?: ChartOpening | null;
}

/** The window a chart opens with, and goes back to on reset. */
function defaultWindow(definition: ChartDefinition, live: boolean, search: URLSearchParams): TimeWindow {
  return chartWindow(definition.span, live, search);
}

/** Longest the controls wait for the first data to be drawn. */
const CONTROLS_LATEST_MS = 400;

/**
 * Whether the controls below the plot (legend, measurement types) and the dialogs are to be
 * rendered. They are not in the commit that builds the plot, but once the first data is drawn
 * and painted (or after CONTROLS_LATEST_MS), in a transition: a chart opened on a freshly loaded
 * page, whose code runs cold, draws its curve first, and what lies below it follows a moment
 * later. The toolbar above renders with the plot, so nothing moves the plot.
 */
function useControlsShown(dataShown: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return;
    const show = () => startTransition(() => setShown(true));
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the frame that paints the data: the next task.
    if (dataShown) frame = requestAnimationFrame(() => (timer = setTimeout(show, 0)));
    else timer = setTimeout(show, CONTROLS_LATEST_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [dataShown, shown]);
  return shown;
}

/** A loaded chart: toolbar, plot, legend, measurement types, annotations and the config editor. */
export function ChartView({ definition, live, keepViewInAddress, onConfigSaved, opening }: ChartViewProps) {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  // The picker names the chart's own span ("7 Tage") while the view is it, not "custom".
  const ownSpan = spanName(definition.span, intlLocale(i18n.resolvedLanguage ?? i18n.language)) ?? undefined;
  const [view, setView] = useState<TimeWindow>(
    () => opening?.view ?? defaultWindow(definition, live, searchParams),
  );
  // Reset leads to the chart's own span, not to a view kept in the address.
  const [home, setHome] = useState<TimeWindow>(() => defaultWindow(definition, live, new URLSearchParams()));
  const [range, setRange] = useState<RangeSelection>(() => {
    const opensOnOwnSpan = viewFromSearch(searchParams) === null && searchParams.get('start') === null;
    return { choice: 'custom', custom: view, span: opensOnOwnSpan ? ownSpan : undefined };
  });
  const [preset, setPreset] = useState(definition.preset);
  const [measurement, setMeasurement] = useState<Record<string, MeasurementType>>({});
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [autoRefresh, setAutoRefresh] = useState(live);
  const [width, reportWidth] = useDrawingWidth(view);
  const [addMode, setAddMode] = useState(false);
  const [draft, setDraft] = useState<AnnotationDraft | null>(null);
  const [editing, setEditing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const keys = useMemo(() => seriesKeys(definition.series.map((s) => s.pv)), [definition.series]);
  const dataSeries: DataSeries[] = useMemo(
    () =>
      definition.series.map((s, i) => {
        const key = keys[i] ?? pvKey(s.pv);
        return { key, pv: s.pv, measurementType: measurement[key] ?? s.measurementType };
      }),
    [definition.series, keys, measurement],
  );
  const chartId = definition.config?.id ?? null;
  const changedTypes = dataSeries.some((s, i) => s.measurementType !== definition.series[i]?.measurementType);
  // A saved chart is read by its id; once the user picks other measurement types, by its PVs.
  const fetcher: ChartDataFetcher = useMemo(
    () => chartDataFetcher(chartId, !changedTypes, dataSeries),
    [chartId, changedTypes, dataSeries],
  );

  // The live tail needs the newest point, which the data below only knows after the tail.
  const lastPointAt = useRef<(key: string) => number | null>(() => null);
  const liveTail = useLiveChart({
    enabled: live && autoRefresh,
    series: dataSeries,
    view,
    setView,
    lastPointAt: (key) => lastPointAt.current(key),
  });
  const shown = useChartData({
    series: dataSeries,
    view,
    width,
    preset,
    maxima: definition.maxima,
    fetcher,
    liveTail,
    inFrame: live && autoRefresh,
    ...(opening?.request ? { opening: opening.request } : {}),
  });
  useEffect(() => {
    lastPointAt.current = shown.lastPointAt;
  }, [shown.lastPointAt]);

  const limits = useLimits(definition);
  const rights = useQuery(rightsQuery);
  const canAnnotate = rights.data?.grants.some((g) => g.right === 'editAnnotations') ?? false;
  const pvs = useMemo(() => definition.series.map((s) => s.pv), [definition.series]);
  const annotationList = useAnnotations({ start: Math.floor(view.start), end: Math.ceil(view.end), pvs });

  const plotSeries = useMemo(
    () => buildPlotSeries(definition.series, keys, definition.pvConfigs, hidden),
    [definition.series, keys, definition.pvConfigs, hidden],
  );
  const limitLines = useMemo(
    () => buildLimitLines(definition.series, keys, limits),
    [definition.series, keys, limits],
  );
  const keyOfPv = useMemo(() => {
    const map = new Map<string, string>();
    definition.series.forEach((s, i) => {
      const k = pvKey(s.pv);
      if (!map.has(k)) map.set(k, keys[i] ?? k);
    });
    return map;
  }, [definition.series, keys]);
  const plotAnnotations: PlotAnnotation[] = useMemo(
    () =>
      annotationList.annotations
        .filter((a) => a.visible && keyOfPv.has(pvKey(a.pv)))
        .map((a) => ({
          id: a.id,
          t: a.timestamp,
          seriesKey: keyOfPv.get(pvKey(a.pv)) ?? pvKey(a.pv),
          text: a.text,
        })),
    [annotationList.annotations, keyOfPv],
  );
  const pvOptions = useMemo(
    () =>
      definition.series.map((s, i) => ({
        value: pvKey(s.pv),
        label: plotSeries[i]?.label ? `${plotSeries[i].label} (${pvKey(s.pv)})` : pvKey(s.pv),
      })),
    [definition.series, plotSeries],
  );

  const showView = (next: TimeWindow) => {
    setView(next);
    if (keepViewInAddress) setSearchParams(searchWithView(searchParams, next), { replace: true });
  };

  /** Back to the chart's own span, ending now: the view, where reset leads, the range picker. */
  const showOwnSpan = () => {
    const window = defaultWindow(definition, live, new URLSearchParams());
    setHome(window);
    setView(window);
    setRange({ choice: 'custom', custom: window, span: ownSpan });
  };

  const followRange = (moved: TimeWindow, cause: RangeChangeCause) => {
    // Whole milliseconds: the address, the requests and the batches all count in them.
    const next = { start: Math.round(moved.start), end: Math.round(moved.end) };
    if (cause === 'reset') {
      showOwnSpan();
      if (keepViewInAddress) {
        const rest = new URLSearchParams(searchParams);
        rest.delete('from');
        rest.delete('to');
        setSearchParams(rest, { replace: true });
      }
      if (live) setAutoRefresh(true);
    } else {
      // Looking back in a live chart stops it from moving on.
      if (live) setAutoRefresh(false);
      showView(next);
      setRange({ choice: 'custom', custom: next });
    }
  };

  // The plot shows the new range already; the rest of the screen (range picker, address, data
  // requests) follows in a transition, in short slices between the frames of a further gesture.
  const onRangeChange = useStableCallback((moved: TimeWindow, cause: RangeChangeCause) =>
    startTransition(() => followRange(moved, cause)),
  );

  const onPickRange = useStableCallback((selection: RangeSelection) => {
    const window = resolveSelection(selection);
    setRange(selection);
    showView({ start: window.start, end: window.end });
  });

  const onPlotClick = useStableCallback((time: number, seriesIndex: number | null) => {
    if (!addMode || !canAnnotate) return;
    const visible = definition.series.filter((_, i) => !hidden.has(keys[i] ?? ''));
    const target =
      (seriesIndex !== null ? definition.series[seriesIndex] : undefined) ??
      visible[0] ??
      definition.series[0];
    if (!target) return;
    setAddMode(false);
    setDraft(annotationDraftAt(time, target.pv, shown.source));
  });

  const onAnnotationClick = useStableCallback((id: number) => {
    const annotation = annotationList.annotations.find((a) => a.id === id);
    if (annotation) setDraft(savedDraft(annotation));
  });

  // Only a live chart has the switch.
  const onAutoRefreshChange = useStableCallback((on: boolean) => {
    setAutoRefresh(on);
    if (on) showOwnSpan();
  });

  const onToggleSeries = useCallback(
    (key: string) =>
      setHidden((previous) => {
        const next = new Set(previous);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      }),
    [],
  );
  const onMeasurementChange = useCallback(
    (key: string, type: MeasurementType) => setMeasurement((m) => ({ ...m, [key]: type })),
    [],
  );
  const openEditor = useCallback(() => setEditing(true), []);

  const onExport = useStableCallback(async () => {
    setExporting(true);
    const result = await exportChartData({
      ...(chartId !== null && !changedTypes
        ? { chartId }
        : { series: dataSeries.map((s) => ({ pv: s.pv, measurementType: s.measurementType })) }),
      startDate: Math.floor(view.start),
      endDate: Math.ceil(view.end),
      source: preset,
    });
    setExporting(false);
    if (result.status === 'Success') saveFile(result.fileName, result.blob);
    else setExportError(result.errorMessage);
  });
  const startExport = useStableCallback(() => void onExport());

  const title =
    definition.title || t(live ? 'charts.screen.realtimeTrendline' : 'charts.screen.archiveTrendline');
  const state = shown.state;
  const controls = useControlsShown(state === 'done' || state === 'error');

  return (
    <Stack
      gap="sm"
      data-testid="chart-screen"
      data-state={state}
      // The view the state is of: the plot and the address show a zoom or pan before the screen
      // has taken it over (in a transition), and until then the state is of the view before.
      data-view-start={view.start}
      data-view-end={view.end}
    >
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{title}</Title>
        <Text size="sm" c="dimmed" data-testid="chart-read-source">
          {t('charts.screen.readSource', { source: t(`charts.source.${shown.source}`) })}
        </Text>
      </Group>
      <ChartToolbar
        range={range}
        onRangeChange={onPickRange}
        preset={preset}
        onPresetChange={setPreset}
        autoRefresh={live ? autoRefresh : null}
        onAutoRefreshChange={onAutoRefreshChange}
        onExport={startExport}
        exporting={exporting}
        addMode={canAnnotate ? addMode : null}
        onAddModeChange={setAddMode}
        onEdit={definition.config?.currentUserCanEdit ? openEditor : null}
      />
      {definition.missingPvs.length > 0 ? (
        <Alert color="yellow" variant="light" data-testid="chart-missing-pvs">
          {t('charts.screen.missingPvs', { pvs: definition.missingPvs.map(pvKey).join(', ') })}
        </Alert>
      ) : null}
      {shown.unauthorized.length > 0 ? (
        <Alert color="yellow" variant="light">
          {t('charts.screen.unauthorizedPvs', { pvs: shown.unauthorized.map(pvKey).join(', ') })}
        </Alert>
      ) : null}
      {state === 'error' ? (
        <Alert color="red" variant="light" role="alert" title={t('charts.screen.dataError')}>
          <Group gap="sm">
            {shown.error ? <Text size="sm">{shown.error}</Text> : null}
            <Button size="xs" variant="white" color="red" onClick={shown.retry}>
              {t('app.retry')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {addMode ? (
        <Text size="sm" c="blue" role="status">
          {t('charts.screen.addAnnotationHint')}
        </Text>
      ) : null}
      <TimeSeriesPlot
        series={plotSeries}
        points={shown.points}
        range={view}
        pointsComplete={state !== 'loading'}
        homeRange={home}
        onRangeChange={onRangeChange}
        annotations={plotAnnotations}
        onPlotClick={onPlotClick}
        onAnnotationClick={onAnnotationClick}
        limitLines={limitLines}
        onWidthChange={reportWidth}
      />
      {controls ? (
        <>
          <ChartLegend series={plotSeries} onToggle={onToggleSeries} />
          <MeasurementTypeSelects
            series={dataSeries}
            plotSeries={plotSeries}
            onChange={onMeasurementChange}
          />
          <AnnotationDialog
            opened={draft !== null}
            draft={draft}
            pvOptions={pvOptions}
            canEdit={canAnnotate}
            onClose={() => setDraft(null)}
            writes={annotationList.writes}
          />
          <FailureDialog
            failure={annotationList.writes.failure}
            onClose={annotationList.writes.clearFailure}
          />
          {definition.config && editing ? (
            <ConfigDialog
              config={definition.config}
              series={definition.series}
              pvConfigs={definition.pvConfigs}
              onClose={() => setEditing(false)}
              onSaved={() => {
                setEditing(false);
                onConfigSaved();
              }}
            />
          ) : null}
          <FailureDialog
            failure={
              exportError === null ? null : { title: t('charts.screen.exportFailed'), message: exportError }
            }
            onClose={() => setExportError(null)}
          />
        </>
      ) : null}
    </Stack>
  );
}
