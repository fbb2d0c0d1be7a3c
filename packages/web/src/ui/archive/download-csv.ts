/**
 * Offers a CSV text as a file download. A byte order mark goes first so spreadsheet programs read
 * umlauts and Cyrillic as UTF-8.
 */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.endsWith('.csv') ? fileName : `${fileName}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is freed once the browser took it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
