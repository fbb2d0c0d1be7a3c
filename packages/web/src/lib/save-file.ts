import { nativeBridge, type NativeDownload } from './native-bridge';

/** A file the server makes, as the app fetches it itself: method, address and parameters. */
export type ServerFile = Omit<NativeDownload, 'fileName'>;

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('file could not be read'));
    reader.readAsDataURL(blob);
  });
}

/**
 * Offers a file (its bytes and name) as a download. Inside the Android or iOS app the app stores it
 * (web views save no downloads, and cannot open blob addresses): a file the page made itself goes
 * over as a data: address (docs/native-bridge.md).
 */
export function saveFile(fileName: string, blob: Blob): void {
  const bridge = nativeBridge();
  if (bridge !== null) {
    void readAsDataUrl(blob).then((url) => bridge.downloadFile({ fileName, method: 'GET', url, params: {} }));
    return;
  }
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

/**
 * Inside the app, hands a file the server makes to the app, which downloads it with the session
 * of the web view; true when it did. In a browser (false) the page fetches and saves it itself.
 */
export function downloadInApp(fileName: string, file: ServerFile): boolean {
  const bridge = nativeBridge();
  if (bridge === null) return false;
  void bridge.downloadFile({ fileName, ...file });
  return true;
}
