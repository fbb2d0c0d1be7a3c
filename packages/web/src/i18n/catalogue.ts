/** A catalogue: nested keys with texts at the leaves. */
export type CatalogueTree = { [key: string]: string | CatalogueTree };

/**
 * One language's catalogue from its files (one per feature area, each holding its own top-level
 * keys). Two files defining the same key is a mistake in the catalogues, reported at once.
 */
export function mergeCatalogue(files: Record<string, CatalogueTree>): CatalogueTree {
  const merged: CatalogueTree = {};
  const add = (target: CatalogueTree, source: CatalogueTree, file: string, prefix: string) => {
    for (const [key, value] of Object.entries(source)) {
      const existing = target[key];
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string' || existing === undefined) {
        if (existing !== undefined) throw new Error(`catalogue key ${path} is defined twice (${file})`);
        target[key] = typeof value === 'string' ? value : structuredClone(value);
      } else if (typeof existing === 'string') {
        throw new Error(`catalogue key ${path} is defined twice (${file})`);
      } else {
        add(existing, value, file, path);
      }
    }
  };
  for (const [file, tree] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b)))
    add(merged, tree, file, '');
  return merged;
}
