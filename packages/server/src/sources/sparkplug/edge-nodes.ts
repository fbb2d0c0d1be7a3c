import type { PvBinding } from '../definition/sources-definition.js';

/** A metric a birth certificate declared, with the PVs bound to it. */
export interface BornMetric {
  name: string;
  datatype: number;
  alias: number | undefined;
  /** PV keys bound to it (several PVs may read one metric). */
  keys: readonly string[];
}

/** An edge node of a group as the host application knows it. */
export interface EdgeNode {
  group: string;
  node: string;
  /** Born since its last death (NBIRTH seen). */
  born: boolean;
  /** Known dead (NDEATH seen, or its death certificate came with the connection). */
  dead: boolean;
  bdSeq: number | null;
  /** Sequence number of the last message (0–255), null before the birth. */
  seq: number | null;
  /** device ('' for the node) → metric name → metric. */
  metrics: Map<string, Map<string, BornMetric>>;
  aliases: Map<number, { device: string; metric: BornMetric }>;
  /** device → alive (DBIRTH seen, no DDEATH since). */
  devices: Map<string, boolean>;
  lastRebirthRequest: number;
}

export const nodeId = (group: string, node: string) => `${group}/${node}`;

/**
 * The edge nodes and devices a plant's Sparkplug PVs are bound to, and where each metric's PVs
 * are: the bookkeeping of births, deaths, aliases and sequence numbers of a host application.
 */
export function createEdgeNodes(bindings: readonly PvBinding[]) {
  /** node id → device → metric name → PV keys. */
  const bound = new Map<string, Map<string, Map<string, string[]>>>();
  /** node id → PV keys of the node and all its devices; "node id/device" → PV keys of the device. */
  const keysOfNode = new Map<string, string[]>();
  const keysOfDevice = new Map<string, string[]>();
  const nodes = new Map<string, EdgeNode>();
  for (const b of bindings) {
    if (b.kind !== 'sparkplug') continue;
    const { group, node, device, metric } = b.address;
    const id = nodeId(group, node);
    const dev = device ?? '';
    const devices = bound.get(id) ?? new Map<string, Map<string, string[]>>();
    bound.set(id, devices);
    const names = devices.get(dev) ?? new Map<string, string[]>();
    devices.set(dev, names);
    names.set(metric, [...(names.get(metric) ?? []), b.key]);
    keysOfNode.set(id, [...(keysOfNode.get(id) ?? []), b.key]);
    if (dev !== '') keysOfDevice.set(`${id}/${dev}`, [...(keysOfDevice.get(`${id}/${dev}`) ?? []), b.key]);
    if (!nodes.has(id))
      nodes.set(id, {
        group,
        node,
        born: false,
        dead: false,
        bdSeq: null,
        seq: null,
        metrics: new Map(),
        aliases: new Map(),
        devices: new Map(),
        lastRebirthRequest: -Infinity,
      });
  }

  return {
    nodes,
    groups: () => [...new Set([...nodes.values()].map((n) => n.group))],
    get: (group: string, node: string) => nodes.get(nodeId(group, node)),
    /** The PVs a birth declares, by metric: what the plant binds to this node or device. */
    declare(
      edge: EdgeNode,
      device: string,
      name: string,
      datatype: number,
      alias: number | undefined,
    ): BornMetric {
      const keys = bound.get(nodeId(edge.group, edge.node))?.get(device)?.get(name) ?? [];
      const metric: BornMetric = { name, datatype, alias, keys };
      const metrics = edge.metrics.get(device) ?? new Map<string, BornMetric>();
      edge.metrics.set(device, metrics);
      metrics.set(name, metric);
      if (alias !== undefined) edge.aliases.set(alias, { device, metric });
      return metric;
    },
    /** Bound metrics a birth did not declare: their PVs have no value from this device. */
    undeclared(edge: EdgeNode, device: string): { name: string; keys: string[] }[] {
      const names = bound.get(nodeId(edge.group, edge.node))?.get(device) ?? new Map<string, string[]>();
      const born = edge.metrics.get(device);
      return [...names].filter(([name]) => !born?.has(name)).map(([name, keys]) => ({ name, keys }));
    },
    keysOfNode: (edge: EdgeNode) => keysOfNode.get(nodeId(edge.group, edge.node)) ?? [],
    keysOfDevice: (edge: EdgeNode, device: string) =>
      keysOfDevice.get(`${nodeId(edge.group, edge.node)}/${device}`) ?? [],
    /** Forgets a node's birth (NDEATH, a new NBIRTH). */
    reset(edge: EdgeNode): void {
      edge.metrics.clear();
      edge.aliases.clear();
      edge.devices.clear();
      edge.seq = null;
    },
  };
}
export type EdgeNodes = ReturnType<typeof createEdgeNodes>;
