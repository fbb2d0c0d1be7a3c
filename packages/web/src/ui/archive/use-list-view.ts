import { compileFilter, emptyFilterGroup, type FieldValue, type FilterGroup } from '@leitwarte/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  csvFormatFor,
  defaultVisibleColumnIds,
  rowsToCsv,
  sortRows,
  visibleColumns,
  type DataListColumn,
  type DataListSort,
} from '../data-list';
import { cachedFilter } from './cached-filter';

export interface ListView<Row> {
  filter: FilterGroup;
  setFilter: (group: FilterGroup) => void;
  sort: DataListSort;
  setSort: (sort: DataListSort) => void;
  visibleIds: readonly string[];
  setVisibleIds: (ids: string[]) => void;
  /** The rows that pass the filter; the list shows them sorted by `sort`. */
  shown: readonly Row[];
  /** The CSV of what is shown: visible columns in their order, filtered and sorted rows. */
  toCsv: () => string;
}

/**
 * Filter (screens §5, the core engine compiled once per change), sort and column choice of a list.
 * The list sorts what passes the filter; the export sorts the same rows the same way.
 */
export function useListView<Row extends object>(
  rows: readonly Row[],
  columns: readonly DataListColumn<Row>[],
  readers: Readonly<Record<string, (row: Row) => FieldValue>>,
  initialSort: DataListSort,
): ListView<Row> {
  const { i18n } = useTranslation();
  const [filter, setFilter] = useState<FilterGroup>(() => emptyFilterGroup());
  const [sort, setSort] = useState<DataListSort>(initialSort);
  const [visibleIds, setVisibleIds] = useState<readonly string[]>(() => defaultVisibleColumnIds(columns));
  const filterRows = useMemo(() => cachedFilter(compileFilter(filter, readers)), [filter, readers]);
  const filtered = useMemo(
    () => (filter.filters.length === 0 ? rows : filterRows(rows)),
    [rows, filter, filterRows],
  );
  return {
    filter,
    setFilter,
    sort,
    setSort,
    visibleIds,
    setVisibleIds,
    shown: filtered,
    // Sorted here as the list sorts them (the same function), only when exported.
    toCsv: () =>
      rowsToCsv(
        sortRows(filtered, columns, sort, i18n.language),
        visibleColumns(columns, visibleIds),
        csvFormatFor(i18n.language),
      ),
  };
}
