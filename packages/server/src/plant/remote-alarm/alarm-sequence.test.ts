import { REMOTE_ALARM_TEXT_KEYS as KEYS, type AlarmLineInfo, type AlarmPlanInfo } from '@leitwarte/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, QUIET_RATES, seededRandom } from '../../sources/index.js';
import { openStore, type Store } from '../../store/index.js';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import type { Plant } from '../plant.js';
import {
  createRemoteAlarmService,
  loadRemoteAlarmContent,
  plantContentPath,
  type Actor,
  type SequenceTiming,
} from './index.js';

const definition = loadPlantDefinition(DEMO_PLANT_PATH);
const stations = new Set(definition.stations.map((s) => s.number));
const content = loadRemoteAlarmContent(plantContentPath(DEMO_PLANT_PATH, 'remote-alarm.json'), stations);
const T0 = Date.UTC(2025, 5, 10, 8, 0, 0);
const admin: Actor = { userId: 1, username: 'admin', role: 'administrator' };
const viewer: Actor = { userId: 3, username: 'gast', role: 'viewer' };
/** Fixed call lengths so counts at given times are exact. */
const CALL_MS = 30_000;
const PAUSE_MS = 10_000;

describe.each(BOTH_DIALECTS)('remote alarm sequence on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let plant: Plant;
  let t = T0;

  const start = async (timing: Partial<SequenceTiming>) => {
    const remote = createRemoteAlarmService({
      store,
      plant,
      content,
      now: () => t,
      autoTick: false,
      random: seededRandom(42),
      timing: { callMs: [CALL_MS, CALL_MS], pauseMs: PAUSE_MS, lineFaultProbability: 0, ...timing },
      canEditPlan: (actor) => actor.role === 'administrator',
    });
    await remote.start();
    const plans: AlarmPlanInfo[] = [];
    const lines: AlarmLineInfo[] = [];
    remote.onPlanInfo((p) => plans.push(...p));
    remote.onLineInfo((l) => lines.push(...l));
    const plan = (station: number, planNumber: number) =>
      remote.planInfos().find((p) => p.station === station && p.planNumber === planNumber) as AlarmPlanInfo;
    const advance = async (ms: number) => {
      t += ms;
      await remote.tick();
    };
    return { remote, plans, lines, plan, advance };
  };

  beforeEach(async () => {
    t = T0;
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    const source = createSimulator(definition, { now: () => t, autoTick: false, rates: QUIET_RATES });
    plant = createPlant({ definition, source, now: () => t });
    await plant.start();
  });
  afterEach(async () => {
    await plant.stop();
    await store.close();
    await database.drop();
  });

  it('alerts only active plans of the station whose priority is active', async () => {
    const { remote } = await start({ confirmProbability: 1 });
    expect(await remote.onAlarm(6, 5)).toEqual([]); // doors are not alerted by "Bereitschaft Abwasser"
    expect(await remote.onAlarm(11, 2)).toEqual([{ station: 11, planNumber: 1 }]); // "Klärwärter Wochenende" is off
    expect(await remote.onAlarm(1, 1)).toEqual([
      { station: 1, planNumber: 1 },
      { station: 1, planNumber: 2 },
    ]);
    expect(await remote.onAlarm(99, 1)).toEqual([]);
  });

  it('a confirmed call delivers the message and frees the line', async () => {
    const { remote, plan, lines, advance } = await start({ confirmProbability: 1 });
    await remote.onAlarm(6, 2);
    expect(plan(6, 1)).toMatchObject({ undeliveredMessages: 1, alertingCount: 1, statusText: KEYS.alerting });
    expect(lines.at(-1)).toMatchObject({ station: 6, lineNumber: 1, busy: true });
    await advance(CALL_MS);
    expect(plan(6, 1)).toMatchObject({
      undeliveredMessages: 0,
      deliveredMessages: 1,
      alertingCount: 1,
      statusText: KEYS.delivered,
    });
    expect(lines.at(-1)).toMatchObject({ station: 6, lineNumber: 1, busy: false });
    expect(await remote.plansToConfirm(admin)).toEqual([]);
  });

  it('nobody confirms: the next number is called until the call-number changes are used up', async () => {
    const { remote, plan, advance } = await start({ confirmProbability: 0 });
    await remote.onAlarm(6, 1);
    // "Bereitschaft Abwasser": 8 number changes at most, 10 alerting attempts at most.
    await advance(CALL_MS);
    expect(plan(6, 1)).toMatchObject({ alertingCount: 1, callNumberChangeCount: 1 });
    await advance(PAUSE_MS);
    expect(plan(6, 1)).toMatchObject({ alertingCount: 2, callNumberChangeCount: 1 });
    await advance(60 * 60_000);
    expect(plan(6, 1)).toMatchObject({
      alertingCount: 9,
      callNumberChangeCount: 8,
      undeliveredMessages: 1,
      statusText: KEYS.callNumberChangeCountExceeded,
    });
    expect(
      remote
        .lineInfos()
        .filter((l) => l.station === 6)
        .every((l) => !l.busy),
    ).toBe(true);
    expect(await remote.plansToConfirm(admin)).toEqual([
      expect.objectContaining({ station: 6, planNumber: 1, undeliveredMessages: 1, unsentMessages: 0 }),
    ]);
  });

  it('the alerting count is capped by alertingCountMax', async () => {
    const { remote, plan, advance } = await start({ confirmProbability: 0 });
    await remote.onAlarm(2, 2); // "Bereitschaft Wasser": 8 attempts, 10 number changes
    await advance(60 * 60_000);
    expect(plan(2, 1)).toMatchObject({
      alertingCount: 8,
      alertingCountMax: 8,
      callNumberChangeCount: 8,
      statusText: KEYS.alertingCountExceeded,
    });
  });

  it('acknowledges sent messages only, or all with ackNonSent (calls §7 ack-plans)', async () => {
    const { remote, plan, lines, advance } = await start({ confirmProbability: 0 });
    await remote.onAlarm(7, 2); // first message goes out with the first call
    await advance(5_000);
    await remote.onAlarm(7, 3); // arrives during the call: not sent yet
    expect(await remote.plansToConfirm(admin)).toEqual([
      expect.objectContaining({ station: 7, planNumber: 1, undeliveredMessages: 2, unsentMessages: 1 }),
    ]);
    expect((await remote.ackPlans(viewer, [{ station: 7, planNumber: 1 }], false)).status).toBe(
      'Unauthorized',
    );
    expect(plan(7, 1).undeliveredMessages).toBe(2);

    expect((await remote.ackPlans(admin, [{ station: 7, planNumber: 1 }], false)).status).toBe('Success');
    // The unsent message is alerted afresh, counters from zero, on a free line.
    expect(plan(7, 1)).toMatchObject({ undeliveredMessages: 1, alertingCount: 1, statusText: KEYS.alerting });
    expect(lines.filter((l) => l.station === 7 && l.busy)).not.toHaveLength(0);

    expect((await remote.ackPlans(admin, [{ station: 7, planNumber: 1 }], true)).status).toBe('Success');
    expect(plan(7, 1)).toMatchObject({
      undeliveredMessages: 0,
      alertingCount: 0,
      callNumberChangeCount: 0,
      statusText: null,
    });
    expect(
      remote
        .lineInfos()
        .filter((l) => l.station === 7)
        .every((l) => !l.busy),
    ).toBe(true);
    expect(await remote.plansToConfirm(admin)).toEqual([]);
    await advance(60 * 60_000);
    expect(plan(7, 1).alertingCount).toBe(0);

    const rows = await store.audit.range(0, t + 1, 50);
    // The escalation's own steps are in the audit too: each call attempt and each call made.
    expect(rows.filter((r) => r.action === 'remoteAlarm.attempt').map((r) => r.new_value)).toEqual([
      'Bereitschaftshandy Abwasser (voice)',
      'Bereitschaftshandy Abwasser (voice)',
    ]);
    const audit = rows.filter((r) => r.action === 'remoteAlarm.ackPlan');
    expect(audit.map((r) => [r.action, r.old_value, r.new_value])).toEqual([
      ['remoteAlarm.ackPlan', '1', '0'],
      ['remoteAlarm.ackPlan', '2', '1'],
    ]);
    expect(JSON.parse(audit[0]?.detail ?? '{}')).toEqual({ ackNonSent: true, acknowledged: 1 });
  });

  it('switching a plan off stops its alerting and keeps the message to be acknowledged', async () => {
    const { remote, plan, advance } = await start({ confirmProbability: 0 });
    await remote.onAlarm(9, 3);
    await remote.setPlansActive(admin, [{ station: 9, planNumber: 2, active: false }]);
    await advance(60 * 60_000);
    expect(plan(9, 2)).toMatchObject({
      active: false,
      alertingCount: 1,
      undeliveredMessages: 1,
      statusText: null,
    });
    expect(plan(9, 1).statusText).not.toBeNull();
  });

  it('a failing line becomes faulty, the next line is tried, and both recover', async () => {
    const { remote, plan, lines, advance } = await start({
      confirmProbability: 0,
      lineFaultProbability: 1,
      lineRecoveryMs: [120_000, 120_000],
    });
    await remote.onAlarm(4, 2); // only "Bereitschaft Wasser" alerts for priority 2
    expect(lines.at(-1)).toMatchObject({ station: 4, lineNumber: 1, faulty: true, busy: false });
    await advance(PAUSE_MS);
    expect(
      remote
        .lineInfos()
        .filter((l) => l.station === 4)
        .map((l) => l.faulty),
    ).toEqual([true, true]);
    await advance(PAUSE_MS);
    expect(plan(4, 1).statusText).toBe(KEYS.noLineAvailable);
    const attempts = plan(4, 1).alertingCount;
    expect(attempts).toBe(2);
    // Stop the alerting so nothing takes the lines again, then both recover.
    await remote.ackPlans(admin, [{ station: 4, planNumber: 1 }], true);
    lines.length = 0;
    await advance(120_000);
    expect(lines.map((l) => [l.lineNumber, l.faulty])).toEqual([
      [1, false],
      [2, false],
    ]);
    // Every attempt that reached a line counts, also when the line failed: the cap ends it.
    await remote.onAlarm(4, 2);
    await advance(60 * 60_000);
    expect(plan(4, 1)).toMatchObject({ alertingCount: 8, statusText: KEYS.alertingCountExceeded });
  });

  it('is deterministic for the same clock and random source', async () => {
    const run = async () => {
      const { remote, plan, advance } = await start({ confirmProbability: 0.5, lineFaultProbability: 0.2 });
      await remote.onAlarm(3, 1);
      await advance(20 * 60_000);
      return plan(3, 1);
    };
    const first = await run();
    // A second service on the same store continues from the stored state; compare against a fresh store.
    await store.close();
    await database.drop();
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    t = T0;
    expect(await run()).toEqual(first);
  });
});
