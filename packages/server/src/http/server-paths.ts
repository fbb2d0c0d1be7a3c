/**
 * The path as a lenient server would read it: percent-decoded (twice over), backslashes as
 * slashes, `;` parameters and trailing dots of segments dropped, dot segments resolved,
 * repeated slashes collapsed, lower case. Only for choosing the kind of 404: any spelling of a
 * server path gets the API's 404, never the web app's page (the guard lets no route through on this; it only
 * asks for a session on unmatched addresses that look like the API).
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

/** Whether an address, however spelled, names something of the server rather than a page of the app. */
export const isServerPath = (rawPath: string) => {
  const path = lenientPath(rawPath);
  return (
    path === '/api' || path.startsWith('/api/') || path === '/hubs' || path.startsWith('/hubs/') || path === '/healthz'
  );
};

