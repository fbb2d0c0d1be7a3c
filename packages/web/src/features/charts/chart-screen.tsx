import { pvKey } from '@leitwarte/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorView, LoadingView } from '../../ui/status-views';
import {
  loadChartDefinition,
  openChart,
  type ChartDefinition,
  type ChartOpening,
  type ChartOrigin,
  type ChartSeriesDefinition,
} from '../../ui/chart-plot/chart-definition';
import { ChartView } from './chart-view';
import { takeEarlyChartData } from './early-chart-data';
import { TYPICAL_VALUE_AXIS_WIDTH } from '../../ui/chart-plot/axis-size';

/** The outcome of one load, marked with the origin and reload it belongs to. */
type Loaded =
  | {
      origin: string;
      generation: number;
      status: 'ready';
      definition: ChartDefinition;
      opening: ChartOpening | null;
    }
  | { origin: string; generation: number; status: 'error'; error: unknown };

function originKey(origin: ChartOrigin): string {
  return origin.kind === 'config'
    ? `config:${origin.id}`
    : `pvs:${origin.type}:${origin.span.factor}:${origin.span.unit}:${origin.pvs.map(pvKey).join(',')}`;
}

/**
 * A chart screen (live, archive, trend line): the config and series load first (screens §4:
 * loading, then ready or error). As soon as the series are known the first data request starts,
 * at the drawing width the plot will most likely have (the loading view's width less one value
 * axis; should the real width fall on another resolution level, the data is asked for again). A
 * saved chart's request started with the click on its link (see startEarlyChartData) is taken
 * over instead when it fits. The PVs' configs (names, dimensions) load alongside; the chart is
 * shown when they or the data come, whichever is first, and completed by the PVs' configs when
 * they come later. After a config change the chart stays on screen while it loads again.
 */
export function ChartScreen({ origin, live }: { origin: ChartOrigin; live: boolean }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [generation, setGeneration] = useState(0);
  const key = originKey(origin);
  const [search] = useSearchParams();
  const loadingRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    let opening: ChartOpening | null = null;
    let shown = false;
    const onSeries = (base: ChartSeriesDefinition) => {
      // The drawing area is the screen's width less the value axes; one axis is the common case.
      const width = Math.floor(loadingRef.current?.clientWidth ?? 0) - TYPICAL_VALUE_AXIS_WIDTH;
      const early = takeEarlyChartData(base, live, search);
      if (width <= 0) early?.opening.controller.abort();
      opening = width > 0 ? openChart(base, live, search, width, early) : null;
      const request = opening?.request;
      const show = () => {
        if (shown || controller.signal.aborted) return;
        shown = true;
        setLoaded((previous) => ({
          origin: key,
          generation,
          status: 'ready',
          // Until the PVs' configs come, those of the chart shown before stand in (after a reload).
          definition: {
            ...base,
            pvConfigs:
              previous?.status === 'ready' && previous.origin === key
                ? previous.definition.pvConfigs
                : new Map(),
            missingPvs: [],
          },
          opening,
        }));
      };
      // The PVs' configs mostly come long before the data: the chart is then built once, with
      // their names and dimensions, while the data is on the way. Data that comes first is
      // shown at once.
      if (request) request.reply.then(show, show);
      else show();
    };
    loadChartDefinition(origin, controller.signal, onSeries).then(
      (definition) => {
        if (controller.signal.aborted) return;
        shown = true;
        setLoaded({ origin: key, generation, status: 'ready', definition, opening });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ origin: key, generation, status: 'error', error });
      },
    );
    return () => {
      controller.abort();
      // A chart on screen owns its opening request; one never shown is no longer wanted.
      if (!shown) opening?.request?.controller.abort();
    };
    // The origin is described completely by its key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const current = loaded?.origin === key ? loaded : null;
  const fresh = current?.generation === generation;

  if (current?.status === 'ready' && (fresh || current.generation < generation))
    return (
      <ChartView
        key={`${key}/${current.generation}`}
        definition={current.definition}
        opening={current.opening}
        live={live}
        keepViewInAddress={!live}
        onConfigSaved={reload}
      />
    );
  if (current?.status === 'error' && fresh)
    return (
      <div data-testid="chart-screen" data-state="error">
        <ErrorView title={t('charts.screen.loadError')} error={current.error} onRetry={reload} />
      </div>
    );
  return (
    <div ref={loadingRef} data-testid="chart-screen" data-state="loading">
      <LoadingView label={t('charts.screen.loading')} />
    </div>
  );
}
