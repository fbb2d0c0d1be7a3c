import type { PvRef } from '@leitwarte/core';
import type {
  ModbusSourceDocument,
  ModbusTable,
  ModbusType,
  MqttSourceDocument,
  OpcUaSourceDocument,
  SourceKind,
  SparkplugSourceDocument,
} from './source-schemas.js';

/** A field source of the plant file with the directory its relative paths (TLS files) start from. */
export type FieldSourceDefinition =
  | (MqttSourceDocument & { baseDir: string })
  | (SparkplugSourceDocument & { baseDir: string })
  | (ModbusSourceDocument & { baseDir: string })
  | (OpcUaSourceDocument & { baseDir: string });

export interface MqttAddress {
  topic: string;
  /** null: the PV is not written over MQTT. */
  writeTopic: string | null;
  payload: 'json' | 'text';
  valuePath: string;
  timestampPath: string;
  qualityPath: string;
  staleAfterMs: number | null;
}

export interface SparkplugAddress {
  group: string;
  node: string;
  /** null: a metric of the edge node itself. */
  device: string | null;
  metric: string;
}

export interface ModbusAddress {
  table: ModbusTable;
  address: number;
  type: ModbusType;
  byteOrder: 'big' | 'little';
  wordOrder: 'big' | 'little';
  bit: number | null;
  /** Engineering value = raw × factor + offset. */
  factor: number;
  offset: number;
}

export interface OpcUaAddress {
  nodeId: string;
  samplingIntervalMs: number | null;
  queueSize: number | null;
  deadband: { type: 'absolute' | 'percent'; value: number } | null;
}

/** Where one PV is on its field source, with every default applied. */
export type PvBinding = { key: string; ref: PvRef; sourceId: string } & (
  | { kind: 'mqtt'; address: MqttAddress }
  | { kind: 'sparkplug'; address: SparkplugAddress }
  | { kind: 'modbus'; address: ModbusAddress }
  | { kind: 'opcua'; address: OpcUaAddress }
);

/** Which source feeds which station and PV: the simulator unless the plant file says otherwise. */
export interface SourcesDefinition {
  sources: FieldSourceDefinition[];
  /** Station number → source id of its connection state ("simulator" for simulated stations). */
  stationSource: Map<number, string>;
  /** PV key → binding, for every PV on a field source (the others are the simulator's). */
  bindings: Map<string, PvBinding>;
}

export type BindingOf<K extends SourceKind> = Extract<PvBinding, { kind: K }>;
