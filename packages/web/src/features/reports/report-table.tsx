import {
  REPORT_FOOTER_KINDS,
  reportFooter,
  type ReportCell,
  type ReportColumn,
  type ReportData,
} from '@leitwarte/core';
import { Table, Text, UnstyledButton } from '@mantine/core';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../lib/format-locale';
import { bindingKey } from '../../live/report-data-hub';

/** A cell the user asked to edit: its column, row and what it shows. */
export interface EditedCell {
  column: ReportColumn;
  rowIndex: number;
  rowLabel: string;
  cell: ReportCell;
}

/** Whether a cell shows a value entered by hand (enabled and set), as the export marks it. */
export const isManual = (cell: ReportCell) => cell.manualInput === 'Enabled' && cell.value !== null;

function ColumnHead({ column }: { column: ReportColumn }) {
  const { t } = useTranslation();
  const { reportValueType, offset, offsetUnit } = column.dataBinding;
  return (
    <Table.Th
      className="report-head"
      data-pv={`${column.dataBinding.pvRef.type}-${column.dataBinding.pvRef.nr}`}
    >
      <div>{column.title}</div>
      <Text span size="xs" c="dimmed" className="report-unit">
        {column.unit ? `[${column.unit}]` : ''}
      </Text>{' '}
      <Text span size="xs" c="dimmed">
        {t(`reports.valueTypes.${reportValueType}`)}
        {offset !== 0
          ? ` · ${t('reports.offset', { offset, unit: t(`reports.offsetUnits.${offsetUnit}`) })}`
          : ''}
      </Text>
    </Table.Th>
  );
}

interface ShownRow {
  index: number;
  label: string;
  running: boolean;
  values: ReportCell[];
}

const sameRow = (a: { row: ShownRow; columns: ReportColumn[]; onEdit: unknown }, b: typeof a) =>
  a.columns === b.columns &&
  a.onEdit === b.onEdit &&
  a.row.index === b.row.index &&
  a.row.label === b.row.label &&
  a.row.running === b.row.running &&
  a.row.values.length === b.row.values.length &&
  a.row.values.every((cell, i) => cell === b.row.values[i]);

/**
 * One period's row. Memoised by its cells: a live figure changes the running row and the footers,
 * and the other rows of a 96-row day report are not drawn again for it.
 */
const ReportRow = memo(function ReportRow({
  row,
  columns,
  onEdit,
}: {
  row: ShownRow;
  columns: ReportColumn[];
  onEdit: (cell: EditedCell) => void;
}) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  return (
    <Table.Tr data-row={row.index} data-running={row.running || undefined}>
      <Table.Td className="report-time" title={row.running ? t('reports.liveRow') : undefined}>
        {row.label}
        {row.running ? <span className="report-live-dot" aria-label={t('reports.liveRow')} /> : null}
      </Table.Td>
      {row.values.map((cell, c) => {
        const column = columns[c];
        if (!column) return null;
        const manual = isManual(cell);
        const shown = `${cellText(format, cell.value, column)}${manual ? ' *' : ''}`;
        const title = manual
          ? t('reports.manualMark')
          : cell.manualInput === 'Disabled'
            ? t('reports.manualDisabled')
            : undefined;
        return (
          <Table.Td
            key={c}
            className={manual ? 'report-cell report-manual' : 'report-cell'}
            data-manual={manual || undefined}
            title={title}
          >
            {column.currentUserCanEdit ? (
              <UnstyledButton
                className="report-edit"
                aria-label={t('reports.editCell', { column: column.title, row: row.label })}
                onClick={() => onEdit({ column, rowIndex: row.index, rowLabel: row.label, cell })}
              >
                {shown || '–'}
              </UnstyledButton>
            ) : (
              shown
            )}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}, sameRow);

/** A value with its column's decimals in the user's number format; empty when there is none. */
function cellText(format: ReturnType<typeof useLocaleFormat>, value: number | null, column: ReportColumn) {
  return value === null
    ? ''
    : format.number(value, {
        minimumFractionDigits: column.decimals,
        maximumFractionDigits: column.decimals,
      });
}

/**
 * The report as utilities print it: one row per period, one column per binding with its unit,
 * footer rows (sum, mean, min, max) over what the table shows. Manually entered values carry a
 * mark; where the user may enter values, a cell opens the manual input. Today's rows take the
 * live values (a day row the day's value so far); a day report adds today's value so far.
 */
export function ReportTable({
  data,
  live,
  now,
  onEdit,
}: {
  data: ReportData;
  live: ReadonlyMap<string, number | null>;
  now: number;
  onEdit: (cell: EditedCell) => void;
}) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const subDay = data.kind === 'day' || data.kind === 'special';
  const text = (value: number | null, column: ReportColumn) => cellText(format, value, column);

  // Rows as shown: a running day row (week, month) takes the live value unless entered by hand.
  const rows = useMemo(
    () =>
      data.rows.map((row) => {
        const running = row.from <= now && now < row.to;
        return {
          ...row,
          running,
          values: row.values.map((cell) => {
            const key = bindingKey(cell.dataBinding);
            if (!running || subDay || data.kind === 'year' || isManual(cell) || !live.has(key)) return cell;
            return { ...cell, value: live.get(key) ?? null };
          }),
        };
      }),
    [data, live, now, subDay],
  );
  const footers = useMemo(
    () => data.columns.map((_, c) => reportFooter(rows.map((r) => r.values[c]?.value ?? null))),
    [data.columns, rows],
  );
  const todaySoFar = subDay && live.size > 0;

  return (
    <Table.ScrollContainer minWidth={120 + data.columns.length * 110}>
      <Table
        striped
        withTableBorder
        withColumnBorders
        stickyHeader
        className="report-table"
        data-rows={rows.length}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th className="report-time">{t('reports.time')}</Table.Th>
            {data.columns.map((column, c) => (
              <ColumnHead key={c} column={column} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <ReportRow key={row.index} row={row} columns={data.columns} onEdit={onEdit} />
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {todaySoFar ? (
            <Table.Tr className="report-today" data-footer="today">
              <Table.Th className="report-time">
                {t('reports.todaySoFar', { time: format.time(now).slice(0, 5) })}
              </Table.Th>
              {data.columns.map((column, c) => (
                <Table.Td key={c} className="report-cell">
                  {text(live.get(bindingKey(column.dataBinding)) ?? null, column)}
                </Table.Td>
              ))}
            </Table.Tr>
          ) : null}
          {REPORT_FOOTER_KINDS.map((kind) => (
            <Table.Tr key={kind} className="report-footer" data-footer={kind}>
              <Table.Th className="report-time">{t(`reports.footer.${kind}`)}</Table.Th>
              {data.columns.map((column, c) => (
                <Table.Td key={c} className="report-cell">
                  {text(footers[c]?.[kind] ?? null, column)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
