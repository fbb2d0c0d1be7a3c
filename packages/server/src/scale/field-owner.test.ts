// The election of the field's owner through the lease row in the real PostgreSQL store.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../hubs/live-test-client.js';
import { createTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { openStore, type Store } from '../store/index.js';
import { DEMO_PLANT_PATH, loadPlantDefinition } from '../plant/index.js';
import { createAlertHarness, OPERATOR } from '../plant/alerts/alert-harness.js';
import {
  createFieldOwner,
  FencedOut,
  FIELD_LEASE_MS,
  FIELD_RENEW_MS,
  type FieldOwner,
} from './field-owner.js';

interface Elector {
  name: string;
  store: Store;
  owner: FieldOwner;
  events: { kind: 'acquired' | 'lost'; at: number; token?: number }[];
}

describe('field ownership through the PostgreSQL lease', () => {
  let database: TestDatabase;
  const electors: Elector[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // Migrates the store (the lease row comes with migration 015).
    await (await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir })).close();
  });
  afterEach(async () => {
    for (const e of electors.splice(0)) {
      await e.owner.stop();
      await e.store.close().catch(() => {});
    }
    const store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    await sql`update field_owner set holder = null, expires_at = 0 where id = 1`.execute(store.db);
    await store.close();
  });
  afterAll(() => database?.drop());

  async function elector(name: string): Promise<Elector> {
    const store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    const events: Elector['events'] = [];
    const owner = createFieldOwner({
      db: store.db,
      processId: name,
      address: `http://${name}:8080`,
      onAcquired: (token) => void events.push({ kind: 'acquired', at: Date.now(), token }),
      onLost: () => void events.push({ kind: 'lost', at: Date.now() }),
    });
    const e = { name, store, owner, events };
    electors.push(e);
    await owner.start();
    return e;
  }

  const owners = () => electors.filter((e) => e.owner.isOwner());

  it('elects exactly one owner among three processes; the others know who it is', async () => {
    const [a, b, c] = [await elector('a'), await elector('b'), await elector('c')];
    expect(owners().map((e) => e.name)).toEqual(['a']);
    expect(a.owner.state()).toMatchObject({ owner: true, holder: 'a' });
    expect(b.owner.state()).toMatchObject({
      owner: false,
      token: null,
      holder: 'a',
      holderAddress: 'http://a:8080',
    });
    // Renewals keep the token: no change of owner while the owner lives.
    const token = a.owner.state().token;
    await new Promise((r) => setTimeout(r, FIELD_RENEW_MS * 2 + 200));
    expect(owners().map((e) => e.name)).toEqual(['a']);
    expect(a.owner.state().token).toBe(token);
    expect(c.events).toEqual([]);
  }, 15_000);

  it('an owner cut off from the store stops itself, and another takes over within 10 s under a new token', async () => {
    const a = await elector('a');
    const b = await elector('b');
    const oldToken = a.owner.state().token!;
    const cutAt = Date.now();
    // The owner's connection to the store is gone (as after a crash or a partition).
    await a.store.close();
    await until(() => b.owner.isOwner(), 10_000);
    const tookOver = Date.now() - cutAt;
    expect(tookOver).toBeLessThan(10_000);
    expect(tookOver).toBeGreaterThan(FIELD_LEASE_MS - FIELD_RENEW_MS);
    expect(b.owner.state().token).toBe(oldToken + 1);
    // The former owner stopped before the new one started: never two owners at once.
    const lost = a.events.find((e) => e.kind === 'lost');
    const acquired = b.events.find((e) => e.kind === 'acquired');
    expect(lost).toBeDefined();
    expect(lost!.at).toBeLessThanOrEqual(acquired!.at);
  }, 20_000);

  it('a stopping owner gives the lease up: the next takes over at its next try', async () => {
    const a = await elector('a');
    const b = await elector('b');
    const stoppedAt = Date.now();
    await a.owner.stop();
    await until(() => b.owner.isOwner(), FIELD_RENEW_MS + 1000);
    expect(Date.now() - stoppedAt).toBeLessThan(FIELD_RENEW_MS + 1000);
  }, 10_000);

  it("fences off a former owner's write after a takeover it has not noticed", async () => {
    const a = await elector('a');
    const b = await elector('b');
    await a.store.db.transaction().execute((trx) => a.owner.fence(trx));
    b.store.setWriteFence((trx) => b.owner.fence(trx));
    await expect(
      b.store.fencedWrite((db) => db.insertInto('meta').values({ key: 'not-owner', value: 'x' }).execute()),
    ).rejects.toThrow(FencedOut);
    await expect(b.store.db.transaction().execute((trx) => b.owner.fence(trx))).rejects.toThrow(FencedOut);
    // While A pauses (longer than its lease), another process took the lease under a new token.
    await sql`update field_owner set holder = 'x', token = token + 1,
      expires_at = (extract(epoch from now()) * 1000)::bigint + 60000 where id = 1`.execute(b.store.db);
    expect(a.owner.isOwner()).toBe(true);
    await expect(a.store.db.transaction().execute((trx) => a.owner.fence(trx))).rejects.toThrow(FencedOut);
    // The store's fenced writes (a new alert) are refused as a whole: nothing is written.
    a.store.setWriteFence((trx) => a.owner.fence(trx));
    const write = (key: string) =>
      a.store.fencedWrite((db) => db.insertInto('meta').values({ key, value: 'x' }).execute());
    await expect(write('fenced-out')).rejects.toThrow(FencedOut);
    expect(await a.store.db.selectFrom('meta').where('key', '=', 'fenced-out').selectAll().execute()).toEqual(
      [],
    );
    await until(() => !a.owner.isOwner(), 100);
    expect(a.events.map((e) => e.kind)).toEqual(['acquired', 'lost']);
    // Nor does it win the lease back while the new owner renews it.
    await new Promise((r) => setTimeout(r, FIELD_RENEW_MS + 200));
    expect(a.owner.state()).toMatchObject({ owner: false, holder: 'x' });
  }, 10_000);
  it("refuses a deposed owner's engine writes: an alert it no longer watches does not end", async () => {
    const a = await elector('a');
    await until(() => a.owner.isOwner(), 1000);
    a.store.setWriteFence((trx) => a.owner.fence(trx));
    const h = await createAlertHarness(a.store, loadPlantDefinition(DEMO_PLANT_PATH));
    const warnings: Error[] = [];
    const onWarning = (w: Error) => void warnings.push(w);
    process.on('warning', onWarning);
    try {
      // Schaltschranktemperatur of station 1 (about 21 °C) above a top limit of 15 °C: one alert.
      const limit = (value: number) => ({
        pvLimitRef: { pv: { type: 'AnaIn' as const, nr: 100001 }, limitType: 'Top' as const },
        limit: value,
        priority: 3,
        delayTime: 0,
        description: 'Oberer Grenzwert',
        message: 'Schaltschrank: Übertemperatur',
        notSet: false,
      });
      await h.limits.setLimits([limit(15)], OPERATOR);
      await h.alerts.flush();
      expect(h.seen.newAlert).toHaveLength(1);
      const id = h.seen.newAlert[0]!.id;
      // Another process takes the lease while A pauses; A's engine still runs and sees the condition end.
      await sql`update field_owner set holder = 'x', token = token + 1,
        expires_at = (extract(epoch from now()) * 1000)::bigint + 60000 where id = 1`.execute(a.store.db);
      await h.limits.setLimits([limit(40)], OPERATOR);
      await h.alerts.flush();
      expect(h.seen.alertState).toEqual([]);
      // The engine reports the refusal as a warning (emitted on the next tick).
      await until(() => warnings.some((w) => w instanceof FencedOut), 1000);
      const rows = await a.store.db.selectFrom('alerts').select(['id', 'active', 'going_at']).execute();
      expect(rows).toEqual([{ id, active: 1, going_at: null }]);
    } finally {
      process.off('warning', onWarning);
      await h.stop();
    }
  }, 10_000);
});
