import type { ProcessValue, PvRef, Station } from '@leitwarte/core';

/**
 * Connection state of a data source to the field (reported on the server-status channel).
 * Degraded: of a plant's several sources, some are connected and some are not.
 */
export type ConnectionState = 'Connected' | 'Disconnected' | 'Connecting' | 'Degraded';

/** A value to write to the field: an AnaOut/DigiOut setpoint, a counter reset, a runtime, ... */
export interface FieldWrite {
  ref: PvRef;
  value: ProcessValue;
}

/** A PV's archived number (core's archivedNumber) and when it was archived. */
export interface ArchivedValue {
  t: number;
  v: number;
}

/**
 * What a source that can tell its own past (the simulator) did over a span: per PV its
 * archived number every minute, and the station updates with their times.
 */
export interface SourceHistory {
  /** Time of the first minute; entry k of a column is at from + k minutes. */
  from: number;
  minutes: number;
  /** PV keys in the order of `columns`. */
  keys: string[];
  /** Per PV one number a minute; NaN where the reading was Bad (no measurement, not archived). */
  columns: Float64Array[];
  /** Station updates in time order. */
  stations: { t: number; updates: StationUpdate[] }[];
}

export interface HistoryOptions {
  /** Model step. Default 10 s. */
  stepMs?: number;
  /**
   * Called with the state at `from` (by PV key); what it returns is put into the model before
   * the run, e.g. levels that continue an older history.
   */
  prepare?: (initial: ReadonlyMap<string, number>) => ReadonlyMap<string, ArchivedValue> | undefined;
}

/** Dial actions of screens §9 ("Dial confirmation actions"). */
export type DialAction = 'Connect' | 'Disconnect' | 'Status';

/** The part of a station that its data source reports: dial state, times, dial counters. */
export type StationUpdate = Pick<
  Station,
  'stationNumber' | 'dialState' | 'timestamp' | 'lastConnection' | 'dialCounters'
>;

/**
 * Where process values come from. The simulator is the default; field connectors (MQTT,
 * Modbus, ...) implement the same contract. Writes are answered by value changes, exactly as
 * a real plant answers them.
 */
export interface DataSource {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Applies all writes or none; rejects with the reason when one of them is refused. */
  write(writes: readonly FieldWrite[]): Promise<void>;
  onValues(listener: (values: readonly ProcessValue[]) => void): () => void;
  /**
   * Values a device buffered and sent late (e.g. Sparkplug historical metrics): they belong in the
   * archive at their own time, not on the screens. A source without such values omits it.
   */
  onHistory?(listener: (values: readonly ProcessValue[]) => void): () => void;
  connectionState(): ConnectionState;
  onConnectionState(listener: (state: ConnectionState) => void): () => void;
  /** Station state changes; a source without stations of its own omits it. */
  onStations?(listener: (updates: readonly StationUpdate[]) => void): () => void;
  /** Dials a station; answered by station updates. A source that cannot dial omits it. */
  dial?(stationNumber: number, action: DialAction): Promise<void>;
  /**
   * Before start(): continue from the state the archive last recorded (by PV key), not from the
   * definition's starting values. A field source reports the field as it is and omits it.
   */
  resume?(values: ReadonlyMap<string, ArchivedValue>): void;
  /**
   * Before start(): runs the source over [from, to) and tells what it did; start() then goes on
   * from there. Only a source that makes its values (the simulator) has it.
   */
  history?(from: number, to: number, options?: HistoryOptions): SourceHistory;
}
