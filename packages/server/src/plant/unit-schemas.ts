import { Type, type Static } from 'typebox';
import { literalUnion } from '@leitwarte/core';

/** Building blocks shared by the unit schemas and the station schema. */
export const closed = { additionalProperties: false } as const;
export const Name = Type.String({ minLength: 1, maxLength: 120 });
const Id = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$' });
export const Eks = Type.String({ minLength: 1, maxLength: 40 });
const Ids = Type.Array(Id, { minItems: 1 });
const Positive = Type.Number({ exclusiveMinimum: 0 });
export const NonNegative = Type.Number({ minimum: 0 });
/** "HH:MM", 00:00 to 23:59. */
export const TimeOfDay = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });

/** Where a flow comes from: pumps, a day curve, a tank's in- or outflow, or a throttle. */
export const SourceSchema = Type.Union([
  Type.Object({ pumps: Ids }, closed),
  Type.Object(
    {
      curve: literalUnion(['drinking', 'wastewater', 'constant'] as const),
      mean: NonNegative,
      rain: Type.Optional(NonNegative),
    },
    closed,
  ),
  Type.Object({ tankInflow: Id }, closed),
  Type.Object({ tankOutflow: Id }, closed),
  Type.Object({ throttle: Positive }, closed),
]);
export type SourceDocument = Static<typeof SourceSchema>;
const Sources = Type.Array(SourceSchema);

const unitBase = {
  id: Id,
  name: Name,
  eks: Eks,
  /** Base number: unit PVs are numbered `at + offset` (README, "Numbering"). */
  at: Type.Integer({ minimum: 1, maximum: 99_000 }),
};

const PumpUnit = Type.Object(
  {
    unit: Type.Literal('pump'),
    ...unitBase,
    flow: Positive,
    power: Positive,
    serviceHours: Type.Optional(Positive),
    /** Operating hours and switching cycles the pump has run when the plant starts (default 0). */
    operatingHours: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000 })),
    switchingCycles: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
  },
  closed,
);
const TankUnit = Type.Object(
  {
    unit: Type.Literal('tank'),
    ...unitBase,
    height: Positive,
    area: Positive,
    control: Type.Object(
      { mode: literalUnion(['fill', 'drain'] as const), on: NonNegative, off: NonNegative, pumps: Ids },
      closed,
    ),
    inflow: Sources,
    outflow: Sources,
    overflow: Type.Optional(Type.Boolean()),
    initialLevel: Type.Optional(NonNegative),
  },
  closed,
);
const FlowUnit = Type.Object(
  {
    unit: Type.Literal('flow'),
    ...unitBase,
    dimension: literalUnion(['m³/h', 'l/s'] as const),
    max: Positive,
    measures: Type.Array(SourceSchema, { minItems: 1 }),
    smoothing: Type.Optional(NonNegative),
  },
  closed,
);
const PressureUnit = Type.Union([
  Type.Object(
    {
      unit: Type.Literal('pressure'),
      ...unitBase,
      mode: Type.Literal('passive'),
      max: Positive,
      base: NonNegative,
      perPump: NonNegative,
      pumps: Ids,
    },
    closed,
  ),
  Type.Object(
    {
      unit: Type.Literal('pressure'),
      ...unitBase,
      mode: Type.Literal('control'),
      max: Positive,
      setpoint: Positive,
      suction: NonNegative,
      pumps: Ids,
      demand: Type.Array(SourceSchema, { minItems: 1 }),
    },
    closed,
  ),
]);
const TimerUnit = Type.Object(
  { unit: Type.Literal('timer'), ...unitBase, on: TimeOfDay, off: TimeOfDay, pumps: Ids },
  closed,
);
const AerationUnit = Type.Object(
  {
    unit: Type.Literal('aeration'),
    ...unitBase,
    on: NonNegative,
    off: NonNegative,
    blowers: Ids,
    load: Positive,
  },
  closed,
);
const MeasurementUnit = Type.Object(
  {
    unit: Type.Literal('measurement'),
    ...unitBase,
    subtype: Name,
    dimension: Type.String({ maxLength: 16 }),
    min: Type.Number(),
    max: Type.Number(),
    nominal: Type.Number(),
    noise: NonNegative,
    decimals: Type.Optional(Type.Integer({ minimum: 0, maximum: 6 })),
    follows: Type.Optional(literalUnion(['noise', 'rain'] as const)),
    minMax: Type.Optional(Type.Boolean()),
  },
  closed,
);
const SignalsUnit = Type.Object({ unit: Type.Literal('signals'), ...unitBase }, closed);

/** Unit kinds and their schema; the loader checks a unit against the schema of its kind only. */
export const UNIT_SCHEMAS = {
  pump: PumpUnit,
  tank: TankUnit,
  flow: FlowUnit,
  pressure: PressureUnit,
  timer: TimerUnit,
  aeration: AerationUnit,
  measurement: MeasurementUnit,
  signals: SignalsUnit,
} as const;
export type UnitKind = keyof typeof UNIT_SCHEMAS;
export const UNIT_KINDS = Object.keys(UNIT_SCHEMAS) as UnitKind[];
export type PumpUnitDocument = Static<typeof PumpUnit>;
export type TankUnitDocument = Static<typeof TankUnit>;
export type FlowUnitDocument = Static<typeof FlowUnit>;
export type PressureUnitDocument = Static<typeof PressureUnit>;
export type TimerUnitDocument = Static<typeof TimerUnit>;
export type AerationUnitDocument = Static<typeof AerationUnit>;
export type MeasurementUnitDocument = Static<typeof MeasurementUnit>;
export type SignalsUnitDocument = Static<typeof SignalsUnit>;
export type UnitDocument =
  | PumpUnitDocument
  | TankUnitDocument
  | FlowUnitDocument
  | PressureUnitDocument
  | TimerUnitDocument
  | AerationUnitDocument
  | MeasurementUnitDocument
  | SignalsUnitDocument;
