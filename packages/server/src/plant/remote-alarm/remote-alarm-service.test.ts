import { ALARM_PLAN_MEMBER_SLOTS, ALARM_PLAN_PRIORITY_FLAGS, type AlarmPlanInfo } from '@leitwarte/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, QUIET_RATES } from '../../sources/index.js';
import { openStore, type Store } from '../../store/index.js';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import type { Plant } from '../plant.js';
import { createRemoteAlarmService, loadRemoteAlarmContent, plantContentPath, type Actor } from './index.js';

const definition = loadPlantDefinition(DEMO_PLANT_PATH);
const stations = new Set(definition.stations.map((s) => s.number));
const content = loadRemoteAlarmContent(plantContentPath(DEMO_PLANT_PATH, 'remote-alarm.json'), stations);
const T0 = Date.UTC(2025, 5, 10, 8, 0, 0);
const admin: Actor = { userId: 1, username: 'admin', role: 'administrator' };
/** An operator of the water side: may not touch the treatment plant (station 11). */
const operator: Actor = { userId: 2, username: 'meier', role: 'operator' };
const viewer: Actor = { userId: 3, username: 'gast', role: 'viewer' };

describe.each(BOTH_DIALECTS)('remote alarm plans and call numbers on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let plant: Plant;
  const t = T0;

  const service = () =>
    createRemoteAlarmService({
      store,
      plant,
      content,
      now: () => t,
      autoTick: false,
      random: () => 0.5,
      canEditPlan: (actor, ref) =>
        actor.role === 'administrator' || (actor.role === 'operator' && ref.station !== 11),
    });

  beforeEach(async () => {
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

  it('seeds the demo content once: plans and lines for every station, 10 flags and 20 slots', async () => {
    const remote = service();
    await remote.start();
    const infos = remote.planInfos();
    expect(infos).toHaveLength(content.plans.length);
    for (const station of stations) {
      expect(infos.some((p) => p.station === station)).toBe(true);
      expect(remote.lineInfos().some((l) => l.station === station)).toBe(true);
    }
    const water = infos.find((p) => p.station === 1 && p.planNumber === 1) as AlarmPlanInfo;
    expect(water).toMatchObject({ planname: 'Bereitschaft Wasser', active: true, undeliveredMessages: 0 });
    expect(water.activePriorities).toHaveLength(ALARM_PLAN_PRIORITY_FLAGS);
    expect(water.recipients).toHaveLength(ALARM_PLAN_MEMBER_SLOTS);
    expect(remote.lineInfos()[0]).toEqual({
      station: 1,
      lineNumber: 1,
      busy: false,
      faulty: false,
      connectionType: 'IP',
    });
    const all = await remote.plans(operator);
    expect(all.alarmCallnumbers.length).toBeGreaterThanOrEqual(6);
    expect(all.categories.length).toBeGreaterThan(0);
    expect(all.pvGroups.length).toBeGreaterThan(0);
    expect(all.alarmPlans.find((p) => p.station === 11)?.currentUserCanEdit).toBe(false);
    expect(all.alarmPlans.find((p) => p.station === 1)?.currentUserCanEdit).toBe(true);

    // A change survives a restart and the store is not seeded again.
    await remote.setPlansActive(admin, [{ station: 1, planNumber: 1, active: false }]);
    const again = service();
    await again.start();
    expect(again.planInfos().find((p) => p.station === 1 && p.planNumber === 1)?.active).toBe(false);
    expect(again.planInfos()).toHaveLength(content.plans.length);
  });

  it('sets plans active per plan, audits and announces; refuses plans the caller may not edit', async () => {
    const remote = service();
    await remote.start();
    const events: AlarmPlanInfo[][] = [];
    remote.onPlanInfo((plans) => events.push([...plans]));

    const refused = await remote.setPlansActive(operator, [
      { station: 1, planNumber: 1, active: false },
      { station: 11, planNumber: 1, active: false },
    ]);
    expect(refused).toMatchObject({
      status: 'Unauthorized',
      unauthorizedPlans: [{ station: 11, planNumber: 1 }],
    });
    expect(
      remote
        .planInfos()
        .filter((p) => !p.active)
        .map((p) => `${p.station}/${p.planNumber}`),
    ).toEqual(['11/2']);
    expect(events).toHaveLength(0);

    const missing = await remote.setPlansActive(admin, [{ station: 1, planNumber: 99, active: false }]);
    expect(missing).toMatchObject({ status: 'Failed', missingPlans: [{ station: 1, planNumber: 99 }] });
    const twice = await remote.setPlansActive(admin, [
      { station: 1, planNumber: 1, active: false },
      { station: 1, planNumber: 1, active: true },
    ]);
    expect(twice.status).toBe('Failed');

    const ok = await remote.setPlansActive(operator, [{ station: 1, planNumber: 1, active: false }]);
    expect(ok).toEqual({ status: 'Success', errorMessage: null, unauthorizedPlans: [], missingPlans: [] });
    expect(events.flat().map((p) => [p.station, p.planNumber, p.active])).toEqual([[1, 1, false]]);
    const rows = await store.audit.range(0, T0 + 1, 10);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'remoteAlarm.setPlanActive',
      username: 'meier',
      old_value: 'true',
      new_value: 'false',
    });

    // screens §4: the activation page offers a change only where currentUserCanEdit.
    const activation = await remote.activationList(operator);
    expect(activation.find((a) => a.plan.station === 1 && a.plan.planNumber === 1)).toEqual({
      plan: { station: 1, planNumber: 1 },
      planName: 'Bereitschaft Wasser',
      pvAreaName: 'Wasserwerk Auheim Störmeldungen',
      isActive: false,
      currentUserCanEdit: true,
    });
    expect(activation.find((a) => a.plan.station === 11)?.currentUserCanEdit).toBe(false);
  });

  it('toggles with default 2, sets with 0 and 1 and refuses other defaults (screens §3 action payloads)', async () => {
    const remote = service();
    await remote.start();
    const active = () => remote.planInfos().find((p) => p.station === 9 && p.planNumber === 2)?.active;
    expect((await remote.togglePlans(admin, [{ station: 9, faplan: 2, default: 2 }])).status).toBe('Success');
    expect(active()).toBe(false);
    await remote.togglePlans(admin, [{ station: 9, faplan: 2, default: 2 }]);
    expect(active()).toBe(true);
    await remote.togglePlans(admin, [{ station: 9, faplan: 2, default: 1 }]);
    expect(active()).toBe(true);
    await remote.togglePlans(admin, [{ station: 9, faplan: 2, default: 0 }]);
    expect(active()).toBe(false);
    expect((await remote.togglePlans(admin, [{ station: 9, faplan: 2, default: 3 }])).status).toBe('Failed');
    expect((await remote.togglePlans(viewer, [{ station: 9, faplan: 2, default: 2 }])).status).toBe(
      'Unauthorized',
    );
    expect(active()).toBe(false);
    expect(await store.audit.range(0, T0 + 1, 10)).toHaveLength(3);
  });

  it('validates call numbers (number format, name not empty) and changes nothing when one is bad', async () => {
    const remote = service();
    await remote.start();
    const before = (await remote.callNumbers()).alarmCallnumbers;
    const bad = await remote.setCallNumbers(admin, [
      { name: 'Neuer Kollege', number: '0151-98765432', active: true, categoryId: 1 },
      { id: 1, name: '  ', number: '0151-ABC', active: true, categoryId: 1 },
      { id: 999, name: 'Niemand', number: '0151-1234567', active: true, categoryId: 77 },
    ]);
    expect(bad.status).toBe('Failed');
    expect(bad.errorMessage).toContain('Rufnummer 1: Name darf nicht leer sein.');
    expect(bad.errorMessage).toContain('Ungültige Rufnummer');
    expect(bad.errorMessage).toContain('Rufnummer 999: existiert nicht.');
    expect(bad.errorMessage).toContain('unbekannte Kategorie 77');
    expect((await remote.callNumbers()).alarmCallnumbers).toEqual(before);

    const ok = await remote.setCallNumbers(admin, [
      { name: 'Neuer Kollege', number: ' +49  151 98765432 ', active: true, categoryId: 1 },
      { id: 1, name: 'Bereitschaft Wasser (neu)', number: '0151-23456799', active: true, categoryId: 1 },
    ]);
    expect(ok.status).toBe('Success');
    const created = ok.callNumbers.find((n) => n.name === 'Neuer Kollege');
    expect(created).toMatchObject({ number: '+49 151 98765432', active: true });
    expect(created?.id).toBeGreaterThan(Math.max(...before.map((n) => n.id)));
    expect(ok.callNumbers.find((n) => n.id === 1)?.number).toBe('0151-23456799');
    expect((await store.audit.range(0, T0 + 1, 10)).map((r) => r.action)).toEqual([
      'remoteAlarm.saveCallNumber',
      'remoteAlarm.saveCallNumber',
    ]);
    // The store holds it: a restarted service reads the same.
    const again = service();
    await again.start();
    expect((await again.callNumbers()).alarmCallnumbers).toEqual(ok.callNumbers);
  });

  it('sets call-number activation, refuses unknown ids and callers without rights', async () => {
    const remote = service();
    await remote.start();
    expect((await remote.setCallNumberStates(admin, [{ id: 999, active: false }])).status).toBe('Failed');
    expect((await remote.setCallNumberStates(viewer, [{ id: 1, active: false }])).status).toBe(
      'Unauthorized',
    );
    expect((await remote.setCallNumbers(viewer, [])).status).toBe('Unauthorized');
    const ok = await remote.setCallNumberStates(operator, [
      { id: 1, active: false },
      { id: 10, active: true },
    ]);
    expect(ok.status).toBe('Success');
    expect(ok.callNumbers.find((n) => n.id === 1)?.active).toBe(false);
    expect(ok.callNumbers.find((n) => n.id === 10)?.active).toBe(true);
    const rows = await store.audit.range(0, T0 + 1, 10);
    expect(rows.map((r) => r.action)).toEqual([
      'remoteAlarm.setCallNumberState',
      'remoteAlarm.setCallNumberState',
    ]);
    expect(JSON.parse(rows[0]?.new_value ?? '{}')).toMatchObject({ active: expect.any(Boolean) });
  });
});
