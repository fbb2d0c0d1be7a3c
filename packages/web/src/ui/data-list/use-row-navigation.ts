import { useCallback, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { toggleKey, withRange } from './selection';
import type { RowKey } from './types';

interface Options<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => RowKey;
  selectable: boolean;
  selected: ReadonlySet<RowKey>;
  setSelected: (keys: Set<RowKey>) => void;
  onActivate: ((row: Row) => void) | undefined;
  /** Rows per page for PageUp/PageDown. */
  pageSize: () => number;
  scrollToIndex: (index: number) => void;
}

/**
 * Keyboard and pointer handling of the rows: the focused row is remembered by key (so it survives
 * sorting and new rows) and announced through aria-activedescendant. Arrows, PageUp/Down, Home/End
 * move; with Shift they extend the selection from the anchor; Space toggles; Enter activates;
 * Ctrl+A selects all rows shown.
 */
export function useRowNavigation<Row>(options: Options<Row>) {
  const { rows, rowKey, selectable, selected, setSelected, onActivate, pageSize, scrollToIndex } = options;
  const [focusedKey, setFocusedKey] = useState<RowKey | null>(null);
  const anchor = useRef<number | null>(null);
  // The selection before a Shift extension began: the range is added to it, not accumulated.
  const base = useRef<ReadonlySet<RowKey> | null>(null);

  const indexOf = useCallback(
    (key: RowKey | null) => (key === null ? -1 : rows.findIndex((row) => rowKey(row) === key)),
    [rows, rowKey],
  );

  const focusIndex = useCallback(
    (target: number, extend: boolean) => {
      if (rows.length === 0) return;
      const index = Math.max(0, Math.min(rows.length - 1, target));
      const current = indexOf(focusedKey);
      setFocusedKey(rowKey(rows[index] as Row));
      scrollToIndex(index);
      if (extend && selectable) {
        anchor.current ??= Math.max(current, 0);
        base.current ??= selected;
        setSelected(withRange(base.current, rows, rowKey, anchor.current, index));
      } else {
        anchor.current = index;
        base.current = null;
      }
    },
    [rows, rowKey, indexOf, focusedKey, scrollToIndex, selectable, selected, setSelected],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.target !== event.currentTarget || rows.length === 0) return;
      const current = indexOf(focusedKey);
      const moves: Record<string, number> = {
        ArrowDown: current < 0 ? 0 : current + 1,
        ArrowUp: current < 0 ? 0 : current - 1,
        PageDown: current < 0 ? 0 : current + pageSize(),
        PageUp: current - pageSize(),
        Home: 0,
        End: rows.length - 1,
      };
      const move = moves[event.key];
      if (move !== undefined) {
        event.preventDefault();
        focusIndex(move, event.shiftKey);
      } else if (event.key === ' ' && selectable && current >= 0) {
        event.preventDefault();
        setSelected(toggleKey(selected, rowKey(rows[current] as Row)));
        anchor.current = current;
        base.current = null;
      } else if (event.key === 'Enter' && current >= 0 && onActivate) {
        event.preventDefault();
        onActivate(rows[current] as Row);
      } else if (event.key.toLowerCase() === 'a' && (event.ctrlKey || event.metaKey) && selectable) {
        event.preventDefault();
        setSelected(withRange(selected, rows, rowKey, 0, rows.length - 1));
      }
    },
    [rows, rowKey, indexOf, focusedKey, pageSize, focusIndex, selectable, selected, setSelected, onActivate],
  );

  const onRowClick = useCallback(
    (index: number, event: MouseEvent) => {
      if (selectable && (event.ctrlKey || event.metaKey)) {
        setSelected(toggleKey(selected, rowKey(rows[index] as Row)));
        setFocusedKey(rowKey(rows[index] as Row));
        anchor.current = index;
        base.current = null;
        return;
      }
      focusIndex(index, event.shiftKey);
    },
    [selectable, selected, setSelected, rowKey, rows, focusIndex],
  );

  /** The grid got focus without a focused row (e.g. by Tab): the first row in view becomes focused. */
  const onFocus = useCallback(
    (event: { target: unknown; currentTarget: unknown }, firstInView: number) => {
      if (event.target === event.currentTarget && indexOf(focusedKey) < 0 && rows.length > 0) {
        const index = Math.max(0, Math.min(rows.length - 1, firstInView));
        setFocusedKey(rowKey(rows[index] as Row));
        anchor.current = index;
      }
    },
    [indexOf, focusedKey, rows, rowKey],
  );

  return { focusedKey, onKeyDown, onRowClick, onFocus };
}
