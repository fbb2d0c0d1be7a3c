import { Type, type Static } from 'typebox';
import { literalUnion } from '@leitwarte/core';

/**
 * The field connections of a plant file (`sources`) and the addresses of its PVs, per protocol.
 * Unknown fields are refused so typos surface at start. Documented in plants/README.md.
 */
const closed = { additionalProperties: false } as const;
export const SOURCE_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,63}$';
const Id = Type.String({ pattern: SOURCE_ID_PATTERN });
const Text = Type.String({ minLength: 1, maxLength: 200 });
const Path = Type.String({ minLength: 1, maxLength: 500 });
const Ms = (minimum: number, maximum: number) => Type.Integer({ minimum, maximum });
/** Names an environment variable, so no secret ever stands in the plant file. */
const EnvName = Type.String({ pattern: '^[A-Z_][A-Z0-9_]{0,127}$' });

/** The simulator's id: stations and PVs without a source are animated by it. */
export const SIMULATOR_SOURCE_ID = 'simulator';

export const SOURCE_KINDS = ['mqtt', 'sparkplug', 'modbus', 'opcua'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Settings every connection has. */
const common = {
  id: Id,
  /** Shown on the administration screen; the id when left out. */
  name: Type.Optional(Text),
  /** Reconnect with capped exponential backoff: first wait, longest wait. */
  reconnect: Type.Optional(Type.Object({ initialMs: Ms(100, 60_000), maxMs: Ms(100, 600_000) }, closed)),
  /** How long a write waits for the device to confirm it by reading back. */
  writeTimeoutMs: Type.Optional(Ms(100, 600_000)),
};

const Tls = Type.Object(
  {
    /** PEM files, relative to the plant file. */
    ca: Type.Optional(Path),
    cert: Type.Optional(Path),
    key: Type.Optional(Path),
    rejectUnauthorized: Type.Optional(Type.Boolean()),
    servername: Type.Optional(Text),
  },
  closed,
);

const brokerConnection = {
  url: Type.String({ pattern: '^mqtts?://[^\\s]{1,300}$' }),
  clientId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  username: Type.Optional(Text),
  passwordEnv: Type.Optional(EnvName),
  tls: Type.Optional(Tls),
  keepaliveSeconds: Type.Optional(Ms(5, 3600)),
};

const PayloadKind = literalUnion(['json', 'text'] as const);
const JsonPath = Type.String({
  minLength: 1,
  maxLength: 120,
  pattern: '^[A-Za-z0-9_$-]+(\\.[A-Za-z0-9_$-]+)*$',
});

export const MqttSourceSchema = Type.Object(
  {
    kind: Type.Literal('mqtt'),
    ...common,
    ...brokerConnection,
    qos: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])),
    /** false: a persistent session, so the broker keeps QoS 1/2 messages while the server is away. */
    cleanSession: Type.Optional(Type.Boolean()),
    /** Topic of a PV; placeholders {station} {stationEks} {type} {nr} {number} {key} {eks}. */
    topic: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
    /** Where writes are published; {topic} is the PV's topic. */
    writeTopic: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
    payload: Type.Optional(PayloadKind),
    valuePath: Type.Optional(JsonPath),
    timestampPath: Type.Optional(JsonPath),
    qualityPath: Type.Optional(JsonPath),
    /** A PV without a message for this long turns Bad. */
    staleAfterSeconds: Type.Optional(Ms(1, 86_400 * 7)),
    /** A station's device announces itself here (its last will says offline). */
    availability: Type.Optional(
      Type.Object(
        {
          topic: Type.String({ minLength: 1, maxLength: 300 }),
          online: Type.Optional(Type.String({ maxLength: 64 })),
          offline: Type.Optional(Type.String({ maxLength: 64 })),
        },
        closed,
      ),
    ),
  },
  closed,
);

export const SparkplugSourceSchema = Type.Object(
  {
    kind: Type.Literal('sparkplug'),
    ...common,
    ...brokerConnection,
    /** Host application id of the STATE message (spBv1.0/STATE/<hostId>). */
    hostId: Type.Optional(Type.String({ pattern: '^[^/#+\\s]{1,64}$' })),
    /** Group of addresses that name none. */
    group: Type.Optional(Type.String({ pattern: '^[^/#+\\s]{1,64}$' })),
    /** Metric name of a PV when its address names none; placeholders as for MQTT topics. */
    metric: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    /** A rebirth is requested at most this often per edge node. */
    rebirthIntervalMs: Type.Optional(Ms(100, 600_000)),
  },
  closed,
);

export const ModbusSourceSchema = Type.Object(
  {
    kind: Type.Literal('modbus'),
    ...common,
    host: Type.String({ minLength: 1, maxLength: 253 }),
    port: Type.Optional(Ms(1, 65_535)),
    unitId: Type.Optional(Ms(0, 255)),
    /** Poll cycle of the device. */
    pollMs: Type.Optional(Ms(50, 3_600_000)),
    /** A request without an answer for this long fails (and the connection is renewed). */
    timeoutMs: Type.Optional(Ms(50, 60_000)),
    /** The device's limit per read request (125 registers, 2000 bits by the protocol). */
    maxRegistersPerRequest: Type.Optional(Ms(4, 125)),
    maxBitsPerRequest: Type.Optional(Ms(1, 2000)),
    /** Unused addresses a read may span to save a request. */
    maxGap: Type.Optional(Ms(0, 124)),
  },
  closed,
);

export const OpcUaSourceSchema = Type.Object(
  {
    kind: Type.Literal('opcua'),
    ...common,
    endpoint: Type.String({ pattern: '^opc\\.tcp://[^\\s]{1,300}$' }),
    securityMode: Type.Optional(literalUnion(['None', 'Sign', 'SignAndEncrypt'] as const)),
    securityPolicy: Type.Optional(
      literalUnion(['None', 'Basic256Sha256', 'Aes128_Sha256_RsaOaep', 'Aes256_Sha256_RsaPss'] as const),
    ),
    username: Type.Optional(Text),
    passwordEnv: Type.Optional(EnvName),
    /** Commissioning only: trust a server certificate never seen before (else it waits in pki/rejected). */
    acceptUnknownServerCertificate: Type.Optional(Type.Boolean()),
    publishingIntervalMs: Type.Optional(Ms(10, 3_600_000)),
    samplingIntervalMs: Type.Optional(Ms(0, 3_600_000)),
    queueSize: Type.Optional(Ms(1, 10_000)),
    /** NodeId of a PV when its address names none; placeholders as for MQTT topics. */
    nodeId: Type.Optional(Type.String({ minLength: 1, maxLength: 400 })),
    sessionTimeoutMs: Type.Optional(Ms(10_000, 3_600_000)),
  },
  closed,
);

export const FieldSourceSchema = Type.Union([
  MqttSourceSchema,
  SparkplugSourceSchema,
  ModbusSourceSchema,
  OpcUaSourceSchema,
]);
export type MqttSourceDocument = Static<typeof MqttSourceSchema>;
export type SparkplugSourceDocument = Static<typeof SparkplugSourceSchema>;
export type ModbusSourceDocument = Static<typeof ModbusSourceSchema>;
export type OpcUaSourceDocument = Static<typeof OpcUaSourceSchema>;
export type FieldSourceDocument = Static<typeof FieldSourceSchema>;

/** Per kind, the schema of one source (checked after the kind is known, for a precise message). */
export const SOURCE_SCHEMAS = {
  mqtt: MqttSourceSchema,
  sparkplug: SparkplugSourceSchema,
  modbus: ModbusSourceSchema,
  opcua: OpcUaSourceSchema,
} as const;

export const MqttAddressSchema = Type.Object(
  {
    topic: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
    /** null: the PV is never written. */
    writeTopic: Type.Optional(Type.Union([Type.Null(), Type.String({ minLength: 1, maxLength: 300 })])),
    payload: Type.Optional(PayloadKind),
    valuePath: Type.Optional(JsonPath),
    timestampPath: Type.Optional(JsonPath),
    qualityPath: Type.Optional(JsonPath),
    staleAfterSeconds: Type.Optional(Ms(1, 86_400 * 7)),
  },
  closed,
);

const SparkplugName = Type.String({ pattern: '^[^/#+\\s]{1,64}$' });
export const SparkplugAddressSchema = Type.Object(
  {
    group: Type.Optional(SparkplugName),
    node: Type.Optional(SparkplugName),
    /** Left out or null: a metric of the edge node itself (null overrides the station's device). */
    device: Type.Optional(Type.Union([Type.Null(), SparkplugName])),
    metric: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  closed,
);

export const MODBUS_TABLES = ['coil', 'discrete', 'input', 'holding'] as const;
export const MODBUS_TYPES = ['int16', 'uint16', 'int32', 'uint32', 'float32', 'float64'] as const;
export type ModbusTable = (typeof MODBUS_TABLES)[number];
export type ModbusType = (typeof MODBUS_TYPES)[number];
const Order = literalUnion(['big', 'little'] as const);

export const ModbusAddressSchema = Type.Object(
  {
    table: Type.Optional(literalUnion(MODBUS_TABLES)),
    /** Zero-based protocol address (register 40001 is holding 0). */
    address: Type.Optional(Ms(0, 65_535)),
    type: Type.Optional(literalUnion(MODBUS_TYPES)),
    /** Byte order within a register, and word order of 32- and 64-bit values. */
    byteOrder: Type.Optional(Order),
    wordOrder: Type.Optional(Order),
    /** One bit of a 16-bit register (0 = least significant). */
    bit: Type.Optional(Ms(0, 15)),
    /** Engineering value = raw × factor + offset ... */
    factor: Type.Optional(Type.Number()),
    offset: Type.Optional(Type.Number()),
    /** ... or a linear map of a raw range onto an engineering range. */
    scale: Type.Optional(
      Type.Object(
        {
          raw: Type.Tuple([Type.Number(), Type.Number()]),
          value: Type.Tuple([Type.Number(), Type.Number()]),
        },
        closed,
      ),
    ),
  },
  closed,
);

export const OpcUaAddressSchema = Type.Object(
  {
    nodeId: Type.Optional(Type.String({ minLength: 1, maxLength: 400 })),
    samplingIntervalMs: Type.Optional(Ms(0, 3_600_000)),
    queueSize: Type.Optional(Ms(1, 10_000)),
    deadband: Type.Optional(
      Type.Object(
        { type: literalUnion(['absolute', 'percent'] as const), value: Type.Number({ minimum: 0 }) },
        closed,
      ),
    ),
  },
  closed,
);

export type MqttAddressDocument = Static<typeof MqttAddressSchema>;
export type SparkplugAddressDocument = Static<typeof SparkplugAddressSchema>;
export type ModbusAddressDocument = Static<typeof ModbusAddressSchema>;
export type OpcUaAddressDocument = Static<typeof OpcUaAddressSchema>;

export const ADDRESS_SCHEMAS = {
  mqtt: MqttAddressSchema,
  sparkplug: SparkplugAddressSchema,
  modbus: ModbusAddressSchema,
  opcua: OpcUaAddressSchema,
} as const;

/** An address as written: any of the kinds; checked against its source's kind when resolved. */
export const AddressSchema = Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), {
  maxProperties: 16,
});
export type AddressDocument = Record<string, unknown>;
