import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlotSeries } from './plot-types';
import './plot.css';

export interface ChartLegendProps {
  series: readonly PlotSeries[];
  onToggle: (key: string) => void;
}

/**
 * The legend of a chart: per series its colour, text, dimension and EKS number, and a show/hide
 * toggle. Memoised: zooms and data replies render the chart screen again, not its legend.
 */
export const ChartLegend = memo(function ChartLegend({ series, onToggle }: ChartLegendProps) {
  const { t } = useTranslation();
  return (
    <ul className="chart-legend" data-testid="chart-legend" aria-label={t('charts.plot.legend')}>
      {series.map((s, i) => {
        const action = s.visible
          ? t('charts.plot.hideSeries', { name: s.label })
          : t('charts.plot.showSeries', { name: s.label });
        return (
          <li
            key={`${s.key}-${i}`}
            className="chart-legend-row"
            data-series-key={s.key}
            data-visible={s.visible}
          >
            <button
              type="button"
              className="chart-legend-toggle"
              aria-pressed={s.visible}
              aria-label={action}
              title={action}
              onClick={() => onToggle(s.key)}
            >
              <span className="chart-legend-swatch" style={{ background: s.color }} />
            </button>
            <span className="chart-legend-text">{s.label}</span>
            {s.dimension ? <span className="chart-legend-detail">[{s.dimension}]</span> : null}
            {s.eks ? (
              <span className="chart-legend-detail">{t('charts.plot.eks', { eks: s.eks })}</span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
});
