import type { ChartConfig, ChartDirectory, ChartType } from '@leitwarte/core';
import type { ChartDirectoryRecord } from '../../store/charts/index.js';

/** Id of the virtual directory that collects charts filed in no directory. */
export const UNFILED_DIRECTORY_ID = 0;

/**
 * Nests directories by parent and files each config into its directory. Charts without a
 * directory (created without one) appear in a virtual root "Weitere Diagramme" so none is lost.
 */
export function buildDirectoryTree(
  type: ChartType,
  directories: readonly ChartDirectoryRecord[],
  configs: readonly ChartConfig[],
): ChartDirectory[] {
  const nodes = new Map<number, ChartDirectory>();
  for (const d of directories)
    nodes.set(d.id, { id: d.id, name: d.name, type, childDirectoryList: [], configList: [] });
  const roots: ChartDirectory[] = [];
  for (const d of directories) {
    const node = nodes.get(d.id);
    if (!node) continue;
    const parent = d.parentId === null ? undefined : nodes.get(d.parentId);
    (parent ? parent.childDirectoryList : roots).push(node);
  }
  const unfiled: ChartConfig[] = [];
  for (const c of configs) {
    const dir = c.directoryId === null ? undefined : nodes.get(c.directoryId);
    (dir ? dir.configList : unfiled).push(c);
  }
  if (unfiled.length > 0) {
    roots.push({
      id: UNFILED_DIRECTORY_ID,
      name: 'Weitere Diagramme',
      type,
      childDirectoryList: [],
      configList: unfiled,
    });
  }
  return roots;
}
