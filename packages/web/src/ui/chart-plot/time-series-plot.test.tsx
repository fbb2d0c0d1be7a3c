import './test-dom';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureDeferredCatalogues } from '../../i18n/i18n';
import { renderWithProviders } from '../../test-support/render';
import { TimeSeriesPlot } from './time-series-plot';
import { plotSeries } from './test-series';

beforeAll(async () => {
  await ensureDeferredCatalogues();
  // jsdom has no canvas drawing; it answers null, as browsers without 2D canvas do, here without
  // its "not implemented" report.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

// Without a 2D canvas (as here) uPlot cannot draw; the browser tests cover the drawing. What
// remains checkable is the DOM around the plot that screens and tests rely on.
describe('TimeSeriesPlot without a canvas', () => {
  it('renders the plot frame, the reset button and clickable annotation markers', () => {
    const clicked: number[] = [];
    renderWithProviders(
      <TimeSeriesPlot
        series={[plotSeries('AnaIn-100001')]}
        points={[{ t: [1000], v: [1] }]}
        range={{ start: 0, end: 10_000 }}
        annotations={[{ id: 4, t: 5000, seriesKey: 'AnaIn-100001', text: 'Pumpe getauscht' }]}
        onAnnotationClick={(id) => clicked.push(id)}
      />,
    );
    const plot = screen.getByTestId('chart-plot');
    expect(plot.dataset.draws).toBe('0');
    expect(screen.getByTestId('zoom-reset').textContent).toBe('Zoom zurücksetzen');
    const marker = screen.getByTestId('annotation-marker');
    expect(marker.dataset.annotationId).toBe('4');
    expect(marker.getAttribute('title')).toBe('Pumpe getauscht');
    marker.click();
    expect(clicked).toEqual([4]);
  });
});
