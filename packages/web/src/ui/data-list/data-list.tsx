import { useCallback, useId, useMemo, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataListHeader, nextSort } from './data-list-header';
import { DataListRow } from './data-list-row';
import { RowSlots } from './row-slots';
import { selectionState, toggleAll, toggleKey } from './selection';
import { sortRows } from './sort-rows';
import type { DataListProps, DataListSort, RowKey } from './types';
import { useControllable } from './use-controllable';
import { useRowNavigation } from './use-row-navigation';
import { useRowWindow } from './use-row-window';
import { defaultVisibleColumnIds, gridTemplate, visibleColumns } from './visible-columns';
import './data-list.css';

/** Height of a row and of the header in px (fixed, so 100,000 rows need no measuring). */
export const DATA_LIST_ROW_HEIGHT = 36;

/** Rows rendered above and below the view: a few for wheel steps, not more (each costs layout). */
const OVERSCAN = 2;

const noSelection: ReadonlySet<RowKey> = new Set();

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
  const [rowSlots] = useState(() => new RowSlots());
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
  const rowHeight = props.rowHeight ?? DATA_LIST_ROW_HEIGHT;
  // Counted once per change, not on every scroll frame (it visits every row).
  const selection = useMemo(() => selectionState(selected, sorted, rowKey), [selected, sorted, rowKey]);

  const { range, scrollToIndex } = useRowWindow(scrollRef, {
    count: sorted.length,
    rowHeight,
    headerHeight: DATA_LIST_ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const pageSize = useCallback(
    () => Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 0) / rowHeight) - 2),
    [rowHeight],
  );
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
  // The first row wholly below the header, where the focus starts when the grid gets it by Tab.
  const firstInView = () => Math.ceil((scrollRef.current?.scrollTop ?? 0) / rowHeight);
  // The rendered rows in the order of their slots (see RowSlots): the DOM order of the row
  // elements never changes; aria-rowindex and the rowgroup's aria-owns give assistive technology
  // the order shown.
  const keys: RowKey[] = [];
  for (let index = range.first; index < range.end; index++) keys.push(rowKey(sorted[index] as Row));
  const slotOf = rowSlots.assign(keys);
  const bySlot = new Array<number>(keys.length);
  slotOf.forEach((slot, i) => (bySlot[slot] = range.first + i));
  const bodyStyle = {
    height: sorted.length * rowHeight,
    '--data-list-columns': template,
    '--data-list-row-height': `${rowHeight}px`,
  } as CSSProperties;

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
      onFocus={(event) => nav.onFocus(event, firstInView())}
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
      <div
        role="rowgroup"
        className="data-list__body"
        style={bodyStyle}
        aria-owns={keys.length > 0 ? keys.map(rowId).join(' ') : undefined}
      >
        {bySlot.map((index, slot) => {
          const row = sorted[index] as Row;
          const key = rowKey(row);
          return (
            <DataListRow
              key={slot}
              row={row}
              id={rowId(key)}
              index={index}
              columns={shown}
              start={index * rowHeight}
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
