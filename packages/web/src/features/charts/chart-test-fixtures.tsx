import {
  defaultChartConfigFields,
  defaultSeriesFields,
  type ChartConfig,
  type ChartDataReply,
  type ChartSeriesConfig,
  type EffectiveRights,
  type PvConfig,
  type PvRef,
} from '@leitwarte/core';
import { useEffect } from 'react';
import type { FakeRequest } from '../../test-support/fake-server';
import type { TimeSeriesPlotProps } from '../../ui/chart-plot/time-series-plot';

export function chartConfig(id: number, overrides: Partial<ChartConfig> = {}): ChartConfig {
  return {
    id,
    directoryId: 1,
    ...defaultChartConfigFields('Measurement', 'Füllstände Hochbehälter'),
    currentUserCanEdit: false,
    ...overrides,
  };
}

export function chartSeries(chartId: number, pvs: readonly PvRef[]): ChartSeriesConfig[] {
  return pvs.map((pv, i) => ({ id: 100 + i, chartId, ...defaultSeriesFields(pv, i) }));
}

export function pvConfig(pv: PvRef, name: string): PvConfig {
  return {
    pvRef: pv,
    name,
    eksNr: `EKS-${pv.nr}`,
    dimension: 'm',
    subtype: 'Füllstand',
    valueType: 'DoubleValue',
    alertInputConfig: null,
    domainConfig: null,
    digiDisplayConfig: null,
  };
}

export function rightsWith(names: string[]): EffectiveRights {
  return {
    userId: 7,
    username: 'operator',
    roles: ['operator'],
    grants: names.map((right) => ({
      right: right as EffectiveRights['grants'][number]['right'],
      scope: { allStations: true, stations: [], pvGroups: [] },
    })),
  };
}

/** The query of a recorded request. */
export const queryOf = (request: FakeRequest) => new URLSearchParams(request.path.split('?')[1] ?? '');

/** A data reply with one point per minute of the request's range for each PV. */
export function dataReply(request: FakeRequest, pvs: readonly PvRef[]): ChartDataReply {
  const q = queryOf(request);
  const start = Number(q.get('startDate'));
  const end = Number(q.get('endDate'));
  const step = Math.max(60_000, Math.ceil((end - start) / 50));
  const points: { timestamp: number; value: number }[] = [];
  for (let t = Math.ceil(start / step) * step; t <= end; t += step)
    points.push({ timestamp: t, value: (t / step) % 10 });
  return {
    source: q.get('source') ?? 'MeasurementArchive',
    series: pvs.map((pv, i) => ({
      seriesId: 100 + i,
      pv,
      measurementType: 'Aktuell',
      dimension: 'm',
      dataPoints: points,
      annotations: [],
    })),
    unauthorizedPvs: [],
  };
}

/**
 * Stands in for the uPlot plot in jsdom (no canvas): reports a width like the real one, shows the
 * range, points and limit lines as data attributes, and offers zoom, pan and a click as buttons.
 */
export function FakePlot(props: TimeSeriesPlotProps) {
  const { onWidthChange, range } = props;
  useEffect(() => onWidthChange?.(800), [onWidthChange]);
  const points = props.points.reduce((n, p) => n + p.v.filter((v) => Number.isFinite(v)).length, 0);
  const span = range.end - range.start;
  return (
    <div
      data-testid="chart-plot"
      data-range-start={range.start}
      data-range-end={range.end}
      data-points={points}
      data-limit-lines={JSON.stringify(props.limitLines ?? [])}
    >
      <button
        onClick={() =>
          props.onRangeChange?.({ start: range.start + span / 4, end: range.end - span / 4 }, 'zoom')
        }
      >
        zoom
      </button>
      <button
        onClick={() =>
          props.onRangeChange?.({ start: range.start + span / 2, end: range.end + span / 2 }, 'pan')
        }
      >
        pan
      </button>
      <button onClick={() => props.onPlotClick?.(range.start + span / 2, 0)}>plot-click</button>
      {props.annotations?.map((a) => (
        <button
          key={a.id}
          data-testid="annotation-marker"
          data-annotation-id={a.id}
          title={a.text}
          onClick={() => props.onAnnotationClick?.(a.id)}
        />
      ))}
    </div>
  );
}
