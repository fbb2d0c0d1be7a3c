/**
 * The path as a lenient server would read it: percent-decoded (twice over), backslashes as
 * slashes, `;` parameters and trailing dots of segments dropped, dot segments resolved,
 * repeated slashes collapsed, lower case. Only for unmatched addresses: any spelling of a server
 * path needs a session and gets the API's 404, never the web app's page (no route is let
 * through on this).
 */
export function lenientPath(raw: string): string {
  let text = raw;
  for (let i = 0; i < 2; i++) {
    try {
      text = decodeURIComponent(text);
    } catch {
      break;
    }
  }
  const segments: string[] = [];
  for (const part of text.replace(/\\/g, '/').split('/')) {
    const bare = (part.split(';', 1)[0] ?? '').trim();
    if (/^\.{2,}$/.test(bare)) segments.pop();
    const segment = bare.replace(/[.\s]+$/, '').toLowerCase();
    if (segment !== '') segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/**
 * The first path segments of the server's own routes (api, hubs, healthz, Views, ...), as
 * registered: an address whose lenient reading starts with one of them is the server's, never
 * a page of the web app, however it is spelled.
 */
export class ServerPaths {
  private readonly prefixes = new Set<string>();

  add(routeUrl: string): void {
    const first = lenientPath(routeUrl).split('/')[1] ?? '';
    // A route at the root or with a parameter first would claim every address: never ours.
    if (first !== '' && !first.startsWith(':') && first !== '*') this.prefixes.add(first);
  }

  /** Whether an address, however spelled, names something of the server rather than a page of the app. */
  matches(rawPath: string): boolean {
    const first = lenientPath(rawPath).split('/')[1] ?? '';
    return this.prefixes.has(first);
  }
}
