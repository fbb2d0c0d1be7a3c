import { pvKey, type RuebEvent } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../store/index.js';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { DEMO_CONTENT_DIR } from '../content-file.js';
import { simulatedDemoPlant, type SimulatedPlant } from '../maintenance/simulated-plant.js';
import { loadRuebContent, loadSebamContent } from './rueb-content.js';
import { createRuebService, createSebamService, type RuebService } from './rueb-service.js';

describe.each(BOTH_DIALECTS)('stormwater overflow basins of the simulated demo plant on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let sim: SimulatedPlant;
  let rueb: RuebService;
  const seen: RuebEvent[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    // Frequent rain and 10-second steps: a storm that makes Talheim spill comes within days.
    sim = await simulatedDemoPlant({ seed: 3, rates: { rainEventsPerDay: 12 }, tickMs: 10_000 });
    const configs = loadRuebContent(DEMO_CONTENT_DIR, sim.plant);
    rueb = await createRuebService({
      store,
      plant: sim.plant,
      configs,
      timeZone: sim.definition.info.timeZone,
    });
    rueb.onRuebEvent((e) => seen.push(e));
  });
  afterAll(async () => {
    rueb.stop();
    await rueb.idle();
    await sim.plant.stop();
    await store.close();
    await database.drop();
  });

  it('configures both basins with volume, threshold and PVs', () => {
    expect(rueb.configs().map((c) => [c.id, c.stationNr, c.volume])).toEqual([
      ['rueb-th', 9, 880],
      ['rueb-au', 10, 630],
    ]);
    expect(pvKey(rueb.configs()[0]!.overflowPv!)).toBe('DigiIn-900012');
  });

  it('detects an overflow event from a simulated rain event: start, end, duration, volume, max level', async () => {
    const counterBefore = sim.plant.values.get('ZaehlWert-9010');
    // Watch the field's overflow input: spilling, then no longer spilling.
    let spilled = false;
    let ended = false;
    const off = sim.plant.values.onChange((batch) => {
      for (const v of batch) {
        if (pvKey(v.pvRef) !== 'DigiIn-900012' || v.type !== 'BoolValue') continue;
        if (v.boolValue) spilled = true;
        else if (spilled) ended = true;
      }
    });
    expect(sim.runUntil(() => ended, 10 * 24 * 3600, 10)).toBe(true);
    off();
    await rueb.idle();
    const opened = seen.find((e) => e.basinId === 'rueb-th' && e.end === null)!;
    const event = seen.find((e) => e.basinId === 'rueb-th' && e.end !== null)!;
    expect(event.id).toBe(opened.id);
    expect(event.duration).toBe((event.end! - event.start) / 1000);
    expect(event.duration).toBeGreaterThan(0);
    expect(event.overflowVolume).toBeGreaterThan(0);
    expect(event.maxLevel).toBeGreaterThanOrEqual(3.9);
    const counterAfter = sim.plant.values.get('ZaehlWert-9010');
    if (counterBefore?.type === 'CounterValue' && counterAfter?.type === 'CounterValue') {
      expect(event.overflowVolume).toBeLessThanOrEqual(
        counterAfter.counterValue.value - counterBefore.counterValue.value + 1e-6,
      );
    }

    const start = new Date(event.start);
    const inMonth = await rueb.events(9, start.getUTCFullYear(), start.getUTCMonth() + 1);
    expect(inMonth.map((e) => e.id)).toContain(event.id);
    expect(inMonth.find((e) => e.id === event.id)).toMatchObject({
      end: event.end,
      overflowVolume: event.overflowVolume,
    });
    expect((await rueb.events(9, start.getUTCFullYear(), 0)).map((e) => e.id)).toContain(event.id);
    expect(await rueb.events(10, 2024, 6)).toEqual([]);
    expect((await rueb.events(-1, start.getUTCFullYear(), 0)).length).toBeGreaterThanOrEqual(1);
    await expect(rueb.events(9, 2025, 13)).rejects.toThrow(/Monat/);
  });

  it('lists the Sebam configs of the wastewater pumping stations', () => {
    const sebam = createSebamService(loadSebamContent(DEMO_CONTENT_DIR, sim.plant));
    expect(sebam.configs().map((c) => c.stationNr)).toEqual([6, 7, 8]);
    expect(sebam.configs()[0]!.bindings[0]).toMatchObject({
      role: 'level',
      pvRef: { type: 'AnaIn', nr: 600010 },
    });
  });
});
