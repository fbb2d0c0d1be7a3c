import { memo, type CSSProperties, type MouseEvent } from 'react';
import { justify } from './data-list-header';
import type { DataListColumn } from './types';

interface Props<Row> {
  row: Row;
  id: string;
  index: number;
  columns: readonly DataListColumn<Row>[];
  template: string;
  start: number;
  height: number;
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

/**
 * One rendered row of the virtual list, placed at its offset. Memoised: while scrolling, rows that
 * stay in view are not rendered again; the box is a native one for the same reason.
 */
function Row<Row>(props: Props<Row>) {
  const { row, id, index, columns, template, start, height, focused, selectable, selected } = props;
  const classes = ['data-list__row', 'data-list__body-row', props.rowClassName?.(row)];
  if (focused) classes.push('data-list__row--focused');
  if (selected) classes.push('data-list__row--selected');
  return (
    <div
      role="row"
      id={id}
      aria-rowindex={index + 2}
      aria-selected={selectable ? selected : undefined}
      className={classes.filter(Boolean).join(' ')}
      style={{
        ...props.rowStyle?.(row),
        gridTemplateColumns: template,
        height,
        transform: `translateY(${start}px)`,
      }}
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
          className="data-list__cell"
          style={{ justifyContent: justify(column.align) }}
        >
          {column.render ? (
            column.render(row)
          ) : (
            <span className="data-list__text">{text(column.value(row))}</span>
          )}
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
