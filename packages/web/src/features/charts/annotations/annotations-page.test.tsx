import type { Annotation, EffectiveRights } from '@leitwarte/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, type FakeRequest } from '../../../test-support/fake-server';
import { analogPv } from '../../../test-support/fixtures';
import { renderWithProviders } from '../../../test-support/render';
import { sizeListViewports } from '../../../ui/data-list/test-support/sized-grid';
import { AnnotationsPage } from './annotations-page';

sizeListViewports();

const T = Date.now() - 3_600_000;

function annotation(id: number, text: string, overrides: Partial<Annotation> = {}): Annotation {
  return {
    id,
    timestamp: T - id * 60_000,
    pv: { type: 'AnaIn', nr: 100001 },
    dataSource: 'MeasurementArchive',
    text,
    visible: true,
    showInDayReport: false,
    showInWeekReport: false,
    showInMonthReport: false,
    showInYearReport: false,
    ...overrides,
  };
}

const rights = (names: string[]): EffectiveRights => ({
  userId: 7,
  username: 'operator',
  roles: ['operator'],
  grants: names.map((right) => ({
    right: right as EffectiveRights['grants'][number]['right'],
    scope: { allStations: true, stations: [], pvGroups: [] },
  })),
});

/** A plant whose annotation store answers like the server: list, create, change, delete. */
function plant(granted = ['read', 'editAnnotations']) {
  const store = new Map<number, Annotation>([
    [1, annotation(1, 'Pumpe getauscht', { showInDayReport: true })],
    [2, annotation(2, 'Behälter gereinigt', { visible: false, pv: { type: 'AnaIn', nr: 100002 } })],
    [3, annotation(3, 'Sonde kalibriert')],
  ]);
  let nextId = 10;
  const server = fakeServer({
    'GET /api/UserManagement/rights': () => json(200, rights(granted)),
    'GET /api/Pv/all': () =>
      json(200, [analogPv(100001, 'Hochbehälter Nord', 3), analogPv(100002, 'Hochbehälter Süd', 4)]),
    'GET /api/charts/annotations': () =>
      json(
        200,
        [...store.values()].sort((a, b) => a.timestamp - b.timestamp),
      ),
    'GET /api/charts/annotations/1/charts': () => json(200, []),
    'POST /api/charts/annotations': (request: FakeRequest) => {
      const saved = { ...(request.body as Omit<Annotation, 'id'>), id: nextId++ } as Annotation;
      store.set(saved.id, saved);
      return json(200, saved);
    },
    'PATCH /api/charts/annotations': (request: FakeRequest) => {
      const patch = request.body as Annotation;
      store.set(patch.id, patch);
      return json(200, patch);
    },
    'POST /api/charts/delete-annotations': (request: FakeRequest) => {
      const ids = request.body as number[];
      for (const id of ids) store.delete(id);
      return json(200, { deletedIds: ids });
    },
  });
  return { server, store };
}

const grid = () => screen.findByRole('grid', { name: 'Anmerkungen' });
const bodyRows = (list: HTMLElement) =>
  within(list)
    .getAllByRole('row')
    .filter((row) => row.getAttribute('aria-rowindex') !== '1');

describe('annotation overview', { timeout: 20_000 }, () => {
  it('lists the annotations of the last 7 days with PV name, text, visibility and report flags', async () => {
    const { server } = plant();
    renderWithProviders(<AnnotationsPage />, '/charts/annotations');
    const list = await grid();
    await within(list).findByText('Pumpe getauscht');
    const row = bodyRows(list).find((r) => r.textContent?.includes('Behälter gereinigt'))!;
    const cells = within(row)
      .getAllByRole('gridcell')
      .map((c) => c.textContent);
    expect(cells).toContain('Hochbehälter Süd (AnaIn-100002)');
    expect(cells.slice(-5)).toEqual(['Nein', 'Nein', 'Nein', 'Nein', 'Nein']);
    const first = bodyRows(list).find((r) => r.textContent?.includes('Pumpe getauscht'))!;
    expect(
      within(first)
        .getAllByRole('gridcell')
        .map((c) => c.textContent)
        .slice(-5),
    ).toEqual(['Ja', 'Ja', 'Nein', 'Nein', 'Nein']);
    // Newest first.
    expect(bodyRows(list).map((r) => within(r).getAllByRole('gridcell')[3]?.textContent)).toEqual([
      'Pumpe getauscht',
      'Behälter gereinigt',
      'Sonde kalibriert',
    ]);
    const query = new URLSearchParams(server.calls('GET', '/api/charts/annotations')[0]!.path.split('?')[1]);
    expect(Date.now() - Number(query.get('start'))).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    // The rolling range has no end, so an annotation made now is in it.
    expect(query.has('end')).toBe(false);
    expect(screen.getByTestId('annotations-summary').textContent).toBe('3 von 3 Anmerkungen');
  });

  it('filters by text and PV name', async () => {
    plant();
    renderWithProviders(<AnnotationsPage />, '/charts/annotations');
    const list = await grid();
    await within(list).findByText('Pumpe getauscht');
    fireEvent.change(screen.getByRole('textbox', { name: 'Suche in Text und PV' }), {
      target: { value: '  SONDE ' },
    });
    await waitFor(() => expect(bodyRows(list)).toHaveLength(1));
    expect(within(list).getByText('Sonde kalibriert')).toBeDefined();
    fireEvent.change(screen.getByRole('textbox', { name: 'Suche in Text und PV' }), {
      target: { value: 'hochbehälter süd' },
    });
    await within(list).findByText('Behälter gereinigt');
    expect(bodyRows(list)).toHaveLength(1);
    expect(screen.getByTestId('annotations-summary').textContent).toBe('1 von 3 Anmerkungen');
  });

  it('edits an annotation opened from the list and shows the change', async () => {
    const { server } = plant();
    renderWithProviders(<AnnotationsPage />, '/charts/annotations');
    const list = await grid();
    fireEvent.doubleClick(await within(list).findByText('Pumpe getauscht'));
    const dialog = await screen.findByTestId('annotation-dialog');
    const text = within(dialog).getByRole('textbox', { name: /^Text/ });
    expect((text as HTMLTextAreaElement).value).toBe('Pumpe getauscht');
    fireEvent.change(text, { target: { value: 'Pumpe 1 getauscht' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await within(list).findByText('Pumpe 1 getauscht');
    expect(server.calls('PATCH', '/api/charts/annotations')[0]!.body).toMatchObject({
      id: 1,
      text: 'Pumpe 1 getauscht',
    });
    await waitFor(() => expect(screen.queryByTestId('annotation-dialog')).toBeNull());
  });

  it('deletes the selected annotations after confirmation', async () => {
    const { server } = plant();
    renderWithProviders(<AnnotationsPage />, '/charts/annotations');
    const list = await grid();
    await within(list).findByText('Pumpe getauscht');
    for (const text of ['Pumpe getauscht', 'Sonde kalibriert']) {
      const row = bodyRows(list).find((r) => r.textContent?.includes(text))!;
      fireEvent.click(within(row).getByRole('checkbox'));
    }
    fireEvent.click(screen.getByRole('button', { name: 'Löschen (2)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Anmerkungen löschen' });
    expect(server.calls('POST', '/api/charts/delete-annotations')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(bodyRows(list)).toHaveLength(1));
    expect((server.calls('POST', '/api/charts/delete-annotations')[0]!.body as number[]).sort()).toEqual([
      1, 3,
    ]);
    expect(within(list).getByText('Behälter gereinigt')).toBeDefined();
  });

  it('creates a new annotation on a PV of the plant', async () => {
    const { server } = plant();
    renderWithProviders(<AnnotationsPage />, '/charts/annotations');
    const list = await grid();
    await within(list).findByText('Pumpe getauscht');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Neue Anmerkung' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Neue Anmerkung' }));
    const dialog = await screen.findByTestId('annotation-dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Text/ }), {
      target: { value: 'Rohrbruch behoben' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await within(list).findByText('Rohrbruch behoben');
    expect(server.calls('POST', '/api/charts/annotations')[0]!.body).toMatchObject({
      pv: { type: 'AnaIn', nr: 100001 },
      text: 'Rohrbruch behoben',
    });
  });

  it('offers no changes to a user without editAnnotations', async () => {
    plant(['read']);
    renderWithProviders(<AnnotationsPage />, '/charts/annotations');
    const list = await grid();
    await within(list).findByText('Pumpe getauscht');
    expect(screen.queryByRole('button', { name: 'Neue Anmerkung' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Löschen/ })).toBeNull();
    fireEvent.doubleClick(within(list).getByText('Pumpe getauscht'));
    await screen.findByTestId('annotation-dialog');
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
  });
});
