import { Type, type Static } from 'typebox';
import { PvRefSchema, QualitySchema, RuntimeTypeSchema, literalUnion } from './common.js';
import type { PvRef } from '../pv/pv-ref.js';
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

const WriteBase = { pvRef: PvRefSchema };
const closed = { additionalProperties: false } as const;

/**
 * One value to set (POST /api/Pv): only outputs can be set — AnaOut (a number or a time of day)
 * and DigiOut (on/off) — within the PV's domain (screens §5 "Setting values").
 */
export const PvValueWriteSchema = Type.Union([
  Type.Object({ ...WriteBase, type: Type.Literal('DoubleValue'), doubleValue: Type.Number() }, closed),
  Type.Object({ ...WriteBase, type: Type.Literal('BoolValue'), boolValue: Type.Boolean() }, closed),
  Type.Object(
    {
      ...WriteBase,
      type: Type.Literal('TimeOfDayValue'),
      timeOfDayValue: Type.Object({ hour: Type.Integer(), minutes: Type.Integer() }, closed),
    },
    closed,
  ),
]);
export type PvValueWrite = Static<typeof PvValueWriteSchema>;

/** POST /api/Pv body: the values to set, all or none. */
export const SetPvValuesRequestSchema = Type.Array(PvValueWriteSchema, { minItems: 1, maxItems: 1024 });

/** POST /api/Pv/counters/reset and /api/Pv/DigiIn/ack body: the counters or failure inputs. */
export const PvRefListRequestSchema = Type.Array(PvRefSchema, { minItems: 1, maxItems: 1024 });

/**
 * Reply of the PV writes (set values, counter reset, failure-input acknowledge; screens §7):
 * nothing is changed unless the status is Success.
 */
export const PvWriteReplySchema = Type.Object({
  status: literalUnion(['Success', 'Failed', 'Unauthorized'] as const),
  errorMessage: Type.Union([Type.String(), Type.Null()]),
  unauthorizedPvs: Type.Array(PvRefSchema),
  missingPvs: Type.Array(PvRefSchema),
});
export type PvWriteReply = Static<typeof PvWriteReplySchema>;

/** Query of POST /api/pv/PriorityOutputs/Ack: the station and its PV group (area). */
export const PriorityOutputAckQuerySchema = Type.Object({
  station: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  pvGroup: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
});

/** newAck on /hubs/pv: a failure input was acknowledged (user null: acknowledged on site). */
export interface PvAckEvent {
  pvRef: PvRef;
  user: string | null;
  timestamp: number;
}
