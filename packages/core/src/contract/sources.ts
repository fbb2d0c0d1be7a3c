import { Type, type Static } from 'typebox';
import { literalUnion } from './common.js';

/** Kinds of data sources: the simulator and the field protocols. */
export const SOURCE_KIND_NAMES = ['simulator', 'mqtt', 'sparkplug', 'modbus', 'opcua'] as const;
export type SourceKindName = (typeof SOURCE_KIND_NAMES)[number];

/** Connection states of a data source (Degraded: of a plant's sources some are down). */
export const SOURCE_STATES = ['Connected', 'Connecting', 'Disconnected', 'Degraded'] as const;

/** Counters of a data source since the server started. */
export const SourceCountersSchema = Type.Object({
  messages: Type.Integer({ minimum: 0 }),
  reads: Type.Integer({ minimum: 0 }),
  writes: Type.Integer({ minimum: 0 }),
  errors: Type.Integer({ minimum: 0 }),
  reconnects: Type.Integer({ minimum: 0 }),
});

/** A data source as GET /api/admin/sources shows it. */
export const SourceStatusSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: literalUnion(SOURCE_KIND_NAMES),
  state: literalUnion(SOURCE_STATES),
  /** When the state last changed (ms since the epoch). */
  since: Type.Number(),
  lastError: Type.Union([Type.Null(), Type.Object({ message: Type.String(), at: Type.Number() })]),
  counters: SourceCountersSchema,
  pvs: Type.Integer({ minimum: 0 }),
  badPvs: Type.Integer({ minimum: 0 }),
  /** PVs that have had no value since the server started (nothing received yet). */
  noValuePvs: Type.Integer({ minimum: 0 }),
  stations: Type.Integer({ minimum: 0 }),
  /** Where it connects to, without credentials. */
  target: Type.String(),
  /** Whether its address space can be browsed (OPC UA). */
  browsable: Type.Boolean(),
});
export type SourceStatusView = Static<typeof SourceStatusSchema>;

export const SourceListSchema = Type.Object({ sources: Type.Array(SourceStatusSchema) });
export type SourceList = Static<typeof SourceListSchema>;

/** A node of an OPC UA address space, to pick a PV's NodeId. */
export const BrowseNodeSchema = Type.Object({
  nodeId: Type.String(),
  browseName: Type.String(),
  displayName: Type.String(),
  nodeClass: Type.String(),
  dataType: Type.Union([Type.String(), Type.Null()]),
  hasChildren: Type.Boolean(),
});
export type BrowseNodeView = Static<typeof BrowseNodeSchema>;

export const BrowseReplySchema = Type.Object({
  nodeId: Type.Union([Type.String(), Type.Null()]),
  nodes: Type.Array(BrowseNodeSchema),
});
export type BrowseReply = Static<typeof BrowseReplySchema>;

/** Why an administration call about a source was refused (the client words it). */
export const SOURCE_REFUSALS = [
  'unknownSource',
  'notBrowsable',
  'sourceNotConnected',
  'browseFailed',
] as const;
export type SourceRefusal = (typeof SOURCE_REFUSALS)[number];
