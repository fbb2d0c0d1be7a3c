import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { openStore, type Store } from '../index.js';
import { createPlantHistoryRepository } from './index.js';

describe.each(BOTH_DIALECTS)('night minima and energy periods on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore(database);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('keeps one minimum per night and returns the latest night of each measurement', async () => {
    const history = createPlantHistoryRepository(store.db);
    const night = (id: number, begin: number, min: number) => ({
      pipeLeakageId: id,
      windowBegin: begin,
      windowEnd: begin + 7_200_000,
      minValue: min,
      minAt: begin + 60_000,
    });
    await history.saveNight(night(1, 1000, 43.5));
    await history.saveNight(night(1, 90_000_000, 44.25));
    await history.saveNight(night(1, 90_000_000, 41.75)); // the same night again: replaced
    await history.saveNight(night(2, 1000, 2.3));
    expect(await history.latestNights()).toEqual([night(1, 90_000_000, 41.75), night(2, 1000, 2.3)]);
  });

  it('stores each period once and finds the highest grid mean in a range', async () => {
    const history = createPlantHistoryRepository(store.db);
    await history.savePeriod({ configId: 1, periodStart: 0, gridMeanKw: 101.5, chpMeanKw: 30 });
    await history.savePeriod({ configId: 1, periodStart: 900_000, gridMeanKw: 140.25, chpMeanKw: 30 });
    await history.savePeriod({ configId: 1, periodStart: 900_000, gridMeanKw: 999, chpMeanKw: 30 });
    await history.savePeriod({ configId: 2, periodStart: 0, gridMeanKw: 500, chpMeanKw: 0 });
    expect(await history.maxGridMean(1, 0, 1_800_000)).toBe(140.25);
    expect(await history.maxGridMean(1, 0, 900_000)).toBe(101.5);
    expect(await history.maxGridMean(3, 0, 1_800_000)).toBeNull();
  });
});
