import { Type, type Static } from 'typebox';
import { PvRefSchema, QualitySchema, RuntimeTypeSchema, literalUnion } from './common.js';
import { PV_VALUE_TYPES } from '../pv/pv-value.js';

export const PvValueTypeSchema = literalUnion(PV_VALUE_TYPES);

/** PV config of screens §3. */
export const PvConfigSchema = Type.Object({
  pvRef: PvRefSchema,
  name: Type.String(),
  eksNr: Type.String(),
  dimension: Type.String(),
  subtype: Type.String(),
  valueType: PvValueTypeSchema,
  alertInputConfig: Type.Union([
    Type.Null(),
    Type.Object({ description: Type.String(), message: Type.String(), priority: Type.Integer() }),
  ]),
  domainConfig: Type.Union([
    Type.Null(),
    Type.Object({
      min: Type.Union([Type.Number(), Type.Null()]),
      max: Type.Union([Type.Number(), Type.Null()]),
    }),
  ]),
  digiDisplayConfig: Type.Union([
    Type.Null(),
    Type.Object({ stateActiveText: Type.String(), stateInactiveText: Type.String() }),
  ]),
});
export type PvConfig = Static<typeof PvConfigSchema>;

/** PV tree item of screens §3. */
export const PvTreeItemSchema = Type.Object({
  pvRef: PvRefSchema,
  name: Type.String(),
  eks: Type.String(),
  stationNumber: Type.Integer(),
  stationName: Type.String(),
  subtype: Type.String(),
});
export type PvTreeItem = Static<typeof PvTreeItemSchema>;

/** A node of the PV tree (GET /api/Pv/getallpvnodes): a station with its PVs grouped by subtype. */
export const PvNodeSchema = Type.Object({
  stationNumber: Type.Integer(),
  stationName: Type.String(),
  groups: Type.Array(Type.Object({ subtype: Type.String(), pvs: Type.Array(PvTreeItemSchema) })),
});
export type PvNode = Static<typeof PvNodeSchema>;

const ValueBase = {
  pvRef: PvRefSchema,
  quality: QualitySchema,
  timestamp: Type.Number(),
};

/** Process value union of screens §3 (one value field matching `type`). */
export const ProcessValueSchema = Type.Union([
  Type.Object({ ...ValueBase, type: Type.Literal('BoolValue'), boolValue: Type.Boolean() }),
  Type.Object({ ...ValueBase, type: Type.Literal('DoubleValue'), doubleValue: Type.Number() }),
  Type.Object({ ...ValueBase, type: Type.Literal('FailureStateValue'), failureStateValue: Type.Integer() }),
  Type.Object({
    ...ValueBase,
    type: Type.Literal('CounterValue'),
    counterValue: Type.Object({
      value: Type.Number(),
      resetable: Type.Boolean(),
      day: Type.Number(),
      month: Type.Number(),
      year: Type.Number(),
    }),
  }),
  Type.Object({
    ...ValueBase,
    type: Type.Literal('RuntimeValue'),
    runtimeValue: Type.Object({
      lower: Type.Number(),
      lowerMid: Type.Number(),
      upperMid: Type.Number(),
      upper: Type.Number(),
      value: Type.Number(),
      runtimeType: RuntimeTypeSchema,
    }),
  }),
  Type.Object({
    ...ValueBase,
    type: Type.Literal('TimeOfDayValue'),
    timeOfDayValue: Type.Object({ hour: Type.Integer(), minutes: Type.Integer() }),
  }),
]);

/** GET /api/Pv/all: every PV the user may read, with its config and current value. */
export const PvAllItemSchema = Type.Object({
  config: PvConfigSchema,
  value: Type.Union([ProcessValueSchema, Type.Null()]),
});
export type PvAllItem = Static<typeof PvAllItemSchema>;

/** POST /api/Pv/configs body: up to 1024 PV references. */
export const PvConfigsRequestSchema = Type.Array(PvRefSchema, { maxItems: 1024 });

/** POST /api/Pv/configs reply: configs found, plus the references that were missing or not readable. */
export const PvConfigsReplySchema = Type.Object({
  configs: Type.Array(PvConfigSchema),
  missingPvs: Type.Array(PvRefSchema),
  unauthorizedPvs: Type.Array(PvRefSchema),
});
export type PvConfigsReply = Static<typeof PvConfigsReplySchema>;
