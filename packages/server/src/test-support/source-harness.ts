import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ProcessValue } from '@leitwarte/core';
import type { PlantDefinition } from '../plant/index.js';
import type { ConnectionState, StationUpdate } from '../sources/data-source.js';
import type { OperatedSource } from '../sources/field/field-types.js';
import { createPlantSources, type PlantSources } from '../sources/plant-sources.js';
import { waitFor } from './peers/free-port.js';

export interface SourceHarness extends PlantSources {
  dataDir: string;
  /** The one field source of the plant. */
  field: OperatedSource;
  latest(key: string): ProcessValue | undefined;
  /** Every value each PV received, in order. */
  history(key: string): ProcessValue[];
  archived: ProcessValue[];
  station(number: number): StationUpdate | undefined;
  states: ConnectionState[];
  logs: string[];
  waitValue(
    key: string,
    check: (value: ProcessValue) => boolean,
    what?: string,
    timeoutMs?: number,
  ): Promise<ProcessValue>;
  waitStation(number: number, dialState: string, timeoutMs?: number): Promise<StationUpdate>;
  close(): Promise<void>;
}

/** The sources of a plant started on a fresh data directory, with everything they report recorded. */
export async function startSources(definition: PlantDefinition): Promise<SourceHarness> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'leitwarte-sources-'));
  const logs: string[] = [];
  const log = {
    info: (m: string) => logs.push(m),
    warn: (m: string) => logs.push(m),
    error: (m: string) => logs.push(m),
  };
  const sources = await createPlantSources({ definition, dataDir, log });
  const values = new Map<string, ProcessValue[]>();
  const stations = new Map<number, StationUpdate>();
  const archived: ProcessValue[] = [];
  const states: ConnectionState[] = [];
  sources.source.onValues((batch) => {
    for (const v of batch) {
      const key = `${v.pvRef.type}-${v.pvRef.nr}`;
      values.set(key, [...(values.get(key) ?? []), v]);
    }
  });
  sources.source.onHistory?.((batch) => archived.push(...batch));
  sources.source.onStations?.((updates) => updates.forEach((u) => stations.set(u.stationNumber, u)));
  sources.source.onConnectionState((s) => states.push(s));
  await sources.source.start();
  const field = sources.registry.list().find((s) => s.status().kind !== 'simulator');
  if (!field) throw new Error('the plant has no field source');
  const latest = (key: string) => values.get(key)?.at(-1);
  return {
    ...sources,
    dataDir,
    field,
    latest,
    history: (key) => values.get(key) ?? [],
    archived,
    station: (n) => stations.get(n),
    states,
    logs,
    waitValue: (key, check, what = `a value of ${key}`, timeoutMs) =>
      waitFor(
        what,
        () => {
          const v = latest(key);
          return v !== undefined && check(v) ? v : undefined;
        },
        timeoutMs,
      ),
    waitStation: (n, dialState, timeoutMs) =>
      waitFor(
        `station ${n} ${dialState}`,
        () => (stations.get(n)?.dialState === dialState ? stations.get(n) : undefined),
        timeoutMs,
      ),
    async close() {
      await sources.source.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The number of a PV value of any kind (for assertions). */
export function numberOf(value: ProcessValue | undefined): number | boolean | null {
  if (!value) return null;
  switch (value.type) {
    case 'BoolValue':
      return value.boolValue;
    case 'DoubleValue':
      return value.doubleValue;
    case 'FailureStateValue':
      return value.failureStateValue;
    case 'CounterValue':
      return value.counterValue.value;
    case 'RuntimeValue':
      return value.runtimeValue.value;
    case 'TimeOfDayValue':
      return value.timeOfDayValue.hour * 256 + value.timeOfDayValue.minutes;
  }
}
