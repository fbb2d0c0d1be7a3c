import { Checkbox, UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataListColumn, DataListSort } from './types';

interface Props<Row> {
  columns: readonly DataListColumn<Row>[];
  template: string;
  selectable: boolean;
  selection: 'all' | 'some' | 'none';
  onToggleAll: () => void;
  sort: DataListSort;
  onSort: (columnId: string) => void;
}

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/** The sticky header row: select-all box and the column labels, sortable ones as buttons. */
function Header<Row>({ columns, template, selectable, selection, onToggleAll, sort, onSort }: Props<Row>) {
  const { t } = useTranslation();
  return (
    <div role="rowgroup" className="data-list__head">
      <div role="row" aria-rowindex={1} className="data-list__row" style={{ gridTemplateColumns: template }}>
        {selectable ? (
          <div role="columnheader" className="data-list__cell data-list__check">
            <Checkbox
              size="xs"
              aria-label={t('list.selection.all')}
              checked={selection === 'all'}
              indeterminate={selection === 'some'}
              onChange={onToggleAll}
            />
          </div>
        ) : null}
        {columns.map((column) => {
          const sorted = sort?.columnId === column.id ? sort.direction : null;
          return (
            <div
              key={column.id}
              role="columnheader"
              aria-sort={column.sortable ? (sorted ? ariaSort[sorted] : 'none') : undefined}
              className="data-list__cell"
              style={{ justifyContent: justify(column.align) }}
            >
              {column.sortable ? (
                <UnstyledButton
                  className="data-list__sort"
                  onClick={() => onSort(column.id)}
                  title={t(
                    sorted === 'asc'
                      ? 'list.sort.descending'
                      : sorted
                        ? 'list.sort.none'
                        : 'list.sort.ascending',
                  )}
                >
                  {column.label}
                  <span aria-hidden="true" className="data-list__sort-mark">
                    {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                  </span>
                </UnstyledButton>
              ) : (
                column.label
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The sticky header row (memoised: scrolling the list does not render it again). */
export const DataListHeader = memo(Header) as typeof Header;

/** Flex alignment of a column's cells. */
export function justify(align: DataListColumn<unknown>['align']): string {
  return align === 'right' ? 'flex-end' : align === 'center' ? 'center' : 'flex-start';
}

/** The next sort when a header is clicked: ascending, descending, then the rows' own order. */
export function nextSort(sort: DataListSort, columnId: string): DataListSort {
  if (sort?.columnId !== columnId) return { columnId, direction: 'asc' };
  return sort.direction === 'asc' ? { columnId, direction: 'desc' } : null;
}
