import { Group, SegmentedControl, Select, Text } from '@mantine/core';
import { pvKey, type DashboardWidget } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAutoChartData } from '../../../api/charts';
import { requestPvConfig } from '../../../api/pv';
import { heatColour, heatGrid } from '../heat-map-grid';

type HeatMap = Extract<DashboardWidget, { kind: 'HeatMap' }>;
type Span = (typeof SPANS)[number];

const SPANS = [7, 14, 28] as const;
const CELL_W = 14;
const CELL_H = 12;
const LEFT = 62;
const TOP = 14;
/** Quarter-hour rollups change every 15 minutes; a new look every 5 is enough. */
const REFRESH_MS = 5 * 60_000;

/**
 * One PV's quarter-hour means (screens §3 QuarterHourValues, Mittelwert) by hour of day × day
 * over a chosen span, coloured on the widget's scale, with the value under the pointer.
 */
export function HeatMapWidget({ widget, locale }: { widget: HeatMap; locale: string }) {
  const { t } = useTranslation();
  const [pvIndex, setPvIndex] = useState(0);
  const [days, setDays] = useState<Span>(7);
  const [hover, setHover] = useState<{ day: number; hour: number } | null>(null);
  const pv = widget.pvs[Math.min(pvIndex, widget.pvs.length - 1)];
  const key = pv ? pvKey(pv) : '';
  const names = useQuery({
    queryKey: ['dashboard', 'heatmap-names', widget.pvs.map(pvKey).join(',')] as const,
    queryFn: () => Promise.all(widget.pvs.map((ref) => requestPvConfig(ref))),
    staleTime: 60_000,
  });
  const data = useQuery({
    queryKey: ['dashboard', 'heatmap', key, days] as const,
    enabled: pv !== undefined,
    refetchInterval: REFRESH_MS,
    queryFn: ({ signal }) => {
      if (!pv) throw new Error('no PV');
      const end = Date.now();
      return getAutoChartData(
        [{ pv, measurementType: 'Mittelwert' }],
        { startDate: end - days * 86_400_000, endDate: end, source: 'QuarterHourValues', reduce: false },
        signal,
      );
    },
  });
  const series = data.data?.series[0];
  // The days end with the day the data was fetched.
  const fetchedAt = data.dataUpdatedAt;
  const grid = useMemo(() => heatGrid(series?.dataPoints ?? [], fetchedAt, days), [series, fetchedAt, days]);
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const dayFormat = new Intl.DateTimeFormat(locale, { weekday: 'short', day: '2-digit', month: '2-digit' });
  const unit = series?.dimension ? ` ${series.dimension}` : '';

  if (widget.pvs.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('dashboard.heatMap.noPv')}
      </Text>
    );
  const hovered = hover ? grid.cells[hover.day * 24 + hover.hour] : undefined;
  const width = LEFT + 24 * CELL_W;
  const height = TOP + days * CELL_H;

  return (
    <div className="heat-map" data-pv={key} data-days={days}>
      <HeatMapControls
        pvs={widget.pvs}
        names={names.data}
        pvIndex={pvIndex}
        days={days}
        onPvIndex={setPvIndex}
        onDays={setDays}
      />
      {data.isPending ? (
        <Text size="sm" c="dimmed">
          {t('app.loading')}
        </Text>
      ) : data.error ? (
        <Text size="sm" c="red" role="alert">
          {t('dashboard.heatMap.loadError')}
        </Text>
      ) : grid.min === null ? (
        <Text size="sm" c="dimmed">
          {t('dashboard.heatMap.empty')}
        </Text>
      ) : (
        <>
          <svg
            viewBox={`0 0 ${width} ${height}`}
            className="heat-map__grid"
            role="img"
            aria-label={t('dashboard.heatMap.label', { days })}
            onMouseLeave={() => setHover(null)}
          >
            {[0, 6, 12, 18].map((h) => (
              <text key={h} x={LEFT + h * CELL_W} y={10} className="heat-map__axis">
                {String(h).padStart(2, '0')}
              </text>
            ))}
            {grid.days.map((d, i) =>
              i % Math.ceil(days / 7) === 0 ? (
                <text
                  key={d}
                  x={LEFT - 4}
                  y={TOP + i * CELL_H + 9}
                  textAnchor="end"
                  className="heat-map__axis"
                >
                  {dayFormat.format(d)}
                </text>
              ) : null,
            )}
            {grid.cells.map((c) => (
              <rect
                key={`${c.day}-${c.hour}`}
                x={LEFT + c.hour * CELL_W}
                y={TOP + c.day * CELL_H}
                width={CELL_W - 1}
                height={CELL_H - 1}
                fill={
                  c.value === null
                    ? 'var(--mantine-color-gray-2)'
                    : heatColour(c.value, widget.min, widget.max)
                }
                onMouseEnter={() => setHover({ day: c.day, hour: c.hour })}
              />
            ))}
          </svg>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" data-testid="heat-map-value" miw={0} truncate="end">
              {hovered
                ? `${dayFormat.format(grid.days[hovered.day] ?? 0)} ${String(hovered.hour).padStart(2, '0')}:00: ${
                    hovered.value === null ? t('pv.noValue') : `${n.format(hovered.value)}${unit}`
                  }`
                : t('dashboard.heatMap.hint')}
            </Text>
            <div className="heat-map__scale" aria-hidden>
              <span>{n.format(widget.min)}</span>
              <span className="heat-map__ramp" />
              <span>
                {n.format(widget.max)}
                {unit}
              </span>
            </div>
          </Group>
        </>
      )}
    </div>
  );
}

/**
 * The PV and span pickers, kept out of the widget's renders: Mantine's SegmentedControl sets state
 * from its ref callbacks, so every render of it commits a second time. The widget renders again
 * whenever its query refreshes or the pointer moves over the grid; these props stay the same then.
 */
const HeatMapControls = memo(function HeatMapControls({
  pvs,
  names,
  pvIndex,
  days,
  onPvIndex,
  onDays,
}: {
  pvs: HeatMap['pvs'];
  names: readonly { name: string }[] | undefined;
  pvIndex: number;
  days: Span;
  onPvIndex: (index: number) => void;
  onDays: (days: Span) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap" mb={4}>
      {pvs.length > 1 ? (
        <Select
          size="xs"
          aria-label={t('dashboard.heatMap.pv')}
          data={pvs.map((ref, i) => ({
            value: String(i),
            label: names?.[i]?.name ?? pvKey(ref),
          }))}
          value={String(pvIndex)}
          onChange={(v) => v !== null && onPvIndex(Number(v))}
          allowDeselect={false}
          w={220}
          maw="100%"
        />
      ) : null}
      <SegmentedControl
        size="xs"
        aria-label={t('dashboard.heatMap.span')}
        value={String(days)}
        onChange={(v) => onDays(Number(v) as Span)}
        data={SPANS.map((d) => ({ value: String(d), label: t('dashboard.heatMap.days', { days: d }) }))}
      />
    </Group>
  );
});
