import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RowKey } from './types';
import { active, alerts, bodyRows, key, renderList } from './test-support/alert-list';
import { sizeListViewports } from './test-support/sized-grid';

sizeListViewports();

describe('DataList selection and pointer', () => {
  it('toggles selection with Space, extends it with Shift+arrows and selects all with Ctrl+A', () => {
    const changes: Set<RowKey>[] = [];
    const grid = renderList({ selectable: true, onSelectedKeysChange: (keys) => changes.push(keys) });
    expect(grid?.getAttribute('aria-multiselectable')).toBe('true');
    act(() => grid.focus());
    key(grid, ' ');
    expect(active(grid)?.getAttribute('aria-selected')).toBe('true');
    key(grid, 'ArrowDown');
    key(grid, 'ArrowDown', { shiftKey: true });
    key(grid, 'ArrowDown', { shiftKey: true });
    expect([...changes.at(-1)!].sort()).toEqual([1, 2, 3, 4]);
    key(grid, 'ArrowUp', { shiftKey: true });
    expect([...changes.at(-1)!].sort()).toEqual([1, 2, 3]);
    key(grid, ' ');
    expect([...changes.at(-1)!].sort()).toEqual([1, 2]);
    key(grid, 'a', { ctrlKey: true });
    expect(changes.at(-1)!.size).toBe(1000);
  });

  it('selects with the row boxes; the header box selects all rows given and shows some as mixed', () => {
    const shown = alerts.slice(0, 20);
    let selected: ReadonlySet<RowKey> = new Set([500]);
    const onSelectedKeysChange = vi.fn((keys: Set<RowKey>) => (selected = keys));
    renderList({ rows: shown, selectedKeys: selected, onSelectedKeysChange });
    const all = screen.getByRole('checkbox', { name: 'Alle angezeigten Zeilen auswählen' });
    fireEvent.click(all);
    expect([...selected].length).toBe(21);
    const rowBoxes = screen.getAllByRole('checkbox', { name: 'Zeile auswählen' });
    fireEvent.click(rowBoxes[1]!);
    expect(selected.has(2)).toBe(true);
  });

  it('shows the controlled selection: header box mixed, rows marked', () => {
    renderList({ rows: alerts.slice(0, 5), selectedKeys: new Set([2]), onSelectedKeysChange: () => {} });
    const all = screen.getByRole('checkbox', { name: 'Alle angezeigten Zeilen auswählen' });
    expect(all?.getAttribute('data-indeterminate')).toBe('true');
    expect(bodyRows().map((r) => r.getAttribute('aria-selected'))).toEqual([
      'false',
      'true',
      'false',
      'false',
      'false',
    ]);
  });

  it('focuses a clicked row, extends with Shift+click, toggles with Ctrl+click and activates on double-click', () => {
    const changes: Set<RowKey>[] = [];
    const onRowActivate = vi.fn();
    const grid = renderList({
      selectable: true,
      onSelectedKeysChange: (keys) => changes.push(keys),
      onRowActivate,
    });
    const row = (n: number) =>
      bodyRows().find((r) => r.textContent?.includes(`Meldung ${String(n).padStart(4, '0')}`))!;
    fireEvent.click(row(3));
    expect(document.activeElement).toBe(grid);
    expect(active(grid)?.textContent).toContain('Meldung 0003');
    expect(changes).toEqual([]);
    fireEvent.click(row(5), { shiftKey: true });
    expect([...changes.at(-1)!].sort()).toEqual([3, 4, 5]);
    fireEvent.click(row(8), { ctrlKey: true });
    expect([...changes.at(-1)!].sort()).toEqual([3, 4, 5, 8]);
    fireEvent.click(row(4), { metaKey: true });
    expect([...changes.at(-1)!].sort()).toEqual([3, 5, 8]);
    key(grid, 'ArrowDown');
    expect(active(grid)?.textContent).toContain('Meldung 0005');
    fireEvent.doubleClick(row(2));
    expect(onRowActivate).toHaveBeenCalledWith(alerts[1]);
  });
});
