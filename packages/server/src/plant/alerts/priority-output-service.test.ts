import { afterEach, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { openStore, type Store } from '../../store/index.js';
import { DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import { createAlertHarness, OPERATOR, type AlertHarness } from './alert-harness.js';
import { createPriorityOutputService, type PriorityOutputService } from './priority-output-service.js';

const definition = loadPlantDefinition(DEMO_PLANT_PATH);

describe.each(BOTH_DIALECTS)('priority outputs on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let h: AlertHarness;
  let outputs: PriorityOutputService;

  const setUp = async (rates = {}) => {
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    h = await createAlertHarness(store, definition, { rates });
    outputs = createPriorityOutputService({
      store,
      plant: h.plant,
      alerts: h.alerts,
      groups: h.content.pvGroups,
      now: h.now,
    });
  };
  afterEach(async () => {
    await h.stop();
    await store.close();
    await database.drop();
  });

  it('offers the stations with PV groups and their groups', async () => {
    await setUp();
    const options = outputs.options();
    expect(options.hasOptions).toBe(true);
    expect(options.stationOptions[0]).toEqual({ station: 1, name: 'Wasserwerk Auheim' });
    expect(options.optionsForStation[0]?.pvGroups.map((g) => g.name)).toEqual([
      'Pumpen',
      'Behälter',
      'Störungen',
    ]);
    expect(outputs.options((s) => s === 2).stationOptions).toEqual([
      { station: 2, name: 'Hochbehälter Lindenberg' },
    ]);
    expect(outputs.options(() => false)).toEqual({
      hasOptions: false,
      stationOptions: [],
      optionsForStation: [],
    });
  });

  it('says when there is nothing to acknowledge, and refuses unknown stations and groups', async () => {
    await setUp();
    expect(await outputs.acknowledge(1, 11, OPERATOR)).toMatchObject({
      status: 'Success',
      messageKey: 'nothingToAcknowledge',
      message: 'Keine Prioritätenausgänge zum Quittieren vorhanden',
    });
    expect(await outputs.acknowledge(99, 11, OPERATOR)).toMatchObject({
      status: 'Failed',
      errorMessage: 'Unbekannte Station 99',
    });
    expect((await outputs.acknowledge(1, 21, OPERATOR)).status).toBe('Failed');
    expect(await store.audit.range(0, h.now(), 10)).toEqual([]);
  });

  it('acknowledges the pending alerts and the failure inputs of a group, audited once', async () => {
    await setUp({ failuresPerHour: 600 });
    const failed = () =>
      h.seen.newAlert.find((a) => a.message.endsWith('gestört') && a.station !== 8 && a.station !== 10);
    expect(await h.runUntil(() => failed() !== undefined, 1800)).toBe(true);
    const alert = failed()!;
    const group = h.content.pvGroups.find((g) => g.station === alert.station && g.name === 'Störungen')!;
    const reply = await outputs.acknowledge(alert.station!, group.id, OPERATOR);
    expect(reply).toMatchObject({
      status: 'Success',
      messageKey: 'acknowledged',
      message: 'Prioritätenausgänge erfolgreich quittiert',
    });
    expect(reply.acknowledgedInputs).toBeGreaterThanOrEqual(1);
    const pv = h.plant.values.get(`DigiIn-${alert.pv!.nr}`);
    expect(pv).toMatchObject({ type: 'FailureStateValue', failureStateValue: 2 });
    await h.alerts.flush();
    expect(h.alerts.openAlerts().find((a) => a.id === alert.id)).toMatchObject({ state: 'acknowledged' });
    const audit = await store.audit.range(0, h.now(), 10);
    expect(audit.map((r) => r.action)).toEqual(['priorityOutputs.acknowledge']);
  });
});
