import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { active, alerts, bodyRows, key, renderList } from './test-support/alert-list';
import { sizeListViewports } from './test-support/sized-grid';

sizeListViewports();

describe('DataList', () => {
  it('is a grid with a header row and only the rows in view in the DOM', () => {
    const grid = renderList();
    expect(grid?.getAttribute('aria-rowcount')).toBe('1001');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Meldung', 'Priorität']);
    const rendered = bodyRows();
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);
    expect(
      within(rendered[0]!)
        .getAllByRole('gridcell')
        .map((c) => c.textContent),
    ).toEqual(['Meldung 0001', '0']);
  });

  it('keeps its row elements while scrolling, each placed and announced at the row it shows', async () => {
    const grid = renderList();
    // Away from the top (where no rows are rendered above the view), as many rows at every offset.
    act(() => grid.scrollTo({ top: 36 * 20 }));
    await waitFor(() => expect(bodyRows()[0]?.textContent).toContain('Meldung 0019'));
    const elements = new Set(screen.getAllByRole('row'));
    act(() => grid.scrollTo({ top: 36 * 40 }));
    await waitFor(() => expect(bodyRows()[0]?.textContent).toContain('Meldung 0039'));
    const rows = bodyRows();
    expect(rows[0]?.textContent).toContain('Meldung 00');
    for (const row of screen.getAllByRole('row')) expect(elements.has(row)).toBe(true);
    // Each row at its index (36 px a row), in the order aria-owns gives.
    for (const row of rows) {
      const index = Number(row.getAttribute('aria-rowindex')) - 2;
      expect(row.textContent).toContain(`Meldung ${String(index + 1).padStart(4, '0')}`);
      expect(row.style.transform).toBe(`translateY(${index * 36}px)`);
    }
    const owned = grid.querySelector('.data-list__body')?.getAttribute('aria-owns')?.split(' ');
    expect(owned).toEqual(rows.map((row) => row.id));
    expect(rows.map((row) => row.getAttribute('aria-rowindex'))).toContain('42');
  });

  it('moves the focused row with arrows, page keys, Home and End, and activates with Enter', async () => {
    const onRowActivate = vi.fn();
    const grid = renderList({ onRowActivate });
    act(() => grid.focus());
    expect(active(grid)?.textContent).toContain('Meldung 0001');
    key(grid, 'ArrowDown');
    key(grid, 'ArrowDown');
    expect(active(grid)?.textContent).toContain('Meldung 0003');
    key(grid, 'ArrowUp');
    expect(active(grid)?.textContent).toContain('Meldung 0002');
    key(grid, 'PageDown');
    expect(active(grid)?.textContent).toContain('Meldung 0010');
    key(grid, 'End');
    // The list scrolls the focused row into view; the rows there are rendered after the scroll.
    await waitFor(() => expect(active(grid)?.textContent).toContain('Meldung 1000'));
    expect(active(grid)?.getAttribute('aria-rowindex')).toBe('1001');
    expect(screen.queryByText('Meldung 0001')).toBeNull();
    key(grid, 'PageUp');
    expect(active(grid)?.textContent).toContain('Meldung 0992');
    key(grid, 'Enter');
    expect(onRowActivate).toHaveBeenCalledWith(alerts[991]);
    key(grid, 'Home');
    await waitFor(() => expect(active(grid)?.textContent).toContain('Meldung 0001'));
    key(grid, 'ArrowUp');
    expect(active(grid)?.textContent).toContain('Meldung 0001');
  });

  it('sorts by a header: ascending, descending, then the rows own order, with aria-sort', () => {
    renderList({ rows: alerts.slice(0, 12) });
    const header = () => screen.getByRole('columnheader', { name: /Priorität/ });
    const firstCells = () => bodyRows().map((r) => within(r).getAllByRole('gridcell')[1]!.textContent);
    expect(header()?.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(header()).getByRole('button'));
    expect(header()?.getAttribute('aria-sort')).toBe('ascending');
    expect(firstCells().slice(0, 4)).toEqual(['0', '0', '1', '2']);
    fireEvent.click(within(header()).getByRole('button'));
    expect(header()?.getAttribute('aria-sort')).toBe('descending');
    expect(firstCells()[0]).toBe('9');
    fireEvent.click(within(header()).getByRole('button'));
    expect(header()?.getAttribute('aria-sort')).toBe('none');
    expect(bodyRows()[0]?.textContent).toContain('Meldung 0001');
  });

  it('reports sort changes when the sort is controlled and shows the sort it is given', () => {
    const onSortChange = vi.fn();
    renderList({ sort: { columnId: 'text', direction: 'desc' }, onSortChange });
    expect(screen.getByRole('columnheader', { name: /Meldung/ })?.getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(bodyRows()[0]?.textContent).toContain('Meldung 1000');
    fireEvent.click(screen.getByRole('button', { name: /Meldung/ }));
    expect(onSortChange).toHaveBeenCalledWith(null);
  });

  it('shows the columns chosen, in their order', () => {
    renderList({ visibleColumnIds: ['id', 'text'] });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nummer', 'Meldung']);
  });

  it('keeps the focused row by key when the order changes', () => {
    const grid = renderList({ rows: alerts.slice(0, 12) });
    act(() => grid.focus());
    key(grid, 'ArrowDown');
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Meldung/ })).getByRole('button'));
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Meldung/ })).getByRole('button'));
    expect(active(grid)?.textContent).toContain('Meldung 0002');
    key(grid, 'ArrowDown');
    expect(active(grid)?.textContent).toContain('Meldung 0001');
  });

  it('says so when there are no rows', () => {
    renderList({ rows: [] });
    expect(screen.getByText('Keine Einträge')).toBeTruthy();
  });
});
