/**
 * The in-app address a scanned QR code points to, or null when it is not a web address of this
 * app (another origin, another scheme, not an address at all): only those may be opened.
 */
export function appPathFromScan(text: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
