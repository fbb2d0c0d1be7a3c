import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { openStore, type Store } from '../index.js';
import {
  createMaintenanceRepositories,
  LifecycleNotFoundError,
  type MaintenanceRepositories,
} from './index.js';

const pump = { type: 'DigiIn' as const, nr: 100020 };
const hours = { type: 'RechenWert' as const, nr: 1020 };

describe.each(BOTH_DIALECTS)('maintenance repositories on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let repos: MaintenanceRepositories;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    repos = createMaintenanceRepositories(store.db);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('keeps one config per runtime PV and service-message kind, replacing on upsert', async () => {
    const config = {
      pvRef: hours,
      serviceMessageType: 'Top' as const,
      delayTime: 0,
      description: 'Wartung',
      message: 'Pumpe warten',
      priority: 4,
      runtimeHours: 8000,
      runtimeDimension: 'Days' as const,
    };
    await repos.configs.upsert(config, 1);
    await repos.configs.upsert({ ...config, message: 'Pumpe 1 warten', priority: 3 }, 2);
    await repos.configs.upsert({ ...config, serviceMessageType: 'TopMiddle', runtimeHours: 7200 }, 3);
    expect(await repos.configs.count()).toBe(2);
    const stored = await repos.configs.ofPv(hours);
    expect(stored.find((c) => c.serviceMessageType === 'Top')).toMatchObject({
      message: 'Pumpe 1 warten',
      priority: 3,
    });
    expect((await repos.configs.all()).map((c) => c.pvRef)).toEqual([hours, hours]);
  });

  it('replaces the description list in order', async () => {
    await repos.configs.replaceDescriptions(['Ölwechsel', 'Inspektion']);
    await repos.configs.replaceDescriptions(['Inspektion', 'Lagertausch', 'Ölwechsel']);
    expect(await repos.configs.descriptions()).toEqual(['Inspektion', 'Lagertausch', 'Ölwechsel']);
  });

  it('bulk-saves life-cycle entries: creates, updates and deletes together', async () => {
    const a = await repos.lifecycle.create(
      { pvRef: pump, maintenanceTimestamp: 1000, text: 'A', kind: 'Wartung' },
      'meier',
      5,
    );
    const b = await repos.lifecycle.create(
      { pvRef: pump, maintenanceTimestamp: 2000, text: 'B', kind: 'Wartung' },
      'meier',
      5,
    );
    const result = await repos.lifecycle.apply(
      {
        create: [{ pvRef: pump, maintenanceTimestamp: 3000, text: 'C', kind: 'Reparatur' }],
        update: [{ id: a.id, pvRef: pump, maintenanceTimestamp: 1500, text: 'A2', kind: 'Inspektion' }],
        deleteIds: [b.id],
      },
      'schulz',
      9,
    );
    expect(result.created[0]).toMatchObject({ text: 'C', user: 'schulz' });
    expect(result.updated[0]).toMatchObject({
      id: a.id,
      text: 'A2',
      maintenanceTimestamp: 1500,
      user: 'meier',
    });
    expect(result.deletedIds).toEqual([b.id]);
    expect((await repos.lifecycle.ofPv(pump)).map((e) => e.text)).toEqual(['C', 'A2']);
  });

  it('refuses a bulk save naming unknown entries and changes nothing', async () => {
    const before = await repos.lifecycle.ofPv(pump);
    await expect(
      repos.lifecycle.apply(
        {
          create: [{ pvRef: pump, maintenanceTimestamp: 1, text: 'X', kind: 'Wartung' }],
          update: [],
          deleteIds: [999_999],
        },
        'schulz',
        10,
      ),
    ).rejects.toBeInstanceOf(LifecycleNotFoundError);
    expect(await repos.lifecycle.ofPv(pump)).toEqual(before);
  });

  it('stores data-sheet documents, technical data and parts per PV', async () => {
    const doc = await repos.datasheets.addDocument(
      {
        pvRef: pump,
        description: 'Betriebsanleitung',
        docType: 'File',
        target: null,
        fileName: 'ba.pdf',
        storedName: 'datasheets/x.pdf',
      },
      'meier',
      7,
    );
    expect(await repos.datasheets.documents(pump)).toEqual([doc]);
    await repos.datasheets.replaceData(pump, [
      { key: 'Hersteller', value: 'KSB' },
      { key: 'Baujahr', value: '2012' },
    ]);
    expect(await repos.datasheets.data(pump)).toEqual([
      { key: 'Hersteller', value: 'KSB' },
      { key: 'Baujahr', value: '2012' },
    ]);
    await repos.datasheets.replaceParts(pump, [{ number: '4711', name: 'Gleitringdichtung', quantity: 2 }]);
    expect(await repos.datasheets.parts(pump)).toEqual([
      { number: '4711', name: 'Gleitringdichtung', quantity: 2 },
    ]);
    expect(await repos.datasheets.parts(hours)).toEqual([]);
  });
});
