import { evaluateNightMinimum, formatPipeLeakageTime, type PipeLeakageConfig } from '@leitwarte/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, QUIET_RATES, type Simulator } from '../../sources/index.js';
import { openStore, type Store } from '../../store/index.js';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import type { Plant } from '../plant.js';
import { plantContentPath } from '../remote-alarm/index.js';
import {
  checkPipeLeakageContent,
  createPipeLeakageService,
  loadPipeLeakageContent,
  type PipeLeakageContent,
} from './index.js';

const definition = loadPlantDefinition(DEMO_PLANT_PATH);
const TZ = definition.info.timeZone;
/** 01:50 summer time in the plant's zone, ten minutes before the night window. */
const T0 = Date.UTC(2025, 5, 9, 23, 50, 0);

describe.each(BOTH_DIALECTS)('pipe leakage on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let plant: Plant;
  let source: Simulator;
  let content: PipeLeakageContent;
  let t = T0;

  beforeEach(async () => {
    t = T0;
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    source = createSimulator(definition, { now: () => t, autoTick: false, rates: QUIET_RATES });
    plant = createPlant({ definition, source, now: () => t });
    content = loadPipeLeakageContent(
      plantContentPath(DEMO_PLANT_PATH, 'pipe-leakage.json'),
      plant,
    ) as PipeLeakageContent;
    await plant.start();
  });
  afterEach(async () => {
    await plant.stop();
    await store.close();
    await database.drop();
  });

  it('measures the night minimum of each zone between 02:00 and 04:00 and judges it against the reference', async () => {
    const service = createPipeLeakageService({ store, plant, content, now: () => t });
    await service.start();
    const events: PipeLeakageConfig[] = [];
    service.onPipeLeakage((c) => events.push(...c));
    // Before the window: last night has no data (the server was not running then).
    expect(service.configs()[0]).toMatchObject({
      minMaxState: 'noData',
      minMaxValue: null,
      measurementState: 'unknown',
    });

    // Our own minimum of the flow inside the window, from the same feed.
    let expected = Infinity;
    plant.values.onChange((batch) => {
      for (const v of batch) {
        if (
          v.pvRef.nr === 200060 &&
          v.type === 'DoubleValue' &&
          v.timestamp >= T0 + 600_000 &&
          v.timestamp < T0 + 600_000 + 7_200_000
        ) {
          expected = Math.min(expected, v.doubleValue);
        }
      }
    });
    for (t = T0 + 30_000; t <= T0 + 3 * 3_600_000; t += 30_000) {
      source.step();
      if (t === T0 + 3_600_000) {
        expect(service.configs()[0]).toMatchObject({ minMaxState: 'measuring', measurementState: 'unknown' });
      }
    }
    const [lindenberg, talheim] = service.configs() as [PipeLeakageConfig, PipeLeakageConfig];
    expect(formatPipeLeakageTime(lindenberg.minMaxBegin, TZ)).toBe('10.06.2025 02:00:00');
    expect(formatPipeLeakageTime(lindenberg.minMaxEnd, TZ)).toBe('10.06.2025 04:00:00');
    expect(lindenberg).toMatchObject({
      name: 'Versorgungszone Lindenberg',
      minMaxState: 'complete',
      minMaxValue: expected,
      referenceValue: 40,
      dimension: 'm³/h',
      // The zone's flow PV AnaIn-200060 sits on station 2; its logger reports its SD card.
      station: 2,
      sdCardLifetime: 14,
      ...evaluateNightMinimum(expected, 40, content),
    });
    expect(lindenberg.minMaxValue).toBeGreaterThan(20);
    expect(talheim.minMaxState).toBe('complete');
    expect(talheim.dimension).toBe('l/s');
    expect(talheim).toMatchObject({ station: 3, sdCardLifetime: 72 });
    expect(['ok', 'warning', 'alarm']).toContain(talheim.measurementState);
    expect(events.some((e) => e.pipeLeakageId === 1 && e.minMaxState === 'measuring')).toBe(true);
    expect(events.filter((e) => e.pipeLeakageId === 1).at(-1)).toEqual(lindenberg);
    await service.stop();

    // A restart the same morning still reports the stored night.
    const again = createPipeLeakageService({ store, plant, content, now: () => t });
    await again.start();
    expect(again.configs()[0]).toEqual(lindenberg);
    await again.stop();
  });

  it('refuses content naming unknown or non-analog PVs and a window that ends before it begins', () => {
    const bad = (edit: (c: PipeLeakageContent) => void) => {
      const c = structuredClone(content);
      edit(c);
      return () => checkPipeLeakageContent(c, plant, 'pipe-leakage.json');
    };
    expect(bad((c) => (c.configs[0]!.pv = 'AnaIn-999999'))).toThrow(
      /configs\[0\]\.pv: unknown PV AnaIn-999999/,
    );
    expect(bad((c) => (c.configs[0]!.pv = 'DigiIn-100001'))).toThrow(/not an analog value/);
    expect(bad((c) => (c.window = { begin: '04:00', end: '02:00' }))).toThrow(/window\.end/);
    expect(bad((c) => (c.alarmPercent = 10))).toThrow(/alarmPercent: must be above warningPercent/);
  });
});
