import { Text } from '@mantine/core';
import { pvKey, type PvRef } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { getAutoChartData } from '../../api/charts';
import { useLocaleFormat } from '../../lib/format-locale';
import { plantTimeZone } from '../../lib/plant-time-zone';

const DAY_MS = 24 * 3600_000;
const WIDTH = 440;
const HEIGHT = 160;

/**
 * The last 24 h of a PV as a small line: the archive reduced on the server to the plot's width
 * (M4, at most 4 points per pixel), so it costs a few kilobytes whatever the PV's rate.
 */
export function PvTrend({ pvRef }: { pvRef: PvRef }) {
  const { t } = useTranslation();
  const { time } = useLocaleFormat();
  const key = pvKey(pvRef);
  const data = useQuery({
    queryKey: ['pv', 'trend24h', key],
    queryFn: ({ signal }) => {
      const end = Date.now();
      return getAutoChartData(
        [{ pv: pvRef }],
        { startDate: end - DAY_MS, endDate: end, width: WIDTH },
        signal,
      );
    },
    staleTime: 60_000,
  });
  const host = useRef<HTMLDivElement>(null);
  const points = useMemo(() => data.data?.series[0]?.dataPoints ?? [], [data.data]);

  useLayoutEffect(() => {
    const element = host.current;
    if (!element || points.length === 0) return undefined;
    const xs = points.map((p) => p.timestamp / 1000);
    const ys = points.map((p) => p.value);
    const plot = new uPlot(
      {
        width: Math.min(WIDTH, element.clientWidth || WIDTH),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        // Ticks at the plant's hours, as the labels read them.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), plantTimeZone()),
        series: [{}, { stroke: '#1c7ed6', width: 1.5, spanGaps: false }],
        // Times in the user's language and 24-hour clock, as everywhere else in the app.
        axes: [
          { size: 28, values: (_u, splits) => splits.map((s) => time(s * 1000).slice(0, 5)) },
          { size: 48 },
        ],
      },
      [xs, ys],
      element,
    );
    return () => plot.destroy();
  }, [points, time]);

  if (data.isPending)
    return (
      <Text size="sm" c="dimmed">
        {t('operate.loading')}
      </Text>
    );
  if (data.error)
    return (
      <Text size="sm" c="red">
        {data.error.message}
      </Text>
    );
  if (points.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('operate.detail.noTrend')}
      </Text>
    );
  return <div ref={host} data-pv-trend={key} aria-label={t('operate.detail.trend')} role="img" />;
}
