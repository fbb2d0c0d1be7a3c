import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useId, useMemo, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataListHeader, nextSort } from './data-list-header';
import { DataListRow } from './data-list-row';
import { selectionState, toggleAll, toggleKey } from './selection';
import { sortRows } from './sort-rows';
import type { DataListProps, DataListSort, RowKey } from './types';
import { useControllable } from './use-controllable';
import { useRowNavigation } from './use-row-navigation';
import { defaultVisibleColumnIds, gridTemplate, visibleColumns } from './visible-columns';
import './data-list.css';

/** Height of a row and of the header in px (fixed, so 100,000 rows need no measuring). */
export const DATA_LIST_ROW_HEIGHT = 36;

const noSelection: ReadonlySet<RowKey> = new Set();
const estimateSize = () => DATA_LIST_ROW_HEIGHT;

/**
 * A virtualised list of rows as an ARIA grid: sticky header with sortable columns (aria-sort),
 * selection boxes with select-all of the rows given, keyboard navigation (see useRowNavigation).
 * Only the rows in view are in the DOM. The rows are shown sorted by `sort`.
 */
export function DataList<Row>(props: DataListProps<Row>) {
  const { rows, columns, rowKey, onRowActivate } = props;
  const { t, i18n } = useTranslation();
  const baseId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const selectable =
    props.selectable ?? (props.selectedKeys !== undefined || props.onSelectedKeysChange !== undefined);
  const [sort, setSort] = useControllable<DataListSort>(props.sort, props.onSortChange, () => null);
  // The list never changes the columns itself (the ColumnChooser does), so the ids are read only.
  const visibleIds = useMemo(
    () => props.visibleColumnIds ?? defaultVisibleColumnIds(columns),
    [props.visibleColumnIds, columns],
  );
  const [selected, setSelected] = useControllable<ReadonlySet<RowKey>>(
    props.selectedKeys,
    props.onSelectedKeysChange as ((keys: ReadonlySet<RowKey>) => void) | undefined,
    () => noSelection,
  );
  const shown = useMemo(() => visibleColumns(columns, visibleIds), [columns, visibleIds]);
  // Without a sort the rows are shown as given: no copy of a long list on every change.
  const sorted = useMemo(
    () => (sort ? sortRows(rows, columns, sort, i18n.language) : rows),
    [rows, columns, sort, i18n.language],
  );
  const template = gridTemplate(shown, selectable);
  // Counted once per change, not on every scroll frame (it visits every row).
  const selection = useMemo(() => selectionState(selected, sorted, rowKey), [selected, sorted, rowKey]);

  // Stable between scroll frames: a new key function makes the virtualiser lay out every row again.
  const getItemKey = useCallback((index: number) => rowKey(sorted[index] as Row), [rowKey, sorted]);
  // The build does not use the React compiler; the virtualiser's fresh functions are expected.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: sorted.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan: 8,
    scrollMargin: DATA_LIST_ROW_HEIGHT,
    scrollPaddingStart: DATA_LIST_ROW_HEIGHT,
    getItemKey,
  });
  const pageSize = useCallback(
    () => Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 0) / DATA_LIST_ROW_HEIGHT) - 2),
    [],
  );
  const scrollToIndex = useCallback((index: number) => virtualizer.scrollToIndex(index), [virtualizer]);
  const setSelection = setSelected as (keys: Set<RowKey>) => void;
  const nav = useRowNavigation({
    rows: sorted,
    rowKey,
    selectable,
    selected,
    setSelected: setSelection,
    onActivate: onRowActivate,
    pageSize,
    scrollToIndex,
  });
  // Stable between scroll frames, so rows that stay in view are not rendered again.
  const { onRowClick: navigateByClick } = nav;
  const onRowClick = useCallback(
    (index: number, event: MouseEvent) => {
      scrollRef.current?.focus({ preventScroll: true });
      navigateByClick(index, event);
    },
    [navigateByClick],
  );
  const onToggle = useCallback(
    (index: number) => setSelection(toggleKey(selected, rowKey(sorted[index] as Row))),
    [setSelection, selected, rowKey, sorted],
  );
  // Stable between scroll frames, so the header is not rendered again while scrolling.
  const onToggleAll = useCallback(
    () => setSelection(toggleAll(selected, sorted, rowKey)),
    [setSelection, selected, sorted, rowKey],
  );
  const onSort = useCallback((columnId: string) => setSort(nextSort(sort, columnId)), [setSort, sort]);
  const rowId = (key: RowKey) => `${baseId}-row-${String(key).replace(/\s/g, '_')}`;
  const checkboxLabel = t('list.selection.row');
  const items = virtualizer.getVirtualItems();
  const firstInView = Math.ceil((virtualizer.scrollOffset ?? 0) / DATA_LIST_ROW_HEIGHT);

  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label={props.ariaLabel}
      aria-rowcount={sorted.length + 1}
      aria-colcount={shown.length + (selectable ? 1 : 0)}
      aria-multiselectable={selectable || undefined}
      aria-activedescendant={nav.focusedKey !== null ? rowId(nav.focusedKey) : undefined}
      tabIndex={0}
      className="data-list"
      style={{ height: props.height === 'fill' ? '100%' : props.height }}
      onKeyDown={nav.onKeyDown}
      onFocus={(event) => nav.onFocus(event, firstInView)}
    >
      <DataListHeader
        columns={shown}
        template={template}
        selectable={selectable}
        selection={selection}
        onToggleAll={onToggleAll}
        sort={sort}
        onSort={onSort}
      />
      <div role="rowgroup" className="data-list__body" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = sorted[item.index] as Row;
          const key = rowKey(row);
          return (
            <DataListRow
              key={item.key}
              row={row}
              id={rowId(key)}
              index={item.index}
              columns={shown}
              template={template}
              start={item.start - DATA_LIST_ROW_HEIGHT}
              height={DATA_LIST_ROW_HEIGHT}
              focused={nav.focusedKey === key}
              selectable={selectable}
              selected={selected.has(key)}
              checkboxLabel={checkboxLabel}
              rowClassName={props.rowClassName}
              rowStyle={props.rowStyle}
              onClick={onRowClick}
              onToggle={onToggle}
              onActivate={onRowActivate}
            />
          );
        })}
      </div>
      {sorted.length === 0 ? (
        <div className="data-list__empty">{props.emptyState ?? t('list.empty')}</div>
      ) : null}
    </div>
  );
}
