import type { PvConfig, PvNode, PvRef, ProcessValue, Station } from '@leitwarte/core';
import type {
  ArchivedValue,
  ConnectionState,
  DialAction,
  FieldWrite,
  HistoryOptions,
  SourceHistory,
} from '../sources/data-source.js';
import type { PlantInfo } from './definition-schema.js';

/** Live process values of the plant: the latest value per PV and a change feed. */
export interface PlantValues {
  /** Latest value of a PV by key `Type-nr`; undefined when the PV has none yet. */
  get(key: string): ProcessValue | undefined;
  /** Latest values of all PVs. */
  all(): Iterable<ProcessValue>;
  /** Called with every batch of changed values, in the order the data source produced them. */
  onChange(listener: (changes: readonly ProcessValue[]) => void): () => void;
  /**
   * Values that belong only in the archive: a device's buffered data sent late (at their own,
   * older times). They never replace a live value.
   */
  onArchive(listener: (values: readonly ProcessValue[]) => void): () => void;
}

/** The plant model: stations, PV configs and live values, fed by a data source. */
export interface Plant {
  readonly values: PlantValues;
  /** Plant metadata of the definition (ID, name, operator, ...; for the About page). */
  readonly info: PlantInfo;
  stations(): readonly Station[];
  station(stationNumber: number): Station | undefined;
  /** Called with the stations whose dial state, times or dial counters changed. */
  onStationChange(listener: (changed: readonly Station[]) => void): () => void;
  /**
   * Several processes, in one that does not run the field: takes the owner's values and station
   * states without telling any listener (the owner published them). A value or a station older
   * (by its timestamp) than the one held is ignored, so a snapshot never undoes a newer change.
   */
  mirror(values: Iterable<ProcessValue>, stations: readonly Station[]): void;
  pvConfigs(): readonly PvConfig[];
  /** Config of a PV by key `Type-nr`. */
  config(key: string): PvConfig | undefined;
  /** The PV tree: stations with their PVs grouped by subtype. */
  tree(): readonly PvNode[];
  /** Station a PV belongs to (decoded nr for station-encoded types, the definition otherwise). */
  stationOf(ref: PvRef): number | null;
  /**
   * Passes writes to the field; rejects unknown PVs and whatever the source refuses. Callers
   * validate rights and domain first; the new values arrive through `values.onChange`.
   */
  write(writes: readonly FieldWrite[]): Promise<void>;
  /** Dials a station (Connect, Disconnect, Status); the result arrives through onStationChange. */
  dial(stationNumber: number, action: DialAction): Promise<void>;
  connectionState(): ConnectionState;
  onConnectionState(listener: (state: ConnectionState) => void): () => void;
  /** Drops (false) or restores (true) the data source's connection, where the source can. */
  setSourceConnected?(connected: boolean): void;
  /** Before start(): the source continues from the archived state, where it can (the simulator). */
  resume?(values: ReadonlyMap<string, ArchivedValue>): void;
  /** Before start(): the source runs over a past span and tells it, where it can (the simulator). */
  history?(from: number, to: number, options?: HistoryOptions): SourceHistory;
  start(): Promise<void>;
  stop(): Promise<void>;
}
