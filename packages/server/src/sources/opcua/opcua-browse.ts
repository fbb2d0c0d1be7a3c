import {
  AttributeIds,
  BrowseDirection,
  DataType,
  NodeClass,
  resolveNodeId,
  type ClientSession,
  type NodeId,
} from 'node-opcua-client';
import type { BrowseNode } from '../field/field-types.js';

/** Where browsing starts: the Objects folder. */
const OBJECTS = 'i=85';
const MAX_REFERENCES = 1000;

/** The children of a node (hierarchical references), variables with their data type. */
export async function browseChildren(session: ClientSession, nodeId: string | null): Promise<BrowseNode[]> {
  const result = await session.browse({
    nodeId: resolveNodeId(nodeId ?? OBJECTS),
    browseDirection: BrowseDirection.Forward,
    referenceTypeId: 'HierarchicalReferences',
    includeSubtypes: true,
    nodeClassMask: 0,
    resultMask: 0x3f,
  });
  if (result.statusCode.value !== 0)
    throw new Error(`browse ${nodeId ?? OBJECTS}: ${result.statusCode.name}`);
  const references = (result.references ?? []).slice(0, MAX_REFERENCES);
  const variables = references.filter((r) => r.nodeClass === NodeClass.Variable);
  const types = variables.length
    ? await session.read(variables.map((r) => ({ nodeId: r.nodeId, attributeId: AttributeIds.DataType })))
    : [];
  const typeOf = new Map<string, string>();
  variables.forEach((r, i) => {
    const id = types[i]?.value?.value as NodeId | undefined;
    const builtin = id && id.namespace === 0 && typeof id.value === 'number' ? DataType[id.value] : undefined;
    typeOf.set(r.nodeId.toString(), builtin ?? id?.toString() ?? 'unknown');
  });
  return references.map((r) => ({
    nodeId: r.nodeId.toString(),
    browseName: r.browseName.toString(),
    displayName: r.displayName.text ?? r.browseName.name ?? '',
    nodeClass: NodeClass[r.nodeClass] ?? String(r.nodeClass),
    dataType: typeOf.get(r.nodeId.toString()) ?? null,
    hasChildren: r.nodeClass === NodeClass.Object || r.nodeClass === NodeClass.View,
  }));
}
