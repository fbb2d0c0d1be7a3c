import { Anchor, Group, Loader, Text } from '@mantine/core';
import { pvKey, type DashboardWidget, type TimeWindow } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  chartDataFetcher,
  chartWindow,
  loadChartDefinition,
  type ChartDefinition,
} from '../../../ui/chart-plot/chart-definition';
import { useDrawingWidth } from '../../../ui/chart-plot/drawing-width';
import { buildLimitLines, buildPlotSeries, seriesKeys } from '../../../ui/chart-plot/plot-series';
import type { RangeChangeCause } from '../../../ui/chart-plot/plot-types';
import { TimeSeriesPlot } from '../../../ui/chart-plot/time-series-plot';
import { useChartData, type DataSeries } from '../../../ui/chart-plot/use-chart-data';
import { useLimits } from '../../../ui/chart-plot/use-limits';
import { useLiveChart } from '../../../ui/chart-plot/use-live-chart';

type Chart = Extract<DashboardWidget, { kind: 'Chart' }>;

/** Below this the plot's axes leave no room for a curve. */
const MIN_PLOT_HEIGHT = 120;
const NO_HIDDEN: ReadonlySet<string> = new Set();

/** The height the widget's body leaves for the plot, following the layout (sizes, reflow). */
function useBoxHeight(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const observer = new ResizeObserver((entries) => {
      const next = Math.floor(entries[entries.length - 1]?.contentRect.height ?? 0);
      setHeight((previous) => (previous === next ? previous : next));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, height];
}

/**
 * A saved chart drawn in the dashboard with the chart screens' plot, data layer and M4 path: the
 * same requests by chart id at the plot's drawing width, live (following now, with live values)
 * or archive as the chart's type says. Zoom and pan work as on the chart screen; the title opens
 * the chart's own screen for everything else (legend, measurement types, annotations, export).
 */
export function ChartWidget({ widget }: { widget: Chart }) {
  const { t } = useTranslation();
  const chartId = widget.chartId;
  const definition = useQuery({
    queryKey: ['dashboard', 'chart', chartId] as const,
    enabled: chartId !== null,
    queryFn: ({ signal }) => loadChartDefinition({ kind: 'config', id: chartId ?? 0 }, signal),
  });
  if (chartId === null || definition.error) {
    return (
      <Text size="sm" c="dimmed" data-testid="chart-widget" data-state="missing">
        {t('dashboard.chart.missing')}
      </Text>
    );
  }
  if (!definition.data) {
    return (
      <Group justify="center" data-testid="chart-widget" data-state="loading">
        <Loader size="sm" aria-label={t('dashboard.chart.loading')} />
      </Group>
    );
  }
  return <ChartWidgetPlot definition={definition.data} />;
}

function ChartWidgetPlot({ definition }: { definition: ChartDefinition }) {
  const { t } = useTranslation();
  const live = definition.type === 'LiveMeasurement';
  const [home, setHome] = useState<TimeWindow>(() =>
    chartWindow(definition.span, live, new URLSearchParams()),
  );
  const [view, setView] = useState<TimeWindow>(home);
  const [following, setFollowing] = useState(live);
  const [width, reportWidth] = useDrawingWidth(view);
  const [box, boxHeight] = useBoxHeight();

  const keys = useMemo(() => seriesKeys(definition.series.map((s) => s.pv)), [definition.series]);
  const dataSeries: DataSeries[] = useMemo(
    () =>
      definition.series.map((s, i) => ({
        key: keys[i] ?? pvKey(s.pv),
        pv: s.pv,
        measurementType: s.measurementType,
      })),
    [definition.series, keys],
  );
  const chartId = definition.config?.id ?? null;
  const fetcher = useMemo(() => chartDataFetcher(chartId, true, dataSeries), [chartId, dataSeries]);
  const lastPointAt = useRef<(key: string) => number | null>(() => null);
  const liveTail = useLiveChart({
    enabled: live && following,
    series: dataSeries,
    view,
    setView,
    lastPointAt: (key) => lastPointAt.current(key),
  });
  const shown = useChartData({
    series: dataSeries,
    view,
    width,
    preset: definition.preset,
    maxima: definition.maxima,
    fetcher,
    liveTail,
    inFrame: live && following,
  });
  useEffect(() => {
    lastPointAt.current = shown.lastPointAt;
  }, [shown.lastPointAt]);

  const limits = useLimits(definition);
  const plotSeries = useMemo(
    () => buildPlotSeries(definition.series, keys, definition.pvConfigs, NO_HIDDEN),
    [definition.series, keys, definition.pvConfigs],
  );
  const limitLines = useMemo(
    () => buildLimitLines(definition.series, keys, limits),
    [definition.series, keys, limits],
  );
  const onRangeChange = useCallback(
    (moved: TimeWindow, cause: RangeChangeCause) => {
      if (cause === 'reset') {
        // Back to the chart's span ending now; a live chart follows now again.
        const window = chartWindow(definition.span, live, new URLSearchParams());
        setHome(window);
        setView(window);
        setFollowing(live);
      } else {
        // Looking back in a live chart stops it from moving on, as on the chart screen.
        setFollowing(false);
        setView({ start: Math.round(moved.start), end: Math.round(moved.end) });
      }
    },
    [definition.span, live],
  );

  const points = shown.points.reduce((sum, p) => sum + p.t.length, 0);
  const path = `/charts/${live ? 'live' : 'archive'}/${chartId ?? ''}`;
  return (
    <div
      className="dash-chart"
      data-testid="chart-widget"
      data-chart-id={chartId ?? undefined}
      data-live={live}
      data-state={shown.state}
      data-source={shown.source}
      data-points={points}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" className="dash-chart__head">
        <Anchor
          component={Link}
          to={path}
          size="xs"
          truncate="end"
          title={t('dashboard.chart.open', { title: definition.title })}
        >
          {definition.title}
        </Anchor>
        {shown.state === 'error' ? (
          <Text size="xs" c="red" role="alert">
            {t('dashboard.chart.dataError')}
          </Text>
        ) : null}
      </Group>
      <div ref={box} className="dash-chart__plot">
        {boxHeight > 0 ? (
          <TimeSeriesPlot
            series={plotSeries}
            points={shown.points}
            range={view}
            pointsComplete={shown.state !== 'loading'}
            homeRange={home}
            onRangeChange={onRangeChange}
            limitLines={limitLines}
            height={Math.max(MIN_PLOT_HEIGHT, boxHeight)}
            onWidthChange={reportWidth}
          />
        ) : null}
      </div>
    </div>
  );
}
