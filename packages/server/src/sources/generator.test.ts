import { decodePvNr, isStationEncoded } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadMaintenanceContent } from '../plant/maintenance/index.js';
import { generateMaintenanceDocument, generatePlantDefinition } from './generator.js';
import { createSimulator, QUIET_RATES } from './index.js';

describe('plant generator', () => {
  it.each([
    [1, 1],
    [3, 5],
    [2, 31],
    [7, 100],
    [2, 2500],
  ])('%i stations × %i PVs gives exactly that many', (stations, pvsPerStation) => {
    const definition = generatePlantDefinition({ stations, pvsPerStation, seed: 3 });
    expect(definition.stations).toHaveLength(stations);
    expect(definition.pvs).toHaveLength(stations * pvsPerStation);
    for (const station of definition.stations) {
      expect(definition.pvs.filter((p) => p.station === station.number)).toHaveLength(pvsPerStation);
    }
    for (const pv of definition.pvs)
      if (isStationEncoded(pv.ref.type)) expect(decodePvNr(pv.ref).station).toBe(pv.station);
  });

  it('is deterministic per seed', () => {
    const a = generatePlantDefinition({ stations: 4, pvsPerStation: 60, seed: 9 });
    expect(generatePlantDefinition({ stations: 4, pvsPerStation: 60, seed: 9 })).toEqual(a);
    expect(generatePlantDefinition({ stations: 4, pvsPerStation: 60, seed: 10 })).not.toEqual(a);
  });

  it('builds 1,000 stations × 100 PVs quickly, and the simulator runs it', async () => {
    const started = performance.now();
    const definition = generatePlantDefinition({ stations: 1000, pvsPerStation: 100, seed: 1 });
    expect(definition.pvs).toHaveLength(100_000);
    expect(performance.now() - started).toBeLessThan(10_000);
    let t = Date.UTC(2025, 0, 15, 12, 0, 0);
    const sim = createSimulator(definition, { now: () => t, autoTick: false, rates: QUIET_RATES });
    let count = 0;
    sim.onValues((batch) => (count += batch.length));
    await sim.start();
    expect(count).toBe(100_000);
    count = 0;
    t += 1000;
    sim.step();
    expect(count).toBeGreaterThan(1000);
  });

  it('refuses impossible sizes', () => {
    expect(() => generatePlantDefinition({ stations: 0, pvsPerStation: 10 })).toThrow(RangeError);
    expect(() => generatePlantDefinition({ stations: 1, pvsPerStation: 1.5 })).toThrow(RangeError);
    expect(() => generatePlantDefinition({ stations: 1, pvsPerStation: 200_000 })).toThrow(RangeError);
  });

  it('gives every pump service messages for its hours and cycles that load as maintenance content', () => {
    const definition = generatePlantDefinition({ stations: 3, pvsPerStation: 32, seed: 2 });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-generated-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'maintenance.json'),
        JSON.stringify(generateMaintenanceDocument(definition)),
      );
      const byKey = new Map(definition.pvs.map((pv) => [pv.key, pv.config]));
      const content = loadMaintenanceContent(dir, { config: (key) => byKey.get(key) }, 'Europe/Berlin');
      // 3 stations × 2 pumps × (hours, cycles) × (pre-warning, due).
      expect(content.configs).toHaveLength(24);
      const pump = definition.units.find((u) => u.kind === 'pump');
      const hours = definition.pvs.find((pv) => pv.key === pump?.pvs.hours);
      const due = content.configs.find(
        (c) => c.pvRef.type === hours?.ref.type && c.pvRef.nr === hours?.ref.nr && c.type === 'Top',
      );
      expect(due).toMatchObject({ dimension: 'Hours', runtimeHours: hours?.sim.runtimeLimits?.upper });
      expect(due?.message).toContain(pump?.name);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
