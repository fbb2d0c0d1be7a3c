import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureDeferredCatalogues } from '../../i18n/i18n';
import { renderWithProviders } from '../../test-support/render';
import { ChartLegend } from './chart-legend';
import { plotSeries } from './test-series';

beforeAll(async () => {
  await ensureDeferredCatalogues();
});

describe('ChartLegend (screens §3 series display data)', () => {
  const series = [
    plotSeries('AnaIn-100001', { label: 'Hochbehälter Nord Füllstand', dimension: 'm', eks: '1.2.3' }),
    plotSeries('AnaIn-100002', { label: 'Zulauf', dimension: '', visible: false }),
  ];

  it('shows text, dimension and EKS number per series', () => {
    renderWithProviders(<ChartLegend series={series} onToggle={() => {}} />);
    const legend = screen.getByTestId('chart-legend');
    const first = legend.querySelector<HTMLElement>('[data-series-key="AnaIn-100001"]');
    if (!first) throw new Error('row missing');
    expect(first.textContent).toContain('Hochbehälter Nord Füllstand');
    expect(first.textContent).toContain('[m]');
    expect(first.textContent).toContain('EKS 1.2.3');
    const second = legend.querySelector<HTMLElement>('[data-series-key="AnaIn-100002"]');
    expect(second?.textContent).toContain('Zulauf');
    expect(second?.textContent).not.toContain('EKS');
    expect(second?.textContent).not.toContain('[');
  });

  it('toggles a series with a pressed button that says what it does', () => {
    const onToggle = vi.fn();
    renderWithProviders(<ChartLegend series={series} onToggle={onToggle} />);
    const shown = screen.getByRole('button', { name: 'Hochbehälter Nord Füllstand ausblenden' });
    expect(shown.getAttribute('aria-pressed')).toBe('true');
    const hidden = screen.getByRole('button', { name: 'Zulauf einblenden' });
    expect(hidden.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(hidden);
    expect(onToggle).toHaveBeenCalledWith('AnaIn-100002');
    const row = screen
      .getByTestId('chart-legend')
      .querySelector<HTMLElement>('[data-series-key="AnaIn-100002"]');
    if (!row) throw new Error('row missing');
    expect(within(row).getByRole('button')).toBe(hidden);
  });
});
