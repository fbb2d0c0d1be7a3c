import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { openStore, type Store } from '../index.js';
import { countAuditRows, createAlertStore, type AlertStore, type NewAlertRow } from './index.js';

const alertRow = (source: string, comingAt: number, more: Partial<NewAlertRow> = {}): NewAlertRow => ({
  source,
  binding_kind: 'device',
  binding_key: source,
  pv_type: 'DigiIn',
  pv_nr: 100021,
  station: 1,
  limit_type: null,
  priority: 2,
  message: 'Brunnenpumpe 1 gestört',
  description: 'Wasserwerk Auheim: Brunnenpumpe 1 Störung',
  value: 1,
  limit_value: null,
  active: 1,
  coming_at: comingAt,
  going_at: null,
  acknowledged_at: null,
  acknowledged_by: null,
  acknowledged_by_id: null,
  ack_origin: null,
  ...more,
});

describe.each(BOTH_DIALECTS)('alert store on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let repos: AlertStore;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    repos = createAlertStore(store.db);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('upserts limits and inserts defaults only where none exist', async () => {
    const row = {
      pv_nr: 200010,
      limit_type: 'Top',
      limit_value: 4.8,
      priority: 1,
      delay_time: 30,
      description: 'Oberer Grenzwert',
      message: 'Hochbehälter: Füllstand zu hoch',
      not_set: 0,
      updated_at: 1,
    };
    expect(await repos.limits.insertMissing([row])).toBe(1);
    await repos.limits.upsert([{ ...row, limit_value: 4.7, updated_at: 2 }]);
    expect(await repos.limits.insertMissing([row, { ...row, limit_type: 'Bottom', limit_value: 0.5 }])).toBe(
      1,
    );
    const rows = await repos.limits.byPvs([200010]);
    expect(rows.map((r) => [r.limit_type, r.limit_value]).sort()).toEqual([
      ['Bottom', 0.5],
      ['Top', 4.7],
    ]);
    expect(await repos.limits.byPvs([])).toEqual([]);
  });

  it('keeps digital priorities per PV', async () => {
    await repos.digitalPriorities.upsert([{ pv_nr: 100001, priority: 4, updated_at: 1 }]);
    await repos.digitalPriorities.upsert([{ pv_nr: 100001, priority: 6, updated_at: 2 }]);
    expect(await repos.digitalPriorities.all()).toEqual([{ pv_nr: 100001, priority: 6, updated_at: 2 }]);
  });

  it('pages alerts newest first with the total, filters by PVs, acknowledges once, deletes closed ones only', async () => {
    const a = await repos.alerts.insert(alertRow('DigiIn-100021', 1000));
    const b = await repos.alerts.insert(
      alertRow('AnaIn-100010/ogw', 2000, { pv_type: 'AnaIn', pv_nr: 100010 }),
    );
    const c = await repos.alerts.insert(
      alertRow('station/8', 3000, { pv_type: null, pv_nr: null, station: 8 }),
    );
    expect(a.id).toBeGreaterThan(0);
    const page = await repos.alerts.range(0, 5000, 2);
    expect(page.rows.map((r) => r.id)).toEqual([c.id, b.id]);
    expect(page.total).toBe(3);
    expect((await repos.alerts.range(1500, 2500, 10)).total).toBe(1);
    const byPv = await repos.alerts.byPvs([{ type: 'AnaIn', nr: 100010 }], 0, 5000, 10);
    expect(byPv.rows.map((r) => r.id)).toEqual([b.id]);
    expect((await repos.alerts.byPvs([], 0, 5000, 10)).total).toBe(0);

    const ack = { at: 4000, by: 'meier', byId: 7, origin: 'user' as const };
    const acked = await repos.alerts.acknowledge([a.id, b.id], ack);
    expect(acked.map((r) => [r.id, r.acknowledged_by, r.acknowledged_at])).toEqual([
      [a.id, 'meier', 4000],
      [b.id, 'meier', 4000],
    ]);
    expect(await repos.alerts.acknowledge([a.id], { ...ack, at: 5000 })).toEqual([]);
    await repos.alerts.markGone(a.id, 4500);
    expect((await repos.alerts.open()).map((r) => r.id)).toEqual([b.id, c.id]);
    // Only a is gone and acknowledged; b is active, c not acknowledged.
    expect(await repos.alerts.deleteClosed([a.id, b.id, c.id])).toEqual([a.id]);
    expect((await repos.alerts.byIds([a.id, b.id])).map((r) => r.id)).toEqual([b.id]);
  });

  it('stores system config documents with defaults that never overwrite', async () => {
    await repos.systemConfig.insertMissing('licenseOptions', '{"maxActiveUsers":5}', 1);
    await repos.systemConfig.insertMissing('licenseOptions', '{"maxActiveUsers":9}', 2);
    expect((await repos.systemConfig.all()).get('licenseOptions')).toBe('{"maxActiveUsers":5}');
    await repos.systemConfig.set('licenseOptions', '{"maxActiveUsers":9}', 3);
    expect((await repos.systemConfig.all()).get('licenseOptions')).toBe('{"maxActiveUsers":9}');
  });

  it('archives system events newest first and counts them with the audit rows', async () => {
    await repos.systemEvents.append({ at: 100, kind: 'serverStart', text: 'Server gestartet' });
    await repos.systemEvents.append({
      at: 300,
      kind: 'stationConnectionError',
      station: 8,
      text: 'x',
      detail: { a: 1 },
    });
    const rows = await repos.systemEvents.range(0, 1000, 10);
    expect(rows.map((r) => r.kind)).toEqual(['stationConnectionError', 'serverStart']);
    expect(rows[0]).toMatchObject({ station: 8, detail: '{"a":1}' });
    expect(await repos.systemEvents.count(50, 150)).toBe(1);
    await store.audit.append({ at: 200, userId: null, username: 'admin', action: 'login' });
    expect(await countAuditRows(store.db, 0, 1000)).toBe(1);
  });
});
