import type { CSSProperties, ReactNode } from 'react';
import type { FilterGroup } from '@leitwarte/core';

/** A key identifying a row (selection, React keys). */
export type RowKey = string | number;

/** One column of a DataList. */
export interface DataListColumn<Row> {
  id: string;
  label: string;
  /** Fixed width in px; without it the column shares the free space (at least minWidth). */
  width?: number;
  minWidth?: number;
  /** The cell's value for sorting, filtering and CSV (numbers sort numerically). */
  value: (row: Row) => string | number | null;
  /** Cell content; default: the value as text. */
  render?: (row: Row) => ReactNode;
  /** The cell as CSV text, when the value is not what a reader wants (e.g. times in ms). */
  exportValue?: (row: Row) => string | number | null;
  sortable?: boolean;
  hiddenByDefault?: boolean;
  align?: 'left' | 'right' | 'center';
}

/** The sort order of a list: one column, ascending or descending; null means the rows' own order. */
export type DataListSort = { columnId: string; direction: 'asc' | 'desc' } | null;

/**
 * Props of DataList. sort and selectedKeys are controlled when given (with their
 * change handlers) and kept by the list itself otherwise.
 */
export interface DataListProps<Row> {
  rows: readonly Row[];
  columns: readonly DataListColumn<Row>[];
  rowKey: (row: Row) => RowKey;
  ariaLabel: string;
  /** Height in px, or 'fill' to take the height of the parent (which must have one). */
  height: number | 'fill';
  /** Height of a body row in px (default DATA_LIST_ROW_HEIGHT); taller for rows laid out as cards. */
  rowHeight?: number;
  sort?: DataListSort;
  onSortChange?: (sort: DataListSort) => void;
  /** The columns shown, in this order; default: all not hiddenByDefault. Pair with a ColumnChooser. */
  visibleColumnIds?: readonly string[];
  /** Accepted for symmetry with the other controlled props; the list itself never changes the columns. */
  onVisibleColumnIdsChange?: (ids: string[]) => void;
  /** Shows the selection checkboxes; on by default when selectedKeys or onSelectedKeysChange is given. */
  selectable?: boolean;
  selectedKeys?: ReadonlySet<RowKey>;
  onSelectedKeysChange?: (keys: Set<RowKey>) => void;
  onRowActivate?: (row: Row) => void;
  rowClassName?: (row: Row) => string | undefined;
  rowStyle?: (row: Row) => CSSProperties | undefined;
  emptyState?: ReactNode;
}

/** A field the FilterBar can filter on. */
export interface FilterField {
  id: string;
  label: string;
  /** text: text operators; number and date (compared as time, value in ms): ordering; choice: eq/neq. */
  type: 'text' | 'number' | 'date' | 'choice';
  choices?: readonly { value: string | number; label: string }[];
}

/** Props of FilterBar. */
export interface FilterBarProps {
  fields: readonly FilterField[];
  value: FilterGroup;
  onChange: (group: FilterGroup) => void;
}
