import { memo, type CSSProperties, type MouseEvent } from 'react';
import type { DataListColumn } from './types';

interface Props<Row> {
  row: Row;
  id: string;
  index: number;
  columns: readonly DataListColumn<Row>[];
  /** Offset of the row from the top of the body in px. */
  start: number;
  focused: boolean;
  selectable: boolean;
  selected: boolean;
  /** The label of the selection box (looked up once by the list, not in every row). */
  checkboxLabel: string;
  rowClassName: ((row: Row) => string | undefined) | undefined;
  rowStyle: ((row: Row) => CSSProperties | undefined) | undefined;
  onClick: (index: number, event: MouseEvent) => void;
  onToggle: (index: number) => void;
  onActivate: ((row: Row) => void) | undefined;
}

const alignClass = { left: '', right: ' data-list__cell--right', center: ' data-list__cell--center' };

/**
 * One rendered row of the virtual list, placed at its offset. Memoised: while scrolling, rows that
 * stay in view are not rendered again. Few and plain elements (a native box, texts straight in
 * their cells, the column tracks from the body): a fast scroll changes dozens of rows a frame.
 */
function Row<Row>(props: Props<Row>) {
  const { row, id, index, columns, start, focused, selectable, selected } = props;
  let className = 'data-list__row data-list__body-row';
  const extra = props.rowClassName?.(row);
  if (extra) className += ` ${extra}`;
  if (focused) className += ' data-list__row--focused';
  if (selected) className += ' data-list__row--selected';
  const style = props.rowStyle?.(row);
  return (
    <div
      role="row"
      id={id}
      aria-rowindex={index + 2}
      aria-selected={selectable ? selected : undefined}
      className={className}
      style={{ ...style, transform: `translateY(${start}px)` }}
      onClick={(event) => props.onClick(index, event)}
      onDoubleClick={props.onActivate ? () => props.onActivate?.(row) : undefined}
    >
      {selectable ? (
        <div role="gridcell" className="data-list__cell data-list__check">
          <input
            type="checkbox"
            className="data-list__checkbox"
            tabIndex={-1}
            aria-label={props.checkboxLabel}
            checked={selected}
            onChange={() => props.onToggle(index)}
            // The grid keeps the focus; a click on the box toggles only this row.
            onMouseDown={(event) => event.preventDefault()}
            onClick={(event) => event.stopPropagation()}
          />
        </div>
      ) : null}
      {columns.map((column) => (
        <div
          key={column.id}
          role="gridcell"
          className={`data-list__cell${alignClass[column.align ?? 'left']}`}
        >
          {column.render ? column.render(row) : text(column.value(row))}
        </div>
      ))}
    </div>
  );
}

/** One rendered row of the virtual list (memoised). */
export const DataListRow = memo(Row) as typeof Row;

function text(value: string | number | null): string {
  return value === null ? '' : String(value);
}
