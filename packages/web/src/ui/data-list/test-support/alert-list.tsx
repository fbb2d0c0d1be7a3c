import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test-support/render';
import { DataList } from '../data-list';
import type { DataListColumn, DataListProps } from '../types';
import { TEST_VIEWPORT_HEIGHT } from './sized-grid';

/** A row of the list under test: an alert with text and priority. */
export interface Alert {
  id: number;
  text: string;
  priority: number;
}

/** 1000 alerts "Meldung 0001" … "Meldung 1000" with priorities 0–9. */
export const alerts: Alert[] = Array.from({ length: 1000 }, (_v, i) => ({
  id: i + 1,
  text: `Meldung ${String(i + 1).padStart(4, '0')}`,
  priority: (i * 7) % 10,
}));

export const columns: DataListColumn<Alert>[] = [
  { id: 'text', label: 'Meldung', value: (a) => a.text, sortable: true },
  { id: 'priority', label: 'Priorität', value: (a) => a.priority, sortable: true, align: 'right' },
  { id: 'id', label: 'Nummer', value: (a) => a.id, hiddenByDefault: true },
];

/** Renders the alert list (props override the defaults) and returns its grid. */
export function renderList(props: Partial<DataListProps<Alert>> = {}): HTMLElement {
  renderWithProviders(
    <DataList<Alert>
      rows={alerts}
      columns={columns}
      rowKey={(a) => a.id}
      ariaLabel="Meldungen"
      height={TEST_VIEWPORT_HEIGHT}
      {...props}
    />,
  );
  return screen.getByRole('grid', { name: 'Meldungen' });
}

/**
 * The rendered body rows in the order shown (the header row has aria-rowindex 1). The list keeps
 * its row elements in a fixed order and places them by index, so the order is aria-rowindex's.
 */
export const bodyRows = () => inRowOrder(screen.getAllByRole('row')).slice(1);

/** Rows in the order the grid shows them (by aria-rowindex). */
export const inRowOrder = (rows: HTMLElement[]) =>
  [...rows].sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')));

/** The row the grid names as its active descendant. */
export const active = (grid: HTMLElement) => {
  const id = grid.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

/** Presses a key on the grid. */
export const key = (grid: HTMLElement, name: string, init: object = {}) =>
  fireEvent.keyDown(grid, { key: name, ...init });
