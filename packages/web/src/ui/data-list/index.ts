export { DataList, DATA_LIST_ROW_HEIGHT } from './data-list';
export { ColumnChooser } from './column-chooser';
export { FilterBar } from './filter-bar';
export { sortRows } from './sort-rows';
export { rowsToCsv, csvFile, csvFormatFor, RFC_CSV, type CsvFormat } from './rows-to-csv';
export { defaultVisibleColumnIds, visibleColumns } from './visible-columns';
export { OPERATORS_BY_TYPE, countConditions } from './filter-operators';
export type {
  DataListColumn,
  DataListProps,
  DataListSort,
  FilterBarProps,
  FilterField,
  RowKey,
} from './types';
