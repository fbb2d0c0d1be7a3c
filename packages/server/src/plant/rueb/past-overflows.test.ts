import { DAY_MS, pvKey } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, DEFAULT_RATES } from '../../sources/index.js';
import { openStore, type Store } from '../../store/index.js';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { DEMO_CONTENT_DIR } from '../content-file.js';
import { createPlant } from '../create-plant.js';
import { DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import { SIMULATION_START, simulatedDemoPlant, type SimulatedPlant } from '../maintenance/simulated-plant.js';
import { pastOverflows } from './past-overflows.js';
import { loadRuebContent } from './rueb-content.js';
import { createRuebService, type RuebService } from './rueb-service.js';

/** The demo plant's simulator telling the week before `end` as the server does on a fresh store. */
function toldWeek(end: number) {
  const definition = loadPlantDefinition(DEMO_PLANT_PATH);
  const source = createSimulator(definition, { rates: DEFAULT_RATES, now: () => end, autoTick: false });
  const plant = createPlant({ definition, source, now: () => end });
  const history = plant.history!(end - 7 * DAY_MS, end, { stepMs: 30_000 });
  return { history, configs: loadRuebContent(DEMO_CONTENT_DIR, plant) };
}

describe('overflow events of a told history', () => {
  const end = SIMULATION_START;
  const { history, configs } = toldWeek(end);
  const overflows = pastOverflows(configs, history);
  const columnOf = (key: string) => history.columns[history.keys.indexOf(key)]!;
  const minuteOf = (t: number) => (t - history.from) / 60_000;

  it('finds the spills a week of the demo plant has, as the annual report needs them', () => {
    expect(overflows.length).toBeGreaterThan(0);
    expect(overflows.every((o) => o.figures.start >= history.from && o.figures.start < end)).toBe(true);
  });

  it('opens each event at the minute the overflow input turns on and closes it when it turns off', () => {
    for (const o of overflows) {
      const basin = configs.find((c) => c.id === o.basinId)!;
      const input = columnOf(pvKey(basin.overflowPv!));
      const first = minuteOf(o.figures.start);
      expect(input[first]).toBe(1);
      if (first > 0) expect(input[first - 1]).toBe(0);
      if (o.end === null) continue;
      const last = minuteOf(o.end);
      expect(input[last]).toBe(0);
      for (let k = first; k < last; k++) expect(input[k]).toBe(1);
    }
  });

  it("takes the volume from the overflow counter's advance and the highest level while spilling", () => {
    for (const o of overflows.filter((e) => e.end !== null)) {
      const basin = configs.find((c) => c.id === o.basinId)!;
      const counter = columnOf(pvKey(basin.overflowVolumePv!));
      const level = columnOf(pvKey(basin.levelPv!));
      const first = minuteOf(o.figures.start);
      const last = minuteOf(o.end!);
      expect(o.figures.overflowVolume).toBeCloseTo(counter[last]! - counter[first]!, 6);
      expect(o.figures.overflowVolume).toBeGreaterThan(0);
      expect(o.figures.maxLevel).toBe(Math.max(...level.slice(first, last + 1)));
      expect(o.figures.maxLevel).toBeGreaterThanOrEqual(basin.overflowThreshold - 0.5);
    }
  });
});

describe.each(BOTH_DIALECTS)('overflows of a told history recorded on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let sim: SimulatedPlant;
  let rueb: RuebService;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    sim = await simulatedDemoPlant({ tickMs: 10_000 });
    rueb = await createRuebService({
      store,
      plant: sim.plant,
      configs: loadRuebContent(DEMO_CONTENT_DIR, sim.plant),
      timeZone: sim.definition.info.timeZone,
    });
  });
  afterAll(async () => {
    rueb.stop();
    await rueb.idle();
    await sim.plant.stop();
    await store.close();
    await database.drop();
  });

  it('stores the closed ones as they were and goes on with one still spilling until it stops live', async () => {
    const t = sim.now();
    await rueb.recordPast([
      {
        basinId: 'rueb-th',
        figures: { start: t - 3 * 3_600_000, maxLevel: 4.12, overflowVolume: 210.5 },
        end: t - 2 * 3_600_000,
      },
      { basinId: 'rueb-au', figures: { start: t - 600_000, maxLevel: 3.61, overflowVolume: 12 }, end: null },
    ]);
    const year = new Date(t).getUTCFullYear();
    const stored = await rueb.events(-1, year, 0);
    expect(stored.map((e) => [e.basinId, e.start, e.end, e.overflowVolume, e.maxLevel])).toEqual([
      ['rueb-th', t - 3 * 3_600_000, t - 2 * 3_600_000, 210.5, 4.12],
      ['rueb-au', t - 600_000, null, 12, 3.61],
    ]);
    // The quiet plant does not spill: the first live values of the basin close the open event.
    sim.run(120, 10);
    await rueb.idle();
    const [, continued] = await rueb.events(-1, year, 0);
    expect(continued?.end).not.toBeNull();
    expect(continued?.start).toBe(t - 600_000);
    expect(continued?.overflowVolume).toBeGreaterThanOrEqual(12);
  });
});
