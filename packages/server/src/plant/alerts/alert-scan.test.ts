import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { openStore, type Store } from '../../store/index.js';
import { createAlertStore, type NewAlertRow } from '../../store/alerts/index.js';
import { scanAlerts } from './alert-scan.js';

const row = (i: number, comingAt: number): NewAlertRow => ({
  source: `scan/${i}`,
  binding_kind: 'device',
  binding_key: `AnaIn-${100000 + i}`,
  pv_type: 'AnaIn',
  pv_nr: 100000 + i,
  station: 1,
  limit_type: null,
  priority: 2,
  message: 'm',
  description: 'd',
  value: 1,
  limit_value: null,
  active: 1,
  coming_at: comingAt,
  going_at: null,
  acknowledged_at: null,
  acknowledged_by: null,
  acknowledged_by_id: null,
  ack_origin: null,
});

describe('scanning the alert archive for the alerts a user may read', () => {
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    store = await openStore(database);
    // Triples sharing a coming time, then a block of 2500 at one time: more than a batch.
    const rows = [
      ...Array.from({ length: 4500 }, (_, i) => row(i, 1000 + Math.floor(i / 3))),
      ...Array.from({ length: 2500 }, (_, i) => row(4500 + i, 9000)),
    ];
    for (let i = 0; i < rows.length; i += 500) {
      await store.db
        .insertInto('alerts')
        .values(rows.slice(i, i + 500))
        .execute();
    }
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('returns the first kept alerts newest first and counts every kept one exactly once', async () => {
    const repo = createAlertStore(store.db).alerts;
    const page = (s: number, e: number, l: number) => repo.range(s, e, l);
    const everything = (await repo.range(0, 10_000, 100_000)).rows;
    expect(everything).toHaveLength(7000);
    const keep = (nr: number) => nr % 3 !== 0;
    const expected = everything.filter((r) => keep(r.pv_nr!)).map((r) => r.id);
    for (const limit of [1, 10, 3000, 100_000]) {
      const reply = await scanAlerts(page, 0, 10_000, limit, (a) => keep(a.pv!.nr));
      expect(reply.total).toBe(expected.length);
      expect(reply.alerts.map((a) => a.id)).toEqual(expected.slice(0, limit));
    }
    const window = await scanAlerts(page, 1100, 1200, 100_000, () => true);
    expect(window.total).toBe(303);
    expect(window.alerts.every((a) => a.comingAt >= 1100 && a.comingAt <= 1200)).toBe(true);
  });
});
