import type { ProcessValue, PvRef } from '@leitwarte/core';

/** Connection state of a data source to the field (reported on the server-status channel). */
export type ConnectionState = 'Connected' | 'Disconnected' | 'Connecting';

/** A value to write to the field: an AnaOut/DigiOut setpoint, a counter reset, a runtime, ... */
export interface FieldWrite {
  ref: PvRef;
  value: ProcessValue;
}

/**
 * Where process values come from. The simulator is the default; field connectors (MQTT,
 * Modbus, ...) implement the same contract. Writes are answered by value changes, exactly as
 * a real plant answers them.
 */
export interface DataSource {
  start(): Promise<void>;
  stop(): Promise<void>;
  write(writes: readonly FieldWrite[]): Promise<void>;
  onValues(listener: (values: readonly ProcessValue[]) => void): () => void;
  connectionState(): ConnectionState;
  onConnectionState(listener: (state: ConnectionState) => void): () => void;
}
