import type { DataListColumn } from './types';

/** How a CSV is written: separator and decimal mark. */
export interface CsvFormat {
  separator: ',' | ';';
  decimalMark: '.' | ',';
}

/** RFC 4180 as written: comma-separated, decimal point. */
export const RFC_CSV: CsvFormat = { separator: ',', decimalMark: '.' };

/**
 * The CSV format spreadsheets expect in a language: where the decimal mark is a comma (German,
 * Czech, Russian) the separator is a semicolon; English keeps commas and points.
 */
export function csvFormatFor(language: string | undefined): CsvFormat {
  const base = (language ?? '').toLowerCase().split('-')[0];
  return base === 'de' || base === 'cs' || base === 'ru' ? { separator: ';', decimalMark: ',' } : RFC_CSV;
}

// A text a spreadsheet would run as a formula is written with a leading apostrophe.
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number | null, format: CsvFormat): string {
  if (value === null || (typeof value === 'number' && Number.isNaN(value))) return '';
  let text: string;
  if (typeof value === 'number') {
    text = format.decimalMark === ',' ? String(value).replace('.', ',') : String(value);
  } else {
    text = FORMULA_START.test(value) ? `'${value}` : value;
  }
  return /["\r\n]/.test(text) || text.includes(format.separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The rows as CSV, as shown: the columns given (pass the visible ones, in their order) with their
 * labels as header line; each cell is the column's exportValue, or else its value. Quoting and
 * CRLF line ends follow RFC 4180; the format defaults to RFC 4180's comma (see csvFormatFor).
 */
export function rowsToCsv<Row>(
  rows: readonly Row[],
  columns: readonly DataListColumn<Row>[],
  format: CsvFormat = RFC_CSV,
): string {
  const lines = [columns.map((column) => cell(column.label, format)).join(format.separator)];
  for (const row of rows) {
    lines.push(
      columns.map((column) => cell((column.exportValue ?? column.value)(row), format)).join(format.separator),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * A CSV as a file to download: UTF-8 with a byte order mark, so spreadsheets read umlauts and
 * Cyrillic correctly.
 */
export function csvFile(csv: string, fileName: string): File {
  return new File(['\uFEFF', csv], fileName, { type: 'text/csv;charset=utf-8' });
}
