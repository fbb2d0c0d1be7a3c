import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportConfig } from '@leitwarte/core';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { openStore, type Store } from '../index.js';
import { createReportRepositories, type ReportRepositories } from './index.js';

const config: ReportConfig = {
  id: 7,
  name: 'Tagesbericht Wasserwerk',
  kind: 'day',
  columns: [
    {
      title: 'Förderung',
      unit: 'm³',
      decimals: 1,
      manualInput: false,
      dataBinding: {
        reportValueType: 'Summe',
        pvRef: { type: 'ZaehlWert', nr: 1060 },
        offset: 0,
        offsetUnit: 'Days',
      },
    },
  ],
};

describe.each(BOTH_DIALECTS)('report repositories on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let repos: ReportRepositories;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    repos = createReportRepositories(store.db);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('stores report configs with their columns and replaces them by id', async () => {
    await repos.configs.put(config, 0);
    await repos.configs.put({ ...config, name: 'Tagesbericht' }, 0);
    expect(await repos.configs.count()).toBe(1);
    expect(await repos.configs.byId(7)).toEqual({ ...config, name: 'Tagesbericht' });
    expect(await repos.configs.byId(8)).toBeUndefined();
  });

  it('keeps manual inputs per report and date; a removal deletes the cell', async () => {
    const key = { configId: 7, kind: 'day' as const, date: '2025-06-10' };
    const pv = { type: 'ZaehlWert' as const, nr: 1060 };
    await repos.manualInputs.apply(
      key,
      [
        { pv, index: 3, remove: false, value: 12.5, state: 'Enabled' },
        { pv, index: 4, remove: false, value: 8, state: 'Disabled' },
      ],
      'meier',
      100,
    );
    await repos.manualInputs.apply(
      key,
      [{ pv, index: 3, remove: false, value: 13, state: 'Enabled' }],
      'schulz',
      200,
    );
    expect(await repos.manualInputs.of({ ...key, date: '2025-06-11' })).toEqual([]);
    const stored = await repos.manualInputs.of(key);
    expect(stored).toEqual([
      { pv, index: 3, value: 13, state: 'Enabled', user: 'schulz', updatedAt: 200 },
      { pv, index: 4, value: 8, state: 'Disabled', user: 'meier', updatedAt: 100 },
    ]);
    await repos.manualInputs.apply(key, [{ pv, index: 4, remove: true }], 'meier', 300);
    expect((await repos.manualInputs.of(key)).map((m) => m.index)).toEqual([3]);
  });

  it('opens, updates and closes overflow events and finds them by station and time', async () => {
    const event = await repos.ruebEvents.open({
      basinId: 'rueb-th',
      stationNr: 9,
      start: 1_000_000,
      maxLevel: 4.01,
    });
    expect(await repos.ruebEvents.openOf('rueb-th')).toMatchObject({ id: event.id, end: null });
    await repos.ruebEvents.update(event.id, { end: 1_600_000, overflowVolume: 123.4, maxLevel: 4.08 });
    expect(await repos.ruebEvents.openOf('rueb-th')).toBeUndefined();
    await repos.ruebEvents.open({ basinId: 'rueb-au', stationNr: 10, start: 2_000_000, maxLevel: 3.5 });
    expect(await repos.ruebEvents.between(9, 0, 10_000_000)).toEqual([
      { ...event, end: 1_600_000, duration: 600, overflowVolume: 123.4, maxLevel: 4.08 },
    ]);
    expect(await repos.ruebEvents.between(null, 0, 10_000_000)).toHaveLength(2);
    expect(await repos.ruebEvents.between(9, 1_000_001, 10_000_000)).toEqual([]);
  });
});
