import { afterEach, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { openStore, type Store } from '../../store/index.js';
import { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import { createSimulator, QUIET_RATES } from '../../sources/index.js';
import { createControlEventService } from './control-event-service.js';

const definition = loadPlantDefinition(DEMO_PLANT_PATH);
const T0 = Date.UTC(2025, 5, 10, 8, 0, 0);

describe.each(BOTH_DIALECTS)('control events on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  it('merge audit entries and system events newest first, with the total in the range', async () => {
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    let t = T0;
    const sim = createSimulator(definition, {
      seed: 3,
      rates: { ...QUIET_RATES, dialFailureRate: 1 },
      now: () => t,
      autoTick: false,
    });
    const plant = createPlant({ definition, source: sim, now: () => t });
    const events = createControlEventService({ store, plant, now: () => t });
    events.start();
    await events.record({ kind: 'serverStart', text: 'Server gestartet' });
    await plant.start();
    t += 1000;
    await store.audit.append({ at: t, userId: 1, username: 'admin', action: 'login' });
    // Dial-up stations call in within a minute and fail (every attempt fails here).
    for (let i = 0; i < 90; i++) {
      t += 1000;
      sim.step();
    }
    sim.setConnected(false);
    t += 1000;
    sim.setConnected(true);
    t += 1000;
    sim.step();
    t += 1000;
    await store.audit.append({
      at: t,
      userId: 1,
      username: 'admin',
      action: 'limits.set',
      object: 'AnaIn-100001/ogw',
      oldValue: '40',
      newValue: '35',
    });
    await events.flush();

    const all = await events.query(T0, t, 100);
    const kinds = all.events.map((e) => e.kind);
    expect(kinds[0]).toBe('limits.set');
    expect(kinds.at(-1)).toBe('serverStart');
    expect(kinds).toContain('login');
    expect(kinds).toEqual(expect.arrayContaining(['sourceConnectionLost', 'sourceConnectionRestored']));
    const errors = all.events.filter((e) => e.kind === 'stationConnectionError');
    expect(errors.map((e) => e.station).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([8, 10]);
    expect(errors.every((e) => /: (Zeitüberschreitung|Verbindungsfehler)$/.test(e.text ?? ''))).toBe(true);
    expect(all.events.every((e, i, list) => i === 0 || list[i - 1]!.at >= e.at)).toBe(true);
    expect(all.total).toBe(all.events.length);
    expect(all.events[0]).toMatchObject({
      origin: 'audit',
      username: 'admin',
      oldValue: '40',
      newValue: '35',
    });

    const two = await events.query(T0, t, 2);
    expect(two.events.map((e) => e.kind)).toEqual(kinds.slice(0, 2));
    expect(two.total).toBe(all.total);
    await expect(events.query(t, T0, 10)).rejects.toThrow(RangeError);
    await events.stop();
    await plant.stop();
  });
});
