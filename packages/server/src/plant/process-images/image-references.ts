/** Looks up the store ids of chart and dashboard keys (the keys of charts.json and dashboards.json). */
export interface ImageReferenceLookup {
  chartId(key: string): Promise<number | undefined>;
  dashboardId(key: string): Promise<number | undefined>;
}

const REFERENCE = /\bdata-(chart|dashboard)="([^"]*)"/g;

/**
 * An image names charts and dashboards by their key, which stays the same in every store; the
 * client navigates by id. The served markup carries the ids: a key the store does not know is
 * left as written, so the client treats the action as incomplete.
 */
export async function resolveImageReferences(content: string, lookup: ImageReferenceLookup): Promise<string> {
  const wanted = new Map<string, number | undefined>();
  for (const [, kind, key] of content.matchAll(REFERENCE)) {
    if (key && !/^\d+$/.test(key)) wanted.set(`${kind}:${key}`, undefined);
  }
  for (const ref of wanted.keys()) {
    const [kind, key] = ref.split(':', 2) as [string, string];
    wanted.set(ref, kind === 'chart' ? await lookup.chartId(key) : await lookup.dashboardId(key));
  }
  if (wanted.size === 0) return content;
  return content.replace(REFERENCE, (whole, kind: string, key: string) => {
    const id = wanted.get(`${kind}:${key}`);
    return id === undefined ? whole : `data-${kind}="${id}"`;
  });
}
