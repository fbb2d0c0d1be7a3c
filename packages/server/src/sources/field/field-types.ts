import type { ProcessValue, Quality } from '@leitwarte/core';
import type { PvDefinition, StationDefinition } from '../../plant/definition-types.js';
import type { ConnectionState, DataSource } from '../data-source.js';
import type { SourceKind } from '../definition/source-schemas.js';
import type { FieldSourceDefinition, PvBinding } from '../definition/sources-definition.js';

/** A value as a protocol delivers it, before it becomes a PV's value kind. */
export type RawValue = number | boolean | string | bigint;

/** What an operator and Prometheus see of a source. */
export interface SourceCounters {
  /** Messages received (MQTT, Sparkplug, OPC UA notifications). */
  messages: number;
  /** Read requests answered (Modbus polls, OPC UA reads). */
  reads: number;
  /** Writes confirmed by the device. */
  writes: number;
  errors: number;
  /** Connections established after the first. */
  reconnects: number;
}

export interface SourceStatus {
  id: string;
  name: string;
  kind: SourceKind | 'simulator';
  state: ConnectionState;
  /** When the state last changed (ms). */
  since: number;
  lastError: { message: string; at: number } | null;
  counters: SourceCounters;
  pvs: number;
  /** PVs whose latest value is Bad. */
  badPvs: number;
  /** PVs without any value since the server started. */
  noValuePvs: number;
  stations: number;
  /** Where the source connects to (no credentials). */
  target: string;
}

/** A node of an address space, for picking PVs' NodeIds (OPC UA). */
export interface BrowseNode {
  nodeId: string;
  browseName: string;
  displayName: string;
  nodeClass: string;
  /** Data type of a variable, else null. */
  dataType: string | null;
  hasChildren: boolean;
}

/** A data source that an administrator sees and restarts, with its counters. */
export interface OperatedSource extends DataSource {
  readonly id: string;
  status(): SourceStatus;
  restart(): Promise<void>;
  browse?(nodeId: string | null): Promise<BrowseNode[]>;
}

/** One write as a protocol sends it. */
export interface AdapterWrite {
  binding: PvBinding;
  pv: PvDefinition;
  value: ProcessValue;
  raw: RawValue;
}

/** What a protocol adapter reports to the source around it. */
export interface AdapterContext<S extends FieldSourceDefinition = FieldSourceDefinition> {
  readonly source: S;
  /** The plant's id (client ids of broker connections). */
  readonly plantId: string;
  readonly bindings: readonly PvBinding[];
  readonly pvs: ReadonlyMap<string, PvDefinition>;
  readonly stations: readonly StationDefinition[];
  readonly dataDir: string;
  readonly log: SourceLog;
  now(): number;
  /** A value read or received for a PV (timestamp: the device's, else now). */
  receive(key: string, raw: RawValue, quality: Quality, timestamp?: number): void;
  /** A value the device buffered and sends late: it belongs in the archive, not on the screens. */
  receiveHistory(key: string, raw: RawValue, quality: Quality, timestamp: number): void;
  /** These PVs are Bad now (a device died, a read failed), keeping their last value. */
  markBad(keys: Iterable<string>): void;
  count(counter: 'messages' | 'reads', n?: number): void;
  /** Something went wrong that the operator should see as the source's last error. */
  error(message: string): void;
  /** Station reachability of the session changed (stationReachable answers differently). */
  stationsChanged(): void;
  /**
   * The connection broke, but the protocol's own client is restoring it (OPC UA: the same session
   * and subscriptions): everything is Bad until resume().
   */
  suspend(cause: Error): void;
  /** The protocol's client restored the connection. */
  resume(): void;
}

/** An open connection of a protocol. */
export interface ProtocolSession {
  /**
   * Sends writes. Protocols that answer requests (Modbus, OPC UA) read the values back and
   * report them through receive(); the others' devices report them on their own.
   */
  write(writes: readonly AdapterWrite[]): Promise<void>;
  close(): Promise<void>;
  /**
   * Whether a station's own device is up (Sparkplug edge node, MQTT availability); null while it
   * is not known yet (no alert for a device that has not reported since the connection opened).
   */
  stationReachable?(stationNumber: number): boolean | null;
}

export interface ProtocolAdapter {
  /** Opens a connection; `lost` is called once when it breaks afterwards. */
  connect(lost: (error: Error) => void): Promise<ProtocolSession>;
  /** The value as the device will hold it (e.g. rounded to float32 or to the register's step). */
  quantise?(binding: PvBinding, value: ProcessValue): ProcessValue;
  /** Browses the address space of an open session (OPC UA). */
  browse?(nodeId: string | null): Promise<BrowseNode[]>;
  /** Where it connects to, for the status (never credentials). */
  target(): string;
  /**
   * Re-reads what it keeps between connections (trusted certificates), so a restart sees an
   * administrator's changes at once.
   */
  reload?(): Promise<void>;
  /** Frees what it keeps between connections (file watchers) when the source stops. */
  release?(): Promise<void>;
}

export interface SourceLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
