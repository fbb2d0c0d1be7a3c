import { saveFile } from '../../lib/save-file';

/**
 * Offers a CSV text as a file download. A byte order mark goes first so spreadsheet programs read
 * umlauts and Cyrillic as UTF-8.
 */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' });
  saveFile(fileName.endsWith('.csv') ? fileName : `${fileName}.csv`, blob);
}
