import { pvKey, type ProcessValue } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../store/index.js';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { DEMO_CONTENT_DIR } from '../content-file.js';
import { simulatedDemoPlant, type SimulatedPlant } from '../maintenance/simulated-plant.js';
import { loadReportContent } from './report-content.js';
import { createReportService, type ReportService } from './report-service.js';
import { createLiveReportValueSource } from './report-value-source.js';

const meier = { userId: 1, username: 'meier' };
const TODAY = '2025-06-10';
const csbZulauf = { type: 'LaborWert' as const, nr: 11901 };

describe.each(BOTH_DIALECTS)('reports over the simulated demo plant on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let sim: SimulatedPlant;
  let reports: ReportService;
  const feed: ProcessValue[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    sim = await simulatedDemoPlant();
    const content = loadReportContent(DEMO_CONTENT_DIR, sim.plant);
    const timeZone = sim.definition.info.timeZone;
    const source = createLiveReportValueSource({
      plant: sim.plant,
      timeZone,
      pvs: content.flatMap((c) => c.columns.map((col) => col.dataBinding.pvRef)),
      now: sim.now,
    });
    reports = await createReportService({ store, timeZone, source, content, now: sim.now });
    // HB Lindenberg delivers all day; its meter is the reference for Summe.
    const initial = sim.plant.values.get('ZaehlWert-2060');
    if (initial) feed.push(initial);
    sim.plant.values.onChange((batch) =>
      feed.push(...batch.filter((v) => pvKey(v.pvRef) === 'ZaehlWert-2060')),
    );
    sim.run(20 * 60, 5);
  });
  afterAll(async () => {
    await sim.plant.stop();
    await store.close();
    await database.drop();
  });

  it('keeps the six demo report configs, one of each kind', async () => {
    const configs = await reports.configs();
    expect(configs.map((c) => c.kind)).toEqual(['day', 'week', 'month', 'year', 'overflow', 'special']);
    expect((await reports.config(3))?.name).toBe('Monatsbericht Kläranlage Talaue');
    expect(await reports.config(99)).toBeUndefined();
  });

  it('computes today from the live values: quarter-hour rows, the running ones filled, earlier ones empty', async () => {
    const data = await reports.data(1, 'day', TODAY);
    expect(data.rows).toHaveLength(96);
    const hour10 = data.rows[40]!;
    expect(hour10.label).toBe('10:00');
    const [raw, , , pressure, levelMin, levelMax] = hour10.values;
    // The well pumps stand still this morning: nothing pumped is 0, not unknown.
    expect(raw!.value).toBe(0);
    expect(pressure!.value).toBeGreaterThan(1);
    expect(levelMin!.value).toBeLessThanOrEqual(levelMax!.value!);
    expect(data.rows[39]!.values.every((v) => v.value === null)).toBe(true);
  });

  it('shows a week from its date and leaves days before today empty (archive days come from the historian)', async () => {
    const week = await reports.data(2, 'week', '2025-06-04');
    expect(week.rows.map((r) => r.label)).toEqual([
      '04.06.2025',
      '05.06.2025',
      '06.06.2025',
      '07.06.2025',
      '08.06.2025',
      '09.06.2025',
      '10.06.2025',
    ]);
    const counter = feed.map((v) => (v.type === 'CounterValue' ? v.counterValue.value : 0));
    const delivered = week.rows[6]!.values[1]!.value;
    expect(delivered).toBeGreaterThan(0);
    expect(delivered).toBeCloseTo(counter[counter.length - 1]! - counter[0]!, 6);
    expect(week.rows[5]!.values[1]!.value).toBeNull();
  });

  it('moves a column by its offset: "Zulauf Vortag" reads yesterday', async () => {
    const special = await reports.data(6, 'special', TODAY);
    expect(special.rows).toHaveLength(96);
    const quarter = special.rows[40]!; // 10:00–10:15
    expect(quarter.values[0]!.value).not.toBeNull();
    expect(quarter.values[4]!.value).toBeNull();
  });

  it('refuses unknown reports, kinds and malformed dates', async () => {
    await expect(reports.data(99, 'day', TODAY)).rejects.toThrow(/Bericht 99/);
    await expect(reports.data(1, 'quarter', TODAY)).rejects.toThrow(/Berichtsart/);
    await expect(reports.data(1, 'day', '10.06.2025')).rejects.toThrow('Ungültiges Datum');
  });

  it('stores manual inputs per date; enabled values replace the computed ones, disabled do not', async () => {
    const saved = await reports.saveManualInputs(
      3,
      'month',
      '2025-06-10',
      [
        { pv: csbZulauf, index: 2, value: 612, state: 'Enabled', resetManualInput: false },
        { pv: csbZulauf, index: 3, value: 580, state: 'Disabled', resetManualInput: false },
      ],
      meier,
    );
    expect(saved).toEqual({ status: 'Success', errorMessage: '' });
    const month = await reports.data(3, 'month', '2025-06-01');
    // The same month whatever day was picked? No: inputs belong to the date they were made for.
    expect(month.rows[2]!.values[6]).toMatchObject({ manualInput: null });
    const data = await reports.data(3, 'month', '2025-06-10');
    expect(data.rows[2]!.values[6]).toMatchObject({ value: 612, manualInput: 'Enabled' });
    expect(data.rows[3]!.values[6]).toMatchObject({ value: null, manualInput: 'Disabled' });
    const audit = await store.audit.range(0, Number.MAX_SAFE_INTEGER, 5);
    expect(audit[0]).toMatchObject({ action: 'report-manual-input', username: 'meier' });

    await reports.saveManualInputs(
      3,
      'month',
      '2025-06-10',
      [{ pv: csbZulauf, index: 2, value: null, state: 'Enabled', resetManualInput: true }],
      meier,
    );
    expect((await reports.data(3, 'month', '2025-06-10')).rows[2]!.values[6]).toMatchObject({
      value: null,
      manualInput: null,
    });
  });

  it('refuses manual inputs for columns without manual input or rows that do not exist, saving none', async () => {
    const zulauf = { type: 'ZaehlWert' as const, nr: 11060 };
    expect(
      await reports.saveManualInputs(
        3,
        'month',
        TODAY,
        [{ pv: zulauf, index: 1, value: 5, state: 'Enabled', resetManualInput: false }],
        meier,
      ),
    ).toMatchObject({ status: 'Failed', errorMessage: expect.stringMatching(/keine Handeingabe/) });
    const refused = await reports.saveManualInputs(
      3,
      'month',
      TODAY,
      [
        { pv: csbZulauf, index: 5, value: 500, state: 'Enabled', resetManualInput: false },
        { pv: csbZulauf, index: 30, value: 500, state: 'Enabled', resetManualInput: false },
      ],
      meier,
    );
    expect(refused).toMatchObject({ status: 'Failed', errorMessage: expect.stringMatching(/Zeile 30/) });
    expect((await reports.data(3, 'month', TODAY)).rows[5]!.values[6]!.manualInput).toBeNull();
  });
});
