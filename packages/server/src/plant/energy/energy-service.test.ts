import { formatPeriodRestTime, type EnergyOptValues } from '@leitwarte/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, QUIET_RATES, type Simulator } from '../../sources/index.js';
import { openStore, type Store } from '../../store/index.js';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import type { Plant } from '../plant.js';
import { plantContentPath } from '../remote-alarm/index.js';
import { checkEnergyContent, createEnergyService, loadEnergyContent, type EnergyContent } from './index.js';

const definition = loadPlantDefinition(DEMO_PLANT_PATH);
/** 10:00 UTC: the start of a measuring period. */
const T0 = Date.UTC(2025, 5, 10, 10, 0, 0);
const STEP = 5_000;

describe.each(BOTH_DIALECTS)('energy optimisation on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let plant: Plant;
  let source: Simulator;
  let content: EnergyContent;
  let t = T0;

  beforeEach(async () => {
    t = T0;
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    source = createSimulator(definition, { now: () => t, autoTick: false, rates: QUIET_RATES });
    plant = createPlant({ definition, source, now: () => t });
    content = loadEnergyContent(plantContentPath(DEMO_PLANT_PATH, 'energy.json'), plant) as EnergyContent;
    await plant.start();
  });
  afterEach(async () => {
    await plant.stop();
    await store.close();
    await database.drop();
  });

  /** The treatment plant's pump and blower powers now, from the plant itself. */
  const loadNow = () =>
    plant
      .pvConfigs()
      .filter((c) => c.pvRef.type === 'AnaIn' && c.subtype === 'Leistung' && plant.stationOf(c.pvRef) === 11)
      .reduce((sum, c) => {
        const v = plant.values.get(`AnaIn-${c.pvRef.nr}`);
        return sum + (v?.type === 'DoubleValue' ? v.doubleValue : 0);
      }, 0);

  it('computes grid and CHP power, period means, trend, corrective power and rest time from the pump powers', async () => {
    const service = createEnergyService({ store, plant, content, now: () => t });
    await service.start();
    const events: EnergyOptValues[] = [];
    service.onEnergyValues((v) => events.push(...v));
    const ka = () => service.values().find((v) => v.id === 1) as EnergyOptValues;
    expect(ka()).toMatchObject({ periodRestTime: 900, utilityImpulse: true, setpoint: 120, idlePower: 18 });
    expect(formatPeriodRestTime(ka().periodRestTime)).toBe('15:00');

    // Integrate the grid power ourselves from the same feed.
    let energy = 0;
    let last = T0;
    let grid = 18 + loadNow() - 30;
    plant.values.onChange(() => {
      energy += grid * ((t - last) / 1000);
      last = t;
      grid = 18 + loadNow() - 30;
    });
    for (t = T0 + STEP; t <= T0 + 7.5 * 60_000; t += STEP) source.step();
    t -= STEP;
    const mid = ka();
    expect(mid.periodRestTime).toBe(450);
    expect(formatPeriodRestTime(mid.periodRestTime)).toBe('07:30');
    expect(mid.utilityImpulse).toBe(false);
    expect(mid.chpActivePower).toBe(30);
    expect(mid.chpMeanActivePower).toBe(30);
    expect(mid.gridActivePower).toBeCloseTo(18 + loadNow() - 30, 1);
    expect(mid.gridMeanActivePower).toBeCloseTo(energy / 450, 0);
    expect(mid.trendPower).toBeCloseTo((energy + grid * 450) / 900, 0);
    expect(mid.correctivePower).toBeCloseTo((120 * 900 - energy) / 450 - grid, 0);
    expect(mid.cosPhi).toBeGreaterThan(0.5);
    expect(mid.cosPhi).toBeLessThanOrEqual(1);
    expect(mid.periodMaxPower).toBe(0);
    expect(events.length).toBeGreaterThan(0);

    // Past the period end the completed period is stored and becomes the month's maximum.
    for (t = T0 + 7.5 * 60_000 + STEP; t <= T0 + 16 * 60_000; t += STEP) source.step();
    t -= STEP;
    const after = ka();
    expect(after.periodRestTime).toBe(840);
    expect(after.periodMaxPower).toBeGreaterThan(0);
    await service.stop();
    const rows = await store.db.selectFrom('energy_periods').selectAll().where('config_id', '=', 1).execute();
    expect(rows).toEqual([expect.objectContaining({ period_start: T0, chp_mean_kw: 30 })]);
    expect(after.periodMaxPower).toBeCloseTo(rows[0]!.grid_mean_kw, 1);

    // A restart keeps the month's maximum from the store.
    const again = createEnergyService({ store, plant, content, now: () => t });
    await again.start();
    expect(again.values().find((v) => v.id === 1)?.periodMaxPower).toBe(after.periodMaxPower);
  });

  it('counts priority-operated minutes while the trend is above the setpoint', async () => {
    // Without the CHP the grid carries at least the idle power, always above a 1 kW setpoint.
    const tight = { configs: [{ ...content.configs[0]!, setpointKw: 1, chpKw: 0 }] };
    const service = createEnergyService({ store, plant, content: tight, now: () => t });
    await service.start();
    for (t = T0 + STEP; t <= T0 + 3 * 60_000; t += STEP) source.step();
    t -= STEP;
    expect(service.values()[0]?.priorityOperatedMinutes).toBe(3);
    expect(service.values()[0]?.correctivePower).toBeLessThan(0);
  });

  it('refuses unknown stations and loads that are not powers', () => {
    const bad = (edit: (c: EnergyContent) => void) => {
      const c = structuredClone(content);
      edit(c);
      return () => checkEnergyContent(c, plant, 'energy.json');
    };
    expect(bad((c) => (c.configs[0]!.station = 77))).toThrow(/configs\[0\]\.station: unknown station 77/);
    expect(bad((c) => (c.configs[0]!.loads = ['AnaIn-1100010']))).toThrow(
      /loads\[0\]: AnaIn-1100010 is not a power/,
    );
    expect(bad((c) => (c.configs[1]!.id = 1))).toThrow(/configs\[1\]\.id: duplicate id 1/);
  });
});
