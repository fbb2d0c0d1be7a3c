import { Type, type Static } from 'typebox';
import { PV_TYPES, PV_VALUE_TYPES, RUNTIME_TYPES, literalUnion } from '@leitwarte/core';
import { closed, Eks, Name, NonNegative, TimeOfDay, UNIT_KINDS, type UnitDocument } from './unit-schemas.js';
import { SwitchingProgramDocumentSchema, type SwitchingProgramDocument } from './switching-programs.js';
import {
  AddressSchema,
  SOURCE_ID_PATTERN,
  SOURCE_KINDS,
  type FieldSourceDocument,
} from '../sources/definition/source-schemas.js';

/** A field source by id (`sources` of the plant file, or "simulator"). */
const SourceId = Type.String({ pattern: SOURCE_ID_PATTERN });

export {
  SourceSchema,
  UNIT_KINDS,
  UNIT_SCHEMAS,
  type AerationUnitDocument,
  type FlowUnitDocument,
  type MeasurementUnitDocument,
  type PressureUnitDocument,
  type PumpUnitDocument,
  type SignalsUnitDocument,
  type SourceDocument,
  type TankUnitDocument,
  type TimerUnitDocument,
  type UnitDocument,
  type UnitKind,
} from './unit-schemas.js';

/**
 * The plant definition file as written by hand (format `leitwarte-plant/1`, documented in
 * plants/README.md). Stations list *units* (pump, tank, ...) that the loader expands into PVs,
 * plus explicit PVs for everything no unit covers. Unknown fields are refused so typos surface.
 */

/** A PV listed explicitly: `number` (station-local) for AnaIn/AnaOut/DigiIn/DigiOut, `nr` otherwise. */
export const ExplicitPvSchema = Type.Object(
  {
    type: literalUnion(PV_TYPES),
    number: Type.Optional(Type.Integer({ minimum: 1, maximum: 99_999 })),
    nr: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    name: Name,
    eks: Eks,
    subtype: Name,
    dimension: Type.Optional(Type.String({ maxLength: 16 })),
    valueType: Type.Optional(literalUnion(PV_VALUE_TYPES)),
    min: Type.Optional(Type.Number()),
    max: Type.Optional(Type.Number()),
    texts: Type.Optional(Type.Object({ active: Name, inactive: Name }, closed)),
    alert: Type.Optional(
      Type.Object({ priority: Type.Integer({ minimum: 0, maximum: 9 }), message: Name }, closed),
    ),
    initial: Type.Optional(Type.Union([Type.Number(), Type.Boolean(), TimeOfDay])),
    noise: Type.Optional(NonNegative),
    decimals: Type.Optional(Type.Integer({ minimum: 0, maximum: 6 })),
    runtimeType: Type.Optional(literalUnion(RUNTIME_TYPES)),
    resetable: Type.Optional(Type.Boolean()),
    /** The field source of this PV when it is not its station's. */
    source: Type.Optional(SourceId),
    /** Where the PV is on its source (the fields of the source's kind). */
    address: Type.Optional(AddressSchema),
  },
  closed,
);
export type ExplicitPvDocument = Static<typeof ExplicitPvSchema>;

/** A station; `units` are checked per kind after this schema (see definition.ts). */
export const StationSchema = Type.Object(
  {
    number: Type.Integer({ minimum: 1, maximum: 999_999 }),
    name: Name,
    kind: Name,
    eks: Eks,
    location: Type.Union([
      Type.Null(),
      Type.Object(
        {
          latitude: Type.Number({ minimum: -90, maximum: 90 }),
          longitude: Type.Number({ minimum: -180, maximum: 180 }),
        },
        closed,
      ),
    ]),
    processImage: Type.Union([Type.Null(), Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$' })]),
    mobileNetworkStandard: Type.String({ minLength: 1, maxLength: 16 }),
    connection: literalUnion(['permanent', 'dial'] as const),
    dialIntervalMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_080 })),
    units: Type.Array(Type.Object({ unit: literalUnion(UNIT_KINDS) })),
    pvs: Type.Optional(Type.Array(ExplicitPvSchema)),
    /** Weekly switching programs of the station's machines (time control table). */
    programs: Type.Optional(Type.Array(SwitchingProgramDocumentSchema, { maxItems: 1000 })),
    /** The field source of the station's PVs and its connection state; the simulator when left out. */
    source: Type.Optional(SourceId),
    /** Address fields every PV of the station shares (e.g. a Sparkplug edge node). */
    address: Type.Optional(AddressSchema),
    /** Addresses of unit PVs, by `<unit id>.<role>` or PV key (`AnaIn-100010`). */
    addresses: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: 120 }), AddressSchema, { maxProperties: 100_000 }),
    ),
  },
  closed,
);
export type StationDocument = Omit<Static<typeof StationSchema>, 'units' | 'programs'> & {
  units: UnitDocument[];
  programs?: SwitchingProgramDocument[];
};

/** Plant metadata shown on the About page. */
export const PlantInfoSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$' }),
    name: Name,
    operator: Name,
    client: Name,
    provider: Name,
    company: Name,
    publicAuthority: Name,
    timeZone: Type.String({ minLength: 1, maxLength: 64 }),
  },
  closed,
);
export type PlantInfo = Static<typeof PlantInfoSchema>;

export const PLANT_FORMAT = 'leitwarte-plant/1';

/** The whole file. */
export const PlantDocumentSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    format: Type.Literal(PLANT_FORMAT),
    plant: PlantInfoSchema,
    stations: Type.Array(StationSchema, { minItems: 1 }),
    /** Field connections (MQTT, Sparkplug B, Modbus TCP, OPC UA); checked per kind after this schema. */
    sources: Type.Optional(Type.Array(Type.Object({ kind: literalUnion(SOURCE_KINDS) }), { maxItems: 1000 })),
  },
  closed,
);
export type PlantDocument = Omit<Static<typeof PlantDocumentSchema>, 'stations' | 'sources'> & {
  stations: StationDocument[];
  sources?: FieldSourceDocument[];
};
