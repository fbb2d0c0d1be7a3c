// The historian's writer, the remote-alarm escalation and the scheduled exports write under the
// field owner's fencing token, in the real PostgreSQL store: a former owner that has not yet
// noticed its replacement writes nothing, logs that once and stops its engines; the new owner writes.
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../hubs/live-test-client.js';
import { createAnnotationService } from '../plant/charts/index.js';
import { createHistorian } from '../plant/history/index.js';
import { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } from '../plant/index.js';
import type { Plant } from '../plant/plant.js';
import {
  createRemoteAlarmService,
  loadRemoteAlarmContent,
  plantContentPath,
} from '../plant/remote-alarm/index.js';
import { createLiveReportValueSource, createReportService } from '../plant/reports/index.js';
import { createScheduledExports } from '../plant/reports/scheduled-exports.js';
import { createSimulator, QUIET_RATES, type Simulator } from '../sources/index.js';
import { FencedOut, openStore, type Store } from '../store/index.js';
import { createTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { createFieldOwner, type FieldOwner } from './field-owner.js';

const definition = loadPlantDefinition(DEMO_PLANT_PATH);
const T0 = Date.UTC(2025, 5, 10, 8, 0, 0);
/** Long enough that no renewal or self-fencing happens during a test: the takeover is the test's. */
const LONG_LEASE = { leaseMs: 120_000, renewMs: 60_000 };

interface Process {
  name: string;
  store: Store;
  owner: FieldOwner;
  /** What the field owner logged as a warning (the one line of a loss). */
  warnings: string[];
  /** Stopped by a lost lease, as field-control stops the domain. */
  engines: (() => Promise<void>)[];
  lost: number;
}

describe('engine writes under the fencing token on PostgreSQL', () => {
  let database: TestDatabase;
  let plant: Plant;
  let source: Simulator;
  let clock = T0;
  const processes: Process[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await (await openStore(database)).close();
    source = createSimulator(definition, { now: () => clock, autoTick: false, rates: QUIET_RATES });
    plant = createPlant({ definition, source, now: () => clock });
    await plant.start();
  });
  afterEach(async () => {
    for (const p of processes.splice(0)) {
      await p.owner.stop();
      for (const stop of p.engines.splice(0)) await stop().catch(() => {});
      await p.store.close().catch(() => {});
    }
    const store = await openStore(database);
    await sql`update field_owner set holder = null, expires_at = 0 where id = 1`.execute(store.db);
    await store.close();
  });
  afterAll(async () => {
    await plant?.stop();
    await database?.drop();
  });

  /** A server process: its own store (with the owner's fence, as field-control sets it) and election. */
  async function serverProcess(name: string): Promise<Process> {
    const store = await openStore(database);
    const p: Process = {
      name,
      store,
      owner: null as unknown as FieldOwner,
      warnings: [],
      engines: [],
      lost: 0,
    };
    p.owner = createFieldOwner({
      db: store.db,
      processId: name,
      address: `http://${name}:8080`,
      ...LONG_LEASE,
      onLost: async () => {
        p.lost += 1;
        for (const stop of p.engines.splice(0)) await stop();
      },
      log: { info: () => {}, warn: (m) => void p.warnings.push(m) },
    });
    store.setWriteFence((trx, what) => p.owner.fence(trx, what));
    processes.push(p);
    await p.owner.start();
    return p;
  }

  /**
   * A pauses (GC, frozen VM) longer than its lease; B takes the field over under a new token.
   * A has not noticed: it still believes it owns the field.
   */
  async function takeover(a: Process): Promise<Process> {
    await sql`update field_owner set expires_at = 0 where id = 1`.execute(a.store.db);
    const b = await serverProcess('b');
    expect(b.owner.state()).toMatchObject({ owner: true, token: a.owner.state().token! + 1 });
    expect(a.owner.isOwner()).toBe(true);
    return b;
  }

  const lossLines = (p: Process) => p.warnings.filter((w) => w.startsWith('field ownership lost'));

  function step(seconds: number): void {
    for (let i = 0; i < seconds; i++) {
      clock += 1000;
      source.step();
    }
  }

  it("refuses a former owner's historian samples: dropped, logged once, its engines stop", async () => {
    const a = await serverProcess('a');
    expect(a.owner.isOwner()).toBe(true);
    const errors: string[] = [];
    const log = {
      info: () => {},
      warn: (m: string) => void errors.push(m),
      error: (m: string) => void errors.push(m),
    };
    const historianA = await createHistorian({
      store: a.store,
      plant,
      dataDir: database.dataDir,
      now: () => clock,
      flushMs: 600_000,
      log,
    });
    await historianA.start();
    a.engines.push(() => historianA.stop());
    const samples = async () =>
      Number(
        (
          await a.store.db
            .selectFrom('history_sample')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    step(5);
    await historianA.flush();
    const written = await samples();
    expect(written).toBeGreaterThan(0);

    const b = await takeover(a);
    step(5);
    expect(historianA.buffered).toBeGreaterThan(0);
    await historianA.flush();
    // Nothing of the batch is in the store, and it is not kept for a retry.
    expect(await samples()).toBe(written);
    expect(historianA.buffered).toBe(0);
    // The former owner lost the field and stopped its engines (the historian among them).
    await until(() => a.lost === 1 && a.engines.length === 0);
    expect(a.owner.isOwner()).toBe(false);
    expect(lossLines(a)).toEqual([
      'field ownership lost: fenced out by a newer owner (a batch of historian samples refused)',
    ]);
    expect(errors).toEqual([]);
    step(5);
    expect(historianA.buffered).toBe(0);
    expect(await samples()).toBe(written);

    // The new owner's historian writes.
    const historianB = await createHistorian({
      store: b.store,
      plant,
      dataDir: database.dataDir,
      now: () => clock,
      flushMs: 600_000,
    });
    await historianB.start();
    b.engines.push(() => historianB.stop());
    step(5);
    await historianB.flush();
    expect(await samples()).toBeGreaterThan(written);
    expect(lossLines(a)).toHaveLength(1);
    expect(b.lost).toBe(0);
  }, 20_000);

  it("refuses a former owner's escalation state: nothing written, announced or sent; the new owner escalates", async () => {
    const content = loadRemoteAlarmContent(
      plantContentPath(DEMO_PLANT_PATH, 'remote-alarm.json'),
      new Set(definition.stations.map((s) => s.number)),
    );
    const remoteOf = (p: Process) => {
      const remote = createRemoteAlarmService({
        store: p.store,
        plant,
        content,
        now: () => clock,
        autoTick: false,
        random: () => 0.5,
        canEditPlan: () => true,
      });
      p.engines.push(() => remote.stop());
      return remote;
    };
    const planRow = (store: Store, station: number, planNumber: number) =>
      store.db
        .selectFrom('remote_alarm_plans')
        .select(['alerting_count', 'pending_messages', 'status_text', 'updated_at'])
        .where('station', '=', station)
        .where('plan_number', '=', planNumber)
        .executeTakeFirstOrThrow();

    const a = await serverProcess('a');
    const remoteA = remoteOf(a);
    await remoteA.start();
    expect(await remoteA.onAlarm(6, 2)).toEqual([{ station: 6, planNumber: 1 }]);
    expect(await planRow(a.store, 6, 1)).toMatchObject({ alerting_count: 1 });
    const announced: unknown[] = [];
    remoteA.onPlanInfo((infos) => void announced.push(...infos));
    const before = await planRow(a.store, 1, 1);
    expect(JSON.parse(before.pending_messages)).toEqual([]);

    const b = await takeover(a);
    clock += 1000;
    await expect(remoteA.onAlarm(1, 1)).rejects.toThrow(FencedOut);
    expect(await planRow(a.store, 1, 1)).toEqual(before);
    expect(announced).toEqual([]);
    await until(() => a.lost === 1 && a.engines.length === 0);
    expect(lossLines(a)).toEqual([
      'field ownership lost: fenced out by a newer owner (the remote-alarm escalation state refused)',
    ]);
    // Later steps of the stopped escalation are refused without another word.
    clock += 60_000;
    await remoteA.tick().catch((error: unknown) => expect(error).toBeInstanceOf(FencedOut));
    expect(await planRow(a.store, 6, 1)).toMatchObject({ alerting_count: 1 });
    // An operator's call that reaches the former owner just then writes nothing either (the
    // client is answered 503 and tries again through the new owner).
    const operator = { userId: 1, username: 'admin', role: 'administrator' as const };
    const refused = remoteA.setPlansActive(operator, [{ station: 1, planNumber: 1, active: false }]);
    await expect(refused).rejects.toThrow(FencedOut);
    await expect(refused).rejects.toMatchObject({ statusCode: 503 });
    expect(await planRow(a.store, 1, 1)).toEqual(before);
    expect(lossLines(a)).toHaveLength(1);

    // The new owner starts from the stored state and escalates.
    const remoteB = remoteOf(b);
    await remoteB.start();
    expect(remoteB.planInfos().find((p) => p.station === 6 && p.planNumber === 1)).toMatchObject({
      alertingCount: 1,
    });
    expect(await remoteB.onAlarm(1, 1)).toEqual([
      { station: 1, planNumber: 1 },
      { station: 1, planNumber: 2 },
    ]);
    const after = await planRow(b.store, 1, 1);
    expect(JSON.parse(after.pending_messages)).toHaveLength(1);
    expect(after.alerting_count).toBe(1);
    expect(b.lost).toBe(0);
  }, 20_000);

  it("refuses a former owner's scheduled export runs; the new owner runs them once", async () => {
    const timeZone = plant.info.timeZone;
    const exportsOf = async (p: Process) =>
      createScheduledExports({
        db: p.store.db,
        reports: await createReportService({
          store: p.store,
          timeZone,
          source: createLiveReportValueSource({ plant, timeZone, pvs: [] }),
        }),
        annotations: (query) => createAnnotationService({ store: p.store, plant }).list(query),
        canRead: async () => true,
        plantName: plant.info.name,
        timeZone,
        exportDir: path.join(os.tmpdir(), `leitwarte-fenced-exports-${process.pid}`),
        mail: null,
        now: () => clock,
        fencedWrite: (work, what) => p.store.fencedWrite(work, what),
      });
    const a = await serverProcess('a');
    // A day export of a report that is gone (each run ends Failed, a run all the same), due for 3 days.
    await a.store.db
      .insertInto('report_scheduled_exports')
      .values({
        user_id: 1,
        config_id: 999,
        kind: 'day',
        format: 'csv',
        time_of_day: '00:05',
        folder: 'tag',
        recipients: '[]',
        created_at: clock - 3 * 86_400_000,
      })
      .execute();
    const runs = () =>
      a.store.db.selectFrom('report_export_runs').select(['period', 'status']).orderBy('period').execute();
    const exportsA = await exportsOf(a);
    await exportsA.recoverInterrupted();

    const b = await takeover(a);
    await expect(exportsA.runDue()).rejects.toThrow(FencedOut);
    expect(await runs()).toEqual([]);
    await until(() => a.lost === 1);
    expect(lossLines(a)).toEqual([
      'field ownership lost: fenced out by a newer owner (a scheduled export run refused)',
    ]);
    // Not retried: another round of the former owner claims nothing either, and logs nothing more.
    await expect(exportsA.runDue()).rejects.toThrow(FencedOut);
    expect(await runs()).toEqual([]);
    expect(lossLines(a)).toHaveLength(1);

    const exportsB = await exportsOf(b);
    await exportsB.recoverInterrupted();
    expect(await exportsB.runDue()).toBe(3);
    const done = await runs();
    expect(done).toHaveLength(3);
    expect(done.every((r) => r.status === 'Failed')).toBe(true);
    expect(await exportsB.runDue()).toBe(0);
    expect(b.lost).toBe(0);
  }, 20_000);
});
