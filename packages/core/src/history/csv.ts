/** Field separator of the CSV export: ';' so German spreadsheet programs split the columns. */
export const CSV_SEPARATOR = ';';

/** One CSV field: quoted when it holds the separator, a quote or a line break. */
export function csvField(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A number for the CSV export: decimal point, no thousands separator, empty when missing. */
export function csvNumber(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '' : String(value);
}

/** One CSV line of fields, ended by CRLF (RFC 4180). */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(CSV_SEPARATOR)}\r\n`;
}
