import type { PvNode, PvTreeItem } from '@leitwarte/core';
import type { PlantDefinition } from './definition-types.js';

const collator = new Intl.Collator('de');

/**
 * The PV tree (GET /api/Pv/getallpvnodes): stations in definition order, per station its PVs
 * grouped by subtype. Groups are sorted by name (German collation) so an operator finds
 * "Druck" before "Füllstand"; PVs keep definition order, which follows the plant's units.
 */
export function buildPvTree(definition: PlantDefinition): PvNode[] {
  const nodes = new Map<number, { node: PvNode; groups: Map<string, PvTreeItem[]> }>();
  for (const station of definition.stations) {
    nodes.set(station.number, {
      node: { stationNumber: station.number, stationName: station.name, groups: [] },
      groups: new Map(),
    });
  }
  for (const pv of definition.pvs) {
    const entry = nodes.get(pv.station);
    if (!entry) continue;
    const subtype = pv.config.subtype;
    let items = entry.groups.get(subtype);
    if (!items) entry.groups.set(subtype, (items = []));
    items.push({
      pvRef: pv.ref,
      name: pv.config.name,
      eks: pv.config.eksNr,
      stationNumber: pv.station,
      stationName: entry.node.stationName,
      subtype,
    });
  }
  return [...nodes.values()].map(({ node, groups }) => ({
    ...node,
    groups: [...groups.entries()]
      .sort(([a], [b]) => collator.compare(a, b))
      .map(([subtype, pvs]) => ({ subtype, pvs })),
  }));
}
