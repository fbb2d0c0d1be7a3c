import type { PlantDefinition } from '../plant/definition-types.js';
import type { ConnectionState } from './data-source.js';
import type { OperatedSource, SourceCounters } from './field/field-types.js';
import { SIMULATOR_SOURCE_ID } from './definition/source-schemas.js';
import type { Simulator } from './simulator/index.js';

/** The simulator as the administration screen and the metrics see it: state, counters, restart. */
export function operatedSimulator(
  sim: Simulator,
  definition: PlantDefinition,
  owns: { pvs: number; stations: number },
  now: () => number = Date.now,
): OperatedSource & Pick<Simulator, 'setConnected'> {
  const counters: SourceCounters = { messages: 0, reads: 0, writes: 0, errors: 0, reconnects: 0 };
  let since = now();
  let lastError: { message: string; at: number } | null = null;
  let bad = new Set<string>();
  let everConnected = false;
  sim.onConnectionState((state: ConnectionState) => {
    since = now();
    if (state === 'Connected') {
      if (everConnected) counters.reconnects++;
      everConnected = true;
    }
  });
  sim.onValues((values) => {
    counters.messages += values.length;
    for (const v of values) {
      const key = `${v.pvRef.type}-${v.pvRef.nr}`;
      if (v.quality === 'Bad') bad.add(key);
      else if (bad.size > 0) bad.delete(key);
    }
  });
  return {
    ...sim,
    id: SIMULATOR_SOURCE_ID,
    async write(writes) {
      try {
        await sim.write(writes);
        counters.writes += writes.length;
      } catch (error) {
        counters.errors++;
        lastError = { message: (error as Error).message, at: now() };
        throw error;
      }
    },
    async restart() {
      await sim.stop();
      bad = new Set();
      await sim.start();
    },
    status: () => ({
      id: SIMULATOR_SOURCE_ID,
      name: definition.info.name,
      kind: 'simulator',
      state: sim.connectionState(),
      since,
      lastError,
      counters: { ...counters },
      pvs: owns.pvs,
      badPvs: Math.min(bad.size, owns.pvs),
      noValuePvs: 0,
      stations: owns.stations,
      target: 'simulator',
    }),
  };
}
