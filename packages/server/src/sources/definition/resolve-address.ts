import type { PvDefinition } from '../../plant/definition-types.js';
import { PlantDefinitionError } from '../../plant/definition-error.js';
import { validate } from '../../plant/definition-validate.js';
import {
  ADDRESS_SCHEMAS,
  type ModbusAddressDocument,
  type MqttAddressDocument,
  type OpcUaAddressDocument,
  type SparkplugAddressDocument,
} from './source-schemas.js';
import type {
  FieldSourceDefinition,
  ModbusAddress,
  MqttAddress,
  OpcUaAddress,
  PvBinding,
  SparkplugAddress,
} from './sources-definition.js';
import { fillTemplate, unknownPlaceholders, type TemplateStation } from './templates.js';

/** Everything a resolver needs to know of the PV and where its address was written. */
export interface AddressContext {
  pv: PvDefinition;
  station: TemplateStation;
  /** Path of the address in the file, for messages. */
  path: string;
}

const label = (pv: PvDefinition) => `PV ${pv.key} "${pv.config.name}"`;
const fail = (ctx: AddressContext, field: string, reason: string) =>
  new PlantDefinitionError(field ? `${ctx.path}.${field}` : ctx.path, `${label(ctx.pv)}: ${reason}`);

function template(
  ctx: AddressContext,
  field: string,
  text: string,
  extra: Record<string, string> = {},
): string {
  const unknown = unknownPlaceholders(text).filter((name) => !(name in extra));
  if (unknown.length > 0)
    throw fail(ctx, field, `unknown placeholder {${unknown[0]}} in ${JSON.stringify(text)}`);
  return fillTemplate(text, ctx.pv, ctx.station, extra);
}

const DEFAULT_TOPIC = 'leitwarte/{station}/{key}';
const DEFAULT_WRITE_TOPIC = '{topic}/set';

function mqtt(
  doc: MqttAddressDocument,
  source: Extract<FieldSourceDefinition, { kind: 'mqtt' }>,
  ctx: AddressContext,
): MqttAddress {
  const topic = template(ctx, 'topic', doc.topic ?? source.topic ?? DEFAULT_TOPIC);
  if (/[+#]/.test(topic) || topic.length === 0)
    throw fail(ctx, 'topic', `topic ${JSON.stringify(topic)} must not hold wildcards`);
  const writeTemplate =
    doc.writeTopic === undefined ? (source.writeTopic ?? DEFAULT_WRITE_TOPIC) : doc.writeTopic;
  const writeTopic = writeTemplate === null ? null : template(ctx, 'writeTopic', writeTemplate, { topic });
  if (writeTopic !== null && /[+#]/.test(writeTopic))
    throw fail(ctx, 'writeTopic', `topic ${JSON.stringify(writeTopic)} must not hold wildcards`);
  const stale = doc.staleAfterSeconds ?? source.staleAfterSeconds;
  return {
    topic,
    writeTopic,
    payload: doc.payload ?? source.payload ?? 'json',
    valuePath: doc.valuePath ?? source.valuePath ?? 'value',
    timestampPath: doc.timestampPath ?? source.timestampPath ?? 'timestamp',
    qualityPath: doc.qualityPath ?? source.qualityPath ?? 'quality',
    staleAfterMs: stale === undefined ? null : stale * 1000,
  };
}

function sparkplug(
  doc: SparkplugAddressDocument,
  source: Extract<FieldSourceDefinition, { kind: 'sparkplug' }>,
  ctx: AddressContext,
): SparkplugAddress {
  const group = doc.group ?? source.group;
  if (group === undefined) throw fail(ctx, 'group', 'needs a Sparkplug group (in the address or the source)');
  if (doc.node === undefined) throw fail(ctx, 'node', 'needs the edge node ("node") that publishes it');
  const metric = template(ctx, 'metric', doc.metric ?? source.metric ?? '{eks}');
  return { group, node: doc.node, device: doc.device ?? null, metric };
}

const REGISTER_WIDTH = { int16: 1, uint16: 1, int32: 2, uint32: 2, float32: 2, float64: 4 } as const;

function modbus(doc: ModbusAddressDocument, ctx: AddressContext): ModbusAddress {
  const { pv } = ctx;
  const valueType = pv.config.valueType;
  if (doc.table === undefined)
    throw fail(ctx, 'table', 'needs a Modbus table (coil, discrete, input or holding)');
  if (doc.address === undefined) throw fail(ctx, 'address', 'needs a Modbus address (0-65535)');
  const writable = pv.ref.type === 'AnaOut' || pv.ref.type === 'DigiOut';
  if (writable && (doc.table === 'input' || doc.table === 'discrete'))
    throw fail(
      ctx,
      'table',
      `${pv.ref.type} is written, but "${doc.table}" is read-only (use holding or coil)`,
    );
  if (valueType === 'CounterValue' && pv.sim.resetable && doc.table === 'input')
    throw fail(ctx, 'table', 'a resetable counter needs a holding register (input registers are read-only)');
  const scaled = doc.factor !== undefined || doc.offset !== undefined || doc.scale !== undefined;
  if (doc.table === 'coil' || doc.table === 'discrete') {
    for (const field of ['type', 'bit', 'byteOrder', 'wordOrder'] as const)
      if (doc[field] !== undefined) throw fail(ctx, field, `not for the bit table "${doc.table}"`);
    if (scaled) throw fail(ctx, 'factor', `a bit of "${doc.table}" cannot be scaled`);
    if (valueType !== 'BoolValue' && valueType !== 'FailureStateValue')
      throw fail(
        ctx,
        'table',
        `${valueType} cannot be carried by a single bit ("${doc.table}"); use a register`,
      );
    return {
      table: doc.table,
      address: doc.address,
      type: 'uint16',
      byteOrder: 'big',
      wordOrder: 'big',
      bit: null,
      factor: 1,
      offset: 0,
    };
  }
  const type = doc.type ?? 'int16';
  if (doc.address + REGISTER_WIDTH[type] > 65_536)
    throw fail(ctx, 'address', `${type} at ${doc.address} runs past register 65535`);
  if (doc.bit !== undefined) {
    if (REGISTER_WIDTH[type] !== 1) throw fail(ctx, 'bit', `a bit needs a 16-bit register, not ${type}`);
    if (valueType !== 'BoolValue' && valueType !== 'FailureStateValue')
      throw fail(ctx, 'bit', `${valueType} cannot be carried by a single bit`);
    if (scaled) throw fail(ctx, 'factor', 'a bit cannot be scaled');
  }
  if ((valueType === 'TimeOfDayValue' || valueType === 'FailureStateValue') && doc.bit === undefined) {
    if (type.startsWith('float'))
      throw fail(ctx, 'type', `${valueType} needs an integer register, not ${type}`);
    if (scaled) throw fail(ctx, 'factor', `${valueType} cannot be scaled`);
  }
  if (doc.scale !== undefined && (doc.factor !== undefined || doc.offset !== undefined))
    throw fail(ctx, 'scale', 'either scale or factor/offset, not both');
  let factor = doc.factor ?? 1;
  let offset = doc.offset ?? 0;
  if (doc.scale !== undefined) {
    const [r0, r1] = doc.scale.raw;
    const [v0, v1] = doc.scale.value;
    if (r0 === r1) throw fail(ctx, 'scale.raw', 'the raw range must not be empty');
    factor = (v1 - v0) / (r1 - r0);
    offset = v0 - r0 * factor;
  }
  if (factor === 0 || !Number.isFinite(factor) || !Number.isFinite(offset))
    throw fail(ctx, 'factor', 'must be a finite number other than 0');
  return {
    table: doc.table,
    address: doc.address,
    type,
    byteOrder: doc.byteOrder ?? 'big',
    wordOrder: doc.wordOrder ?? 'big',
    bit: doc.bit ?? null,
    factor,
    offset,
  };
}

/** NodeId in its string form (OPC UA Part 6, 5.3.1.10). */
const NODE_ID =
  /^(ns=\d{1,5};|nsu=[^;]{1,300};)?(i=\d{1,10}|s=.{1,300}|g=[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}|b=[A-Za-z0-9+/=]{1,300})$/;

function opcua(
  doc: OpcUaAddressDocument,
  source: Extract<FieldSourceDefinition, { kind: 'opcua' }>,
  ctx: AddressContext,
): OpcUaAddress {
  const text = doc.nodeId ?? source.nodeId;
  if (text === undefined) throw fail(ctx, 'nodeId', 'needs the NodeId of its variable ("nodeId")');
  const nodeId = template(ctx, 'nodeId', text);
  if (!NODE_ID.test(nodeId))
    throw fail(ctx, 'nodeId', `${JSON.stringify(nodeId)} is not a NodeId (e.g. ns=2;s=Tank.Level)`);
  if (doc.deadband !== undefined && ctx.pv.config.valueType !== 'DoubleValue')
    throw fail(ctx, 'deadband', `a deadband is for analog values, not ${ctx.pv.config.valueType}`);
  if (doc.deadband?.type === 'percent' && doc.deadband.value > 100)
    throw fail(ctx, 'deadband.value', 'a percent deadband lies within 0..100');
  return {
    nodeId,
    samplingIntervalMs: doc.samplingIntervalMs ?? null,
    queueSize: doc.queueSize ?? null,
    deadband: doc.deadband ?? null,
  };
}

/** Checks a PV's address against its source's kind and applies the defaults. */
export function resolveAddress(
  source: FieldSourceDefinition,
  written: Record<string, unknown>,
  ctx: AddressContext,
): PvBinding {
  try {
    validate(ADDRESS_SCHEMAS[source.kind], written, '');
  } catch (error) {
    if (!(error instanceof PlantDefinitionError)) throw error;
    throw fail(ctx, error.path, `${error.reason} (address on ${source.kind} source "${source.id}")`);
  }
  const base = { key: ctx.pv.key, ref: ctx.pv.ref, sourceId: source.id };
  switch (source.kind) {
    case 'mqtt':
      return { ...base, kind: 'mqtt', address: mqtt(written, source, ctx) };
    case 'sparkplug':
      return { ...base, kind: 'sparkplug', address: sparkplug(written, source, ctx) };
    case 'modbus':
      return { ...base, kind: 'modbus', address: modbus(written, ctx) };
    case 'opcua':
      return { ...base, kind: 'opcua', address: opcua(written, source, ctx) };
  }
}
