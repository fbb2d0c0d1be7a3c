import { pvKey } from '@leitwarte/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView, LoadingView } from '../../ui/status-views';
import { loadChartDefinition, type ChartDefinition, type ChartOrigin } from './chart-definition';
import { ChartView } from './chart-view';

/** The outcome of one load, marked with the origin and reload it belongs to. */
type Loaded =
  | { origin: string; generation: number; status: 'ready'; definition: ChartDefinition }
  | { origin: string; generation: number; status: 'error'; error: unknown };

function originKey(origin: ChartOrigin): string {
  return origin.kind === 'config'
    ? `config:${origin.id}`
    : `pvs:${origin.type}:${origin.span.factor}:${origin.span.unit}:${origin.pvs.map(pvKey).join(',')}`;
}

/**
 * A chart screen (live, archive, trend line): the config and series load first (screens §4:
 * loading, then ready or error), then the chart asks for its data. After a config change the
 * chart stays on screen while it loads again.
 */
export function ChartScreen({ origin, live }: { origin: ChartOrigin; live: boolean }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [generation, setGeneration] = useState(0);
  const key = originKey(origin);

  useEffect(() => {
    const controller = new AbortController();
    loadChartDefinition(origin, controller.signal).then(
      (definition) => {
        if (!controller.signal.aborted) setLoaded({ origin: key, generation, status: 'ready', definition });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ origin: key, generation, status: 'error', error });
      },
    );
    return () => controller.abort();
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
    <div data-testid="chart-screen" data-state="loading">
      <LoadingView label={t('charts.screen.loading')} />
    </div>
  );
}
