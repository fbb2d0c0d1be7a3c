/** Offers a file (its bytes and name) as a download. */
export function saveFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is freed once the browser took it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
