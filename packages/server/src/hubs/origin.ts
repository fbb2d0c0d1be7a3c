/** Decides whether a request's Origin may open a hub connection. */
export type OriginCheck = (origin: string | undefined, host: string | undefined) => boolean;

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

/**
 * Browsers send Origin with every WebSocket upgrade and cannot forge it, so checking it stops
 * other sites from riding on the session cookie (cross-site WebSocket hijacking). Allowed: the
 * configured origins, the page's own origin (Origin host equals Host header), and requests
 * without Origin, which come from non-browser clients that hold the cookie themselves.
 * Throws on a malformed configured origin so bad configuration fails at start.
 */
export function createOriginCheck(allowedOrigins: readonly string[]): OriginCheck {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  return (origin, host) => {
    if (origin === undefined) return true;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false; // includes the opaque origin "null"
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (allowed.has(url.origin)) return true;
    if (host === undefined) return false;
    const expected = host.toLowerCase();
    const port = url.port || DEFAULT_PORTS[url.protocol];
    return url.host === expected || `${url.hostname}:${port}` === expected;
  };
}
