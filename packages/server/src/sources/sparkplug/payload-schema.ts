import protobuf from 'protobufjs';

/**
 * The part of the Sparkplug B payload (Eclipse Sparkplug 3.0, `org.eclipse.tahu.protobuf.Payload`)
 * a host application reads and writes: the payload's time, sequence and metrics; a metric's name,
 * alias, time, data type, historical and null flags, properties (for Quality) and scalar value.
 * Field numbers are the specification's, so payloads decode whatever else they carry
 * (datasets, templates, metadata are skipped as unknown fields).
 */
const PropertyValue = new protobuf.Type('PropertyValue')
  .add(new protobuf.Field('type', 1, 'uint32'))
  .add(new protobuf.Field('isNull', 2, 'bool'))
  .add(new protobuf.Field('intValue', 3, 'uint32'))
  .add(new protobuf.Field('longValue', 4, 'uint64'))
  .add(new protobuf.Field('floatValue', 5, 'float'))
  .add(new protobuf.Field('doubleValue', 6, 'double'))
  .add(new protobuf.Field('booleanValue', 7, 'bool'))
  .add(new protobuf.Field('stringValue', 8, 'string'));

const PropertySet = new protobuf.Type('PropertySet')
  .add(new protobuf.Field('keys', 1, 'string', 'repeated'))
  .add(new protobuf.Field('values', 2, 'PropertyValue', 'repeated'));

const Metric = new protobuf.Type('Metric')
  .add(new protobuf.Field('name', 1, 'string'))
  .add(new protobuf.Field('alias', 2, 'uint64'))
  .add(new protobuf.Field('timestamp', 3, 'uint64'))
  .add(new protobuf.Field('datatype', 4, 'uint32'))
  .add(new protobuf.Field('isHistorical', 5, 'bool'))
  .add(new protobuf.Field('isTransient', 6, 'bool'))
  .add(new protobuf.Field('isNull', 7, 'bool'))
  .add(new protobuf.Field('properties', 9, 'PropertySet'))
  .add(new protobuf.Field('intValue', 10, 'uint32'))
  .add(new protobuf.Field('longValue', 11, 'uint64'))
  .add(new protobuf.Field('floatValue', 12, 'float'))
  .add(new protobuf.Field('doubleValue', 13, 'double'))
  .add(new protobuf.Field('booleanValue', 14, 'bool'))
  .add(new protobuf.Field('stringValue', 15, 'string'))
  .add(new protobuf.Field('bytesValue', 16, 'bytes'))
  .add(
    new protobuf.OneOf('value', [
      'intValue',
      'longValue',
      'floatValue',
      'doubleValue',
      'booleanValue',
      'stringValue',
      'bytesValue',
    ]),
  );

const Payload = new protobuf.Type('Payload')
  .add(new protobuf.Field('timestamp', 1, 'uint64'))
  .add(new protobuf.Field('metrics', 2, 'Metric', 'repeated'))
  .add(new protobuf.Field('seq', 3, 'uint64'))
  .add(new protobuf.Field('uuid', 4, 'string'))
  .add(new protobuf.Field('body', 5, 'bytes'));

new protobuf.Root()
  .define('org.eclipse.tahu.protobuf')
  .add(PropertyValue)
  .add(PropertySet)
  .add(Metric)
  .add(Payload)
  .resolveAll();

export { Payload as PayloadType };

/** A uint64 as protobufjs decodes it (a Long) or as it was set (a number). */
export type U64 =
  number | { toNumber(): number; low: number; high: number; unsigned: boolean } | null | undefined;

export interface PropertyValueMessage {
  type?: number;
  isNull?: boolean;
  intValue?: number;
  longValue?: U64;
  floatValue?: number;
  doubleValue?: number;
  booleanValue?: boolean;
  stringValue?: string;
}

export interface MetricMessage {
  name?: string;
  alias?: U64;
  timestamp?: U64;
  datatype?: number;
  isHistorical?: boolean;
  isTransient?: boolean;
  isNull?: boolean;
  properties?: { keys?: string[]; values?: PropertyValueMessage[] } | null;
  intValue?: number;
  longValue?: U64;
  floatValue?: number;
  doubleValue?: number;
  booleanValue?: boolean;
  stringValue?: string;
  bytesValue?: Uint8Array;
  value?: string;
}

export interface PayloadMessage {
  timestamp?: U64;
  metrics?: MetricMessage[];
  seq?: U64;
}
