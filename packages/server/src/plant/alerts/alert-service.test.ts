import type { LimitConfig } from '@leitwarte/core';
import { afterEach, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { openStore, type Store } from '../../store/index.js';
import { DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import {
  createAlertHarness,
  OPERATOR,
  type AlertHarness,
  type AlertHarnessOptions,
} from './alert-harness.js';

const definition = loadPlantDefinition(DEMO_PLANT_PATH);
/** Schaltschranktemperatur of station n: wanders around 21 °C, domain −20…60 (hysteresis 1 % = 0.8). */
const temperature = (station: number) => ({ type: 'AnaIn' as const, nr: station * 100000 + 1 });

const top = (station: number, limit: number, delayTime = 0): LimitConfig => ({
  pvLimitRef: { pv: temperature(station), limitType: 'Top' },
  limit,
  priority: 3,
  delayTime,
  description: 'Oberer Grenzwert',
  message: 'Schaltschrank: Übertemperatur',
  notSet: false,
});

describe.each(BOTH_DIALECTS)('alert engine on %s with the simulator', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let h: AlertHarness;

  const setUp = async (options: AlertHarnessOptions = {}) => {
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    h = await createAlertHarness(store, definition, options);
    return h;
  };
  afterEach(async () => {
    await h?.stop();
    await store?.close();
    await database?.drop();
  });

  it('raises no alert before the delay time has passed, and one after it', async () => {
    await setUp();
    expect(h.seen.newAlert).toHaveLength(0);
    expect((await h.limits.setLimits([top(1, 15, 5)], OPERATOR)).status).toBe('Success');
    await h.run(4);
    expect(h.seen.newAlert).toHaveLength(0);
    await h.run(2);
    expect(h.seen.newAlert).toHaveLength(1);
    expect(h.seen.newAlert[0]).toMatchObject({
      source: 'AnaIn-100001/ogw',
      bindingKind: 'device',
      bindingKey: 'AnaIn-100001',
      pv: temperature(1),
      station: 1,
      limitType: 'Top',
      priority: 3,
      limit: 15,
      message: 'Schaltschrank: Übertemperatur',
      description: 'Wasserwerk Auheim: Fernwirkstation Schaltschranktemperatur',
      state: 'coming',
      pending: true,
      active: true,
    });
    expect(h.seen.newAlert[0]?.comingAt).toBe(h.now());
    expect(h.alerts.pendingStates('device')).toEqual([{ kind: 'device', key: 'AnaIn-100001', ackState: 1 }]);
  });

  it('coming → going when the limit is no longer violated, acknowledged → closed', async () => {
    await setUp();
    await h.limits.setLimits([top(1, 15)], OPERATOR);
    await h.alerts.flush();
    const [alert] = h.seen.newAlert;
    await h.limits.setLimits([top(1, 40)], OPERATOR);
    await h.alerts.flush();
    expect(h.seen.alertState.at(-1)).toMatchObject({
      id: alert?.id,
      state: 'going',
      pending: true,
      goingAt: h.now(),
    });
    expect(h.alerts.pendingStates()).toEqual([{ kind: 'device', key: 'AnaIn-100001', ackState: 1 }]);
    const acked = await h.alerts.acknowledge([alert!.id], OPERATOR);
    expect(acked).toMatchObject([
      { id: alert?.id, state: 'acknowledged', pending: false, acknowledgedBy: 'meier' },
    ]);
    expect(h.seen.ackAlert).toHaveLength(1);
    expect(h.alerts.openAlerts()).toEqual([]);
    expect(h.seen.pending.at(-1)).toEqual([{ kind: 'device', key: 'AnaIn-100001', ackState: 0 }]);
    // A second acknowledgement finds nothing to do.
    expect(await h.alerts.acknowledge([alert!.id], OPERATOR)).toEqual([]);
    const audit = await store.audit.range(0, h.now(), 10);
    expect(audit.map((r) => r.action)).toContain('alerts.acknowledge');
  });

  it('an acknowledged alert stays open while its condition lasts and shows ackState 2', async () => {
    await setUp();
    await h.limits.setLimits([top(2, 15)], OPERATOR);
    await h.alerts.flush();
    await h.alerts.acknowledge([h.seen.newAlert[0]!.id], OPERATOR);
    expect(h.alerts.openAlerts()).toMatchObject([{ state: 'acknowledged', active: true }]);
    expect(h.alerts.pendingStates()).toEqual([{ kind: 'device', key: 'AnaIn-200001', ackState: 2 }]);
    await h.limits.setLimits([top(2, 40)], OPERATOR);
    await h.alerts.flush();
    expect(h.alerts.openAlerts()).toEqual([]);
    // It went while acknowledged: the new state is announced, nothing new comes.
    expect(h.seen.alertState.at(-1)).toMatchObject({ state: 'acknowledged', active: false });
    expect(h.seen.newAlert).toHaveLength(1);
  });

  it('the hysteresis keeps an alert from flapping while the value wanders around the limit', async () => {
    const comings = async (percent: number) => {
      await setUp({ settings: { alertHysteresisPercent: percent, stationConnectionAlertPriority: 3 } });
      await h.limits.setLimits([top(1, 21)], OPERATOR);
      await h.run(900);
      const count = h.seen.newAlert.length;
      await h.stop();
      await store.close();
      await database.drop();
      return count;
    };
    const without = await comings(0);
    const withHysteresis = await comings(1);
    expect(without).toBeGreaterThan(5);
    expect(withHysteresis).toBeGreaterThanOrEqual(1);
    expect(withHysteresis).toBeLessThan(without / 3);
    await setUp();
  });

  it('pages alerts newest first with the total, filters by PVs, acknowledges all, deletes closed ones only', async () => {
    await setUp();
    for (const station of [1, 2, 3, 4, 5]) {
      await h.limits.setLimits([top(station, 15)], OPERATOR);
      await h.run(1);
    }
    expect(h.seen.newAlert).toHaveLength(5);
    const page = await h.alerts.range(0, h.now(), 2);
    expect(page.total).toBe(5);
    expect(page.alerts.map((a) => a.station)).toEqual([5, 4]);
    const byPvs = await h.alerts.byPvs([temperature(2), temperature(3)], 0, h.now(), 10);
    expect(byPvs.alerts.map((a) => a.station)).toEqual([3, 2]);
    await expect(h.alerts.range(10, 5, 10)).rejects.toThrow(RangeError);
    await expect(h.alerts.range(0, 5, 0)).rejects.toThrow(RangeError);

    const acked = await h.alerts.acknowledgeAll(OPERATOR);
    expect(acked).toHaveLength(5);
    expect(h.seen.ackAlerts.at(-1)).toHaveLength(5);
    expect(h.alerts.pendingStates().every((s) => s.ackState === 2)).toBe(true);
    for (const station of [1, 2, 3]) await h.limits.setLimits([top(station, 40)], OPERATOR);
    await h.alerts.flush();
    const ids = h.seen.newAlert.map((a) => a.id);
    // Stations 4 and 5 are still active: their alerts stay.
    const deleted = await h.alerts.delete(ids, OPERATOR);
    expect(deleted).toEqual(ids.slice(0, 3));
    expect(h.seen.deletedAlerts).toEqual([ids.slice(0, 3)]);
    expect((await h.alerts.range(0, h.now(), 10)).total).toBe(2);
    expect(await h.alerts.acknowledgeAll(OPERATOR)).toEqual([]);
  });

  it('digital inputs raise with their configured or changed priority; failure inputs follow the field states', async () => {
    await setUp({ rates: { doorOpeningsPerHour: 120, failuresPerHour: 120 } });
    const doors = definition.pvs
      .filter((pv) => pv.role === 'door')
      .map((pv) => ({ pv: pv.ref, priority: 7 }));
    expect((await h.limits.setDigitalPriorities(doors, OPERATOR)).status).toBe('Success');
    const door = () => h.seen.newAlert.find((a) => a.message === 'Tür geöffnet');
    expect(await h.runUntil(() => door() !== undefined, 1800)).toBe(true);
    expect(door()).toMatchObject({ priority: 7, bindingKind: 'device', value: 1, state: 'coming' });

    // A permanent station, so the field's states arrive at once (dial-up stations report when they call in).
    const permanent = new Set(
      definition.stations.filter((s) => s.connection === 'permanent').map((s) => s.number),
    );
    const failure = () =>
      h.seen.newAlert.find(
        (a) => a.pv?.type === 'DigiIn' && a.message.endsWith('gestört') && permanent.has(a.station ?? 0),
      );
    expect(await h.runUntil(() => failure() !== undefined, 1800)).toBe(true);
    const alert = failure()!;
    expect(alert).toMatchObject({ priority: 2, value: 1, state: 'coming' });
    // Acknowledged on site (state 2): the alert is acknowledged, by nobody in the control room.
    const ack = { ...h.plant.values.get(`DigiIn-${alert.pv!.nr}`)!, failureStateValue: 2 } as const;
    await h.plant.write([
      { ref: alert.pv!, value: { ...ack, type: 'FailureStateValue', failureStateValue: 2 } },
    ]);
    await h.alerts.flush();
    expect(h.seen.ackAlert.find((a) => a.id === alert.id)).toMatchObject({
      ackOrigin: 'field',
      acknowledgedBy: null,
    });
    // The failure clears (state 0) within 15 minutes: the alert goes and is closed.
    const gone = () => h.seen.alertState.some((a) => a.id === alert.id && !a.active);
    expect(await h.runUntil(gone, 1200)).toBe(true);
    expect(h.alerts.openAlerts().some((a) => a.id === alert.id)).toBe(false);
  });

  it('station connection errors raise pending station-connection states that clear on reconnect', async () => {
    await setUp({ rates: { dialFailureRate: 0.5 }, seed: 3 });
    const stationAlert = () => h.seen.newAlert.find((a) => a.bindingKind === 'stationConnection');
    expect(await h.runUntil(() => stationAlert() !== undefined, 3600)).toBe(true);
    const alert = stationAlert()!;
    expect(alert.message).toMatch(/^(Zeitüberschreitung|Verbindungsfehler): Station nicht erreichbar$/);
    expect(h.alerts.pendingStates('stationConnection')).toContainEqual({
      kind: 'stationConnection',
      key: String(alert.station),
      ackState: 1,
    });
    const gone = () => h.seen.alertState.some((a) => a.id === alert.id);
    expect(await h.runUntil(gone, 3600)).toBe(true);
    expect(h.plant.station(alert.station!)?.dialState).toBe('Connected');
  });

  it('a restarted engine takes over the open alerts instead of raising them again', async () => {
    await setUp();
    await h.limits.setLimits([top(1, 15)], OPERATOR);
    await h.alerts.flush();
    await h.restart();
    expect(h.seen.newAlert).toHaveLength(1);
    expect(h.alerts.openAlerts().map((a) => a.id)).toEqual([h.seen.newAlert[0]!.id]);
    expect(h.alerts.pendingStates()).toHaveLength(1);
    await h.limits.setLimits([top(1, 40)], OPERATOR);
    await h.alerts.flush();
    expect(h.seen.alertState.at(-1)).toMatchObject({ id: h.seen.newAlert[0]!.id, state: 'going' });
  });
});
