import type { DataListColumn } from './types';

/** The ids of the columns shown until the user chooses: all but those hidden by default. */
export function defaultVisibleColumnIds<Row>(columns: readonly DataListColumn<Row>[]): string[] {
  return columns.filter((column) => !column.hiddenByDefault).map((column) => column.id);
}

/** The visible columns in the order of the ids; unknown ids are left out. */
export function visibleColumns<Row>(
  columns: readonly DataListColumn<Row>[],
  ids: readonly string[],
): DataListColumn<Row>[] {
  const byId = new Map(columns.map((column) => [column.id, column]));
  return ids.flatMap((id) => {
    const column = byId.get(id);
    return column ? [column] : [];
  });
}

/** CSS grid tracks of a row: the selection box, then fixed widths or shares of the free space. */
export function gridTemplate<Row>(columns: readonly DataListColumn<Row>[], selectable: boolean): string {
  const tracks = columns.map((column) =>
    column.width !== undefined ? `${column.width}px` : `minmax(${column.minWidth ?? 100}px, 1fr)`,
  );
  return [...(selectable ? ['2.5rem'] : []), ...tracks].join(' ');
}
