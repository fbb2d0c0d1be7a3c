import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import type { DashboardWidget } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test-support/fake-server';
import { renderWithProviders } from '../../../test-support/render';
import { HeatMapWidget } from './heat-map-widget';

const widget: Extract<DashboardWidget, { kind: 'HeatMap' }> = {
  id: 3,
  kind: 'HeatMap',
  title: 'Behälter',
  size: 'Large',
  sortIndex: 0,
  position: null,
  pvs: [{ type: 'AnaIn', nr: 100_010 }],
  min: 0,
  max: 10,
};

const HOUR = 3_600_000;

function quarterHours() {
  const now = Date.now();
  return Array.from({ length: 24 }, (_, i) => ({ timestamp: now - (i + 1) * HOUR, value: (i % 10) + 0.5 }));
}

describe('heat map widget', () => {
  it('commits once when the pointer moves to another cell (its pickers are not rendered again)', async () => {
    fakeServer({
      'POST /api/charts/data/auto': () =>
        json(200, {
          source: 'QuarterHourValues',
          series: [
            {
              seriesId: 1,
              pv: widget.pvs[0]!,
              measurementType: 'Mittelwert',
              dimension: 'm',
              dataPoints: quarterHours(),
              annotations: [],
            },
          ],
        }),
    });
    let commits = 0;
    const { container } = renderWithProviders(
      <Profiler id="heat-map" onRender={() => (commits += 1)}>
        <HeatMapWidget widget={widget} locale="de" />
      </Profiler>,
    );
    await screen.findByRole('img');
    const cells = [...container.querySelectorAll('.heat-map__grid rect')].filter(
      (cell) => cell.getAttribute('fill') !== 'var(--mantine-color-gray-2)',
    );
    expect(cells.length).toBeGreaterThan(1);
    // Everything the first render set off has settled.
    await new Promise((resolve) => setTimeout(resolve, 50));

    commits = 0;
    fireEvent.mouseEnter(cells[0]!);
    await waitFor(() => expect(screen.getByTestId('heat-map-value').textContent).toContain(':00:'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Mantine's SegmentedControl sets state from its ref callbacks whenever it renders, which
    // would make a second commit out of every hover and every refresh of the data.
    expect(commits).toBe(1);
  });
});
