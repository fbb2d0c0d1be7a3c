import { compileFilter, emptyFilterGroup, type FilterGroup } from '@leitwarte/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { renderWithProviders } from '../../test-support/render';
import { ColumnChooser } from './column-chooser';
import { DataList } from './data-list';
import { FilterBar } from './filter-bar';
import { rowsToCsv } from './rows-to-csv';
import { TEST_VIEWPORT_HEIGHT, sizeListViewports } from './test-support/sized-grid';
import { inRowOrder } from './test-support/alert-list';
import type { DataListColumn, FilterField } from './types';
import { defaultVisibleColumnIds, visibleColumns } from './visible-columns';

sizeListViewports();

interface Event {
  id: number;
  text: string;
  station: string;
  priority: number;
}
const events: Event[] = [
  { id: 1, text: 'Pumpe 1 Störung', station: 'Nord', priority: 1 },
  { id: 2, text: 'Tür offen', station: 'Süd', priority: 5 },
  { id: 3, text: 'pumpe 2  STÖRUNG', station: 'Süd', priority: 2 },
  { id: 4, text: 'Netzausfall', station: 'Nord', priority: 8 },
];
const columns: DataListColumn<Event>[] = [
  { id: 'text', label: 'Meldung', value: (e) => e.text },
  { id: 'station', label: 'Station', value: (e) => e.station },
  { id: 'priority', label: 'Priorität', value: (e) => e.priority, hiddenByDefault: true },
];
const fields: FilterField[] = [
  { id: 'text', label: 'Meldung', type: 'text' },
  { id: 'priority', label: 'Priorität', type: 'number' },
  { id: 'station', label: 'Station', type: 'choice', choices: [{ value: 'Süd', label: 'Station Süd' }] },
];
const readers = {
  text: (e: Event) => e.text,
  station: (e: Event) => e.station,
  priority: (e: Event) => e.priority,
};

/** A list screen as the archives build it: filter bar, column chooser, list and export. */
function ListScreen() {
  const [filter, setFilter] = useState<FilterGroup>(emptyFilterGroup());
  const [ids, setIds] = useState(() => defaultVisibleColumnIds(columns));
  const rows = useMemo(() => events.filter(compileFilter(filter, readers)), [filter]);
  const csv = rowsToCsv(rows, visibleColumns(columns, ids));
  return (
    <>
      <FilterBar fields={fields} value={filter} onChange={setFilter} />
      <ColumnChooser columns={columns} visibleColumnIds={ids} onChange={setIds} />
      <DataList<Event>
        rows={rows}
        columns={columns}
        rowKey={(e) => e.id}
        ariaLabel="Ereignisse"
        height={TEST_VIEWPORT_HEIGHT}
        visibleColumnIds={ids}
      />
      <pre data-testid="csv">{csv}</pre>
    </>
  );
}

const shownTexts = () =>
  inRowOrder(within(screen.getByRole('grid')).getAllByRole('row'))
    .slice(1)
    .map((row) => within(row).getAllByRole('gridcell')[0]!.textContent);

describe('list controls with the list', () => {
  it('filters with a condition built in the filter bar (case and whitespace ignored)', () => {
    renderWithProviders(<ListScreen />);
    expect(shownTexts()).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Bedingung hinzufügen' }));
    const condition = screen.getByRole('group', { name: 'Bedingung' });
    expect(within(condition).getByRole('combobox', { name: 'Vergleich' })).toHaveProperty(
      'value',
      'contains',
    );
    fireEvent.change(within(condition).getByRole('textbox', { name: 'Wert' }), {
      target: { value: 'PUMPE  ' },
    });
    expect(shownTexts()).toEqual(['Pumpe 1 Störung', 'pumpe 2  STÖRUNG']);
    fireEvent.change(within(condition).getByRole('combobox', { name: 'Vergleich' }), {
      target: { value: 'doesnotcontain' },
    });
    expect(shownTexts()).toEqual(['Tür offen', 'Netzausfall']);
  });

  it('combines conditions with or and nests a group; clearing shows everything', () => {
    renderWithProviders(<ListScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Bedingung hinzufügen' }));
    const first = screen.getByRole('group', { name: 'Bedingung' });
    fireEvent.change(within(first).getByRole('combobox', { name: 'Feld' }), {
      target: { value: 'priority' },
    });
    fireEvent.change(within(first).getByRole('combobox', { name: 'Vergleich' }), {
      target: { value: 'gte' },
    });
    fireEvent.change(within(first).getByRole('textbox', { name: 'Wert' }), { target: { value: '5' } });
    expect(shownTexts()).toEqual(['Tür offen', 'Netzausfall']);
    fireEvent.click(screen.getByRole('button', { name: 'Gruppe hinzufügen' }));
    const group = screen.getByRole('group', { name: 'Bedingungsgruppe' });
    // The new group is an or-group inside the and-group: priority ≥ 5 and (field condition).
    const inner = within(group).getByRole('group', { name: 'Bedingung' });
    fireEvent.change(within(inner).getByRole('combobox', { name: 'Feld' }), { target: { value: 'station' } });
    fireEvent.change(within(inner).getByRole('combobox', { name: 'Wert' }), { target: { value: 'Süd' } });
    expect(shownTexts()).toEqual(['Tür offen']);
    fireEvent.click(screen.getAllByRole('radio', { name: 'Eine der Bedingungen' })[0]!);
    expect(shownTexts()).toEqual(['Tür offen', 'pumpe 2  STÖRUNG', 'Netzausfall']);
    fireEvent.click(screen.getByRole('button', { name: 'Alle Filter entfernen' }));
    expect(shownTexts()).toHaveLength(4);
  });

  it('chooses columns: hides and shows, keeps at least one, resets; CSV follows what is shown', async () => {
    renderWithProviders(<ListScreen />);
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers()).toEqual(['Meldung', 'Station']);
    fireEvent.click(screen.getByRole('button', { name: 'Spalten' }));
    const chooser = await screen.findByRole('group', { name: 'Angezeigte Spalten' });
    fireEvent.click(within(chooser).getByRole('checkbox', { name: 'Priorität' }));
    expect(headers()).toEqual(['Meldung', 'Station', 'Priorität']);
    fireEvent.click(within(chooser).getByRole('checkbox', { name: 'Meldung' }));
    fireEvent.click(within(chooser).getByRole('checkbox', { name: 'Station' }));
    expect(headers()).toEqual(['Priorität']);
    expect(within(chooser).getByRole('checkbox', { name: 'Priorität' })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('csv').textContent).toBe('Priorität\r\n1\r\n5\r\n2\r\n8\r\n');
    fireEvent.click(within(chooser).getByRole('button', { name: 'Standardspalten' }));
    expect(headers()).toEqual(['Meldung', 'Station']);
    expect(screen.getByTestId('csv').textContent?.split('\r\n')[0]).toBe('Meldung,Station');
  });

  it('takes its texts from the catalogue of the language chosen', async () => {
    renderWithProviders(<ListScreen />);
    await act(() => changeLanguage('en'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add condition' })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Columns' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    const operator = screen.getByRole('combobox', { name: 'Comparison' });
    expect(
      within(operator)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('does not contain');
  });
});
