import type { ChartDirectory, ChartType } from '@leitwarte/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render';
import { ChartDirectoryPage } from './directory-page';
import { chartConfig } from './chart-test-fixtures';

function directory(
  id: number,
  name: string,
  type: ChartType,
  configs: [number, string][],
  children: ChartDirectory[] = [],
): ChartDirectory {
  return {
    id,
    name,
    type,
    childDirectoryList: children,
    configList: configs.map(([configId, title]) => chartConfig(configId, { type, title, directoryId: id })),
  };
}

const archive = [
  directory(
    1,
    'Wasserwerk',
    'Measurement',
    [[10, 'Förderung']],
    [
      directory(2, 'Hochbehälter', 'Measurement', [
        [11, 'Füllstände Nord'],
        [12, 'Füllstände Süd'],
      ]),
    ],
  ),
];
const live = [directory(3, 'Kläranlage', 'LiveMeasurement', [[20, 'Zulauf aktuell']])];

describe('chart directory', () => {
  it('shows both trees with nested, collapsible directories linking to the charts', async () => {
    const server = fakeServer({
      'GET /api/charts/config': (request) =>
        json(200, request.path.includes('type=LiveMeasurement') ? live : archive),
    });
    renderWithProviders(<ChartDirectoryPage />, '/charts');
    const archiveTree = await screen.findByRole('list', { name: 'Archivdiagramme' });
    const liveTree = await screen.findByRole('list', { name: 'Aktuelle Messwerte' });
    expect(within(archiveTree).getByRole('link', { name: 'Förderung' }).getAttribute('href')).toBe(
      '/charts/archive/10',
    );
    expect(within(liveTree).getByRole('link', { name: 'Zulauf aktuell' }).getAttribute('href')).toBe(
      '/charts/live/20',
    );

    // The nested directory starts closed and opens on click.
    const nested = within(archiveTree).getByRole('button', { name: /Hochbehälter/ });
    expect(nested.getAttribute('aria-expanded')).toBe('false');
    expect(within(archiveTree).queryByRole('link', { name: 'Füllstände Nord' })).toBeNull();
    fireEvent.click(nested);
    expect(nested.getAttribute('aria-expanded')).toBe('true');
    expect(within(archiveTree).getByRole('link', { name: 'Füllstände Süd' }).getAttribute('href')).toBe(
      '/charts/archive/12',
    );
    // And the top directory closes.
    fireEvent.click(within(archiveTree).getByRole('button', { name: /Wasserwerk/ }));
    expect(within(archiveTree).queryByRole('link', { name: 'Förderung' })).toBeNull();
    expect(
      server
        .calls('GET', '/api/charts/config')
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/api/charts/config?type=LiveMeasurement', '/api/charts/config?type=Measurement']);
  });

  it('says so when a type has no charts, and shows a failed tree with retry', async () => {
    let fail = true;
    fakeServer({
      'GET /api/charts/config': (request) => {
        if (request.path.includes('type=LiveMeasurement'))
          return json(200, [directory(3, 'Leer', 'LiveMeasurement', [])]);
        return fail ? json(500, { statusCode: 500, message: 'down' }) : json(200, archive);
      },
    });
    renderWithProviders(<ChartDirectoryPage />, '/charts');
    expect(await screen.findByText('Es sind keine Diagramme angelegt.')).toBeDefined();
    const error = await screen.findByText('Die Diagramme konnten nicht geladen werden.');
    expect(error).toBeDefined();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('link', { name: 'Förderung' })).toBeDefined();
  });
});
