import { pvKey, type PvRef, type RuntimeValue } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../store/index.js';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { DEMO_CONTENT_DIR } from '../content-file.js';
import { loadMaintenanceContent } from './maintenance-content.js';
import { createMaintenanceService, type MaintenanceService } from './maintenance-service.js';
import { createRuntimeService, type RuntimeService } from './runtime-service.js';
import type { ServiceMessage } from './service-message-monitor.js';
import { simulatedDemoPlant, type SimulatedPlant } from './simulated-plant.js';

const meier = { userId: 1, username: 'meier' };
const pump1Run: PvRef = { type: 'DigiIn', nr: 100020 }; // Wasserwerk Auheim, Brunnenpumpe 1
const pump1Hours: PvRef = { type: 'RechenWert', nr: 1020 };
const pump1Cycles: PvRef = { type: 'RechenWert', nr: 1021 };

describe.each(BOTH_DIALECTS)('maintenance with the simulated demo plant on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let sim: SimulatedPlant;
  let maintenance: MaintenanceService;
  let runtimes: RuntimeService;
  const messages: ServiceMessage[] = [];
  const runtime = (ref: PvRef): RuntimeValue => {
    const v = sim.plant.values.get(pvKey(ref));
    if (v?.type !== 'RuntimeValue') throw new Error(`no runtime ${pvKey(ref)}`);
    return v.runtimeValue;
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    sim = await simulatedDemoPlant();
    const content = loadMaintenanceContent(DEMO_CONTENT_DIR, sim.plant, sim.definition.info.timeZone);
    maintenance = await createMaintenanceService({
      store,
      plant: sim.plant,
      definition: sim.definition,
      content,
      now: sim.now,
    });
    runtimes = createRuntimeService({
      store,
      plant: sim.plant,
      bindings: maintenance.bindings,
      now: sim.now,
    });
    maintenance.onServiceMessage((m) => messages.push(m));
  });
  afterAll(async () => {
    maintenance.stop();
    await sim.plant.stop();
    await store.close();
    await database.drop();
  });

  it('seeds the demo content: configs for every pump, descriptions, life cycle and data sheets', async () => {
    const pumps = sim.definition.units.filter((u) => u.kind === 'pump').length;
    expect(maintenance.configs().filter((c) => c.pvMaintenanceRef.serviceMessageType === 'Top')).toHaveLength(
      2 * pumps,
    );
    expect(await maintenance.descriptions()).toContain('Gleitringdichtung wechseln');
    expect((await maintenance.lifecycle(pump1Run)).length).toBeGreaterThanOrEqual(3);
    expect(await maintenance.datasheetData(pump1Run)).toContainEqual({ key: 'Hersteller', value: 'KSB' });
    expect((await maintenance.parts(pump1Run))[0]).toMatchObject({ name: 'Gleitringdichtung', quantity: 1 });
  });

  it('derives notifications from the live runtimes: remaining = target − current, cycles unscaled (screens §3)', () => {
    const hours = runtime(pump1Hours);
    const cycles = runtime(pump1Cycles);
    const list = maintenance.notifications(pump1Run);
    expect(list.map((n) => [pvKey(n.pvRef), n.serviceMessageType, n.index])).toEqual([
      ['RechenWert-1020', 'TopMiddle', 0],
      ['RechenWert-1020', 'Top', 1],
      ['RechenWert-1021', 'TopMiddle', 2],
      ['RechenWert-1021', 'Top', 3],
    ]);
    expect(list[1]).toMatchObject({
      runtimeType: 'Betriebszeit',
      runtimeDimension: 'Hours',
      runtimeEndType: 'Active',
      pvDim: 'h',
      currentRuntime: hours.value,
      targetRuntime: 8000,
      messageText: 'Wasserwerk Auheim – Brunnenpumpe 1: Wartungsintervall erreicht',
    });
    expect(list[1]!.remainingRuntime).toBeCloseTo(8000 - hours.value, 9);
    expect(list[3]).toMatchObject({
      runtimeDimension: 'Cycles',
      currentRuntime: cycles.value,
      targetRuntime: 50000,
    });
    expect(list[3]!.remainingRuntime).toBe(50000 - cycles.value);
  });

  it('scales to the configured dimension: the blowers are shown in days', () => {
    const blower = maintenance
      .notifications({ type: 'DigiIn', nr: 1100030 })
      .find((n) => n.runtimeType === 'Betriebszeit' && n.serviceMessageType === 'Top');
    const value = runtime({ type: 'RechenWert', nr: 11030 }).value;
    expect(blower).toMatchObject({ runtimeDimension: 'Days', targetRuntime: 8000 / 24 });
    expect(blower!.currentRuntime).toBeCloseTo(value / 24, 9);
  });

  it('answers runtimes for DigiIn and AnaIn only (screens §5)', () => {
    const reply = runtimes.runtimes([
      pump1Run,
      { type: 'AnaIn', nr: 100020 },
      { type: 'AnaOut', nr: 200010 },
    ]);
    expect(reply.runtimeValues.map((r) => [pvKey(r.pvRef), pvKey(r.runtimePv)])).toEqual([
      ['DigiIn-100020', 'RechenWert-1020'],
      ['DigiIn-100020', 'RechenWert-1021'],
      ['AnaIn-100020', 'RechenWert-1020'],
      ['AnaIn-100020', 'RechenWert-1021'],
    ]);
    expect(reply.missingPvs).toEqual([{ type: 'AnaOut', nr: 200010 }]);
  });

  it('refuses empty, negative and unordered runtimes and changes nothing (screens §5)', async () => {
    const before = runtime(pump1Hours);
    expect(await runtimes.setRuntimes([{ pvRef: pump1Hours, value: '' }], meier)).toMatchObject({
      status: 'Failed',
      errorMessage: 'RechenWert-1020: Wert darf nicht leer sein.',
    });
    expect((await runtimes.setRuntimes([{ pvRef: pump1Hours, value: -3 }], meier)).errorMessage).toMatch(
      /Wert darf nicht negativ sein\./,
    );
    expect(
      (await runtimes.setRuntimes([{ pvRef: pump1Hours, value: 1, upperMid: 9000 }], meier)).status,
    ).toBe('Failed');
    expect(
      await runtimes.setRuntimes([{ pvRef: { type: 'AnaIn', nr: 100020 }, value: 1 }], meier),
    ).toMatchObject({
      status: 'Failed',
      missingPvs: [{ type: 'AnaIn', nr: 100020 }],
    });
    expect(runtime(pump1Hours)).toEqual(before);
  });

  it('writes a runtime through the field, audits it and raises the service message when it crosses a limit', async () => {
    expect(runtime({ type: 'RechenWert', nr: 1020 }).runtimeType).toBe('Betriebszeit');
    // Whichever pump runs now will cross its limit within seconds.
    const running = maintenance.bindings
      .allRuntimes()
      .filter(
        (r) => r.type === 'RechenWert' && maintenance.notifications(r)[0]?.runtimeType === 'Betriebszeit',
      )
      .find((r) => {
        const machine = maintenance.bindings.machineOf(r);
        const v = machine && sim.plant.values.get(pvKey(machine));
        return v?.type === 'BoolValue' && v.boolValue;
      });
    if (!running) throw new Error('no pump runs');
    const top = runtime(running).upper;
    // The field reports operating hours to 0.01 h: 72 s before the limit, shown as reached after 54 s.
    const reply = await runtimes.setRuntimes([{ pvRef: running, value: top - 0.02 }], meier);
    expect(reply).toMatchObject({ status: 'Success', errorMessage: '' });
    expect(runtime(running).value).toBeCloseTo(top - 0.02, 9);
    const audit = await store.audit.range(0, Number.MAX_SAFE_INTEGER, 10);
    expect(audit.find((a) => a.action === 'runtime-set')).toMatchObject({
      object: pvKey(running),
      username: 'meier',
    });

    // Jumping past the pre-warning raises it at once; the due message waits for the limit.
    expect(messages.filter((m) => m.pvRef.nr === running.nr).map((m) => m.key)).toEqual([
      `${pvKey(running)}-mowm`,
    ]);
    sim.run(30);
    expect(messages.filter((m) => m.key === `${pvKey(running)}-owm`)).toEqual([]);
    sim.run(30);
    const coming = messages.find((m) => m.pvRef.nr === running.nr && m.serviceMessageType === 'Top');
    expect(coming).toMatchObject({ state: 'coming', limit: top, key: `${pvKey(running)}-owm`, priority: 4 });
    expect(maintenance.activeServiceMessages().map((m) => m.key)).toContain(`${pvKey(running)}-owm`);

    // Service done: the runtime starts again from zero, both messages end.
    await runtimes.setRuntimes([{ pvRef: running, value: 0 }], meier);
    const going = messages.filter((m) => m.pvRef.nr === running.nr && m.state === 'going').map((m) => m.key);
    expect(going).toContain(`${pvKey(running)}-owm`);
    expect(maintenance.activeServiceMessages().map((m) => m.key)).not.toContain(`${pvKey(running)}-owm`);
  });

  it('reports changed limits as a config change', async () => {
    const changed: string[] = [];
    const off = maintenance.onMaintenanceConfig((configs) =>
      changed.push(...configs.map((c) => `${pvKey(c.pvMaintenanceRef.pvRef)}:${c.runtimeHours}`)),
    );
    await runtimes.setRuntimes([{ pvRef: pump1Hours, value: 100, upperMid: 5400, upper: 6000 }], meier);
    off();
    expect(changed).toEqual(['RechenWert-1020:5400', 'RechenWert-1020:6000']);
    expect(
      maintenance.configs(pump1Hours).find((c) => c.pvMaintenanceRef.serviceMessageType === 'Top'),
    ).toMatchObject({
      runtimeHours: 6000,
      remainingTime: 5900,
    });
  });

  it('lists overview protocols by station, by compare value (absolute and percent) and by PV', () => {
    const all = maintenance.protocolByStation(-1);
    const ww = maintenance.protocolByStation(1);
    expect(all.length).toBeGreaterThan(ww.length);
    expect(new Set(ww.map((r) => r.stationName))).toEqual(new Set(['Wasserwerk Auheim']));
    // Pump 1 has 100 of 6000 h: 5900 h (98.3 %) left on Top, 5300 h on TopMiddle.
    const absolute = maintenance
      .protocolByCompareValue(1, 5400, false)
      .filter((r) => r.machinePv?.nr === pump1Run.nr);
    expect(absolute.map((r) => r.notification.serviceMessageType)).toEqual(['TopMiddle']);
    const percent = maintenance
      .protocolByCompareValue(1, 98.5, true)
      .filter((r) => r.machinePv?.nr === pump1Run.nr);
    expect(percent.map((r) => r.notification.serviceMessageType)).toContain('Top');
    expect(
      maintenance
        .protocolByCompareValue(1, 98, true)
        .some(
          (r) =>
            pvKey(r.notification.pvRef) === 'RechenWert-1020' && r.notification.serviceMessageType === 'Top',
        ),
    ).toBe(false);
    const byPv = maintenance.protocolByPv(pump1Run);
    expect(byPv[0]).toMatchObject({
      machineName: 'Brunnenpumpe 1 Betrieb',
      runtimeName: 'Brunnenpumpe 1 Betriebsstunden',
    });
    expect(() => maintenance.protocolByCompareValue(1, Number.NaN, false)).toThrow(/Vergleichswert/);
  });

  it('creates and bulk-saves life-cycle entries, refusing bad ones without a change', async () => {
    const entry = await maintenance.createLifecycleEntry(
      {
        pvRef: pump1Run,
        maintenanceTimestamp: '2025-06-09T08:00:00Z',
        text: 'Sichtprüfung ohne Befund',
        kind: 'Inspektion',
      },
      meier,
    );
    expect(entry).toMatchObject({ maintenanceTimestamp: Date.UTC(2025, 5, 9, 8), user: 'meier' });
    const before = await maintenance.lifecycle(pump1Run);
    const refused = await maintenance.saveLifecycle(
      {
        entriesToCreate: [{ pvRef: pump1Run, maintenanceTimestamp: 1, text: 'ok', kind: 'Wartung' }],
        entriesToUpdate: [
          { id: entry.id, pvRef: pump1Run, maintenanceTimestamp: 2, text: '', kind: 'Wartung' },
        ],
        idsToDelete: [],
      },
      meier,
    );
    expect(refused).toMatchObject({
      status: 'Failed',
      errorMessage: 'Text darf nicht leer sein.',
      created: [],
    });
    expect(await maintenance.lifecycle(pump1Run)).toEqual(before);
    const saved = await maintenance.saveLifecycle(
      {
        entriesToCreate: [
          {
            pvRef: pump1Run,
            maintenanceTimestamp: Date.UTC(2025, 5, 10),
            text: 'Ölwechsel',
            kind: 'Wartung',
          },
        ],
        entriesToUpdate: [],
        idsToDelete: [entry.id],
      },
      meier,
    );
    expect(saved).toMatchObject({
      status: 'Success',
      deletedIds: [entry.id],
      created: [{ text: 'Ölwechsel' }],
    });
    expect((await maintenance.lifecycle(pump1Run)).map((e) => e.id)).not.toContain(entry.id);
  });

  it('stores data-sheet document metadata under a generated name', async () => {
    const doc = await maintenance.addDocument(
      pump1Run,
      { description: 'Betriebsanleitung', docType: 'File', fileName: '../../etc/BA.PDF' },
      meier,
    );
    expect(doc.fileName).toBe('BA.PDF');
    expect(doc.storedName).toMatch(/^datasheets\/[0-9a-f-]{36}\.pdf$/);
    await expect(
      maintenance.addDocument(pump1Run, { description: 'Skript', docType: 'File', fileName: 'x.exe' }, meier),
    ).rejects.toThrow(/nicht erlaubt/);
    const link = await maintenance.addDocument(
      pump1Run,
      { description: 'Hersteller', docType: 'Link', target: 'https://www.ksb.com' },
      meier,
    );
    expect(link).toMatchObject({ storedName: null, target: 'https://www.ksb.com' });
    expect(await maintenance.documents(pump1Run)).toHaveLength(2);
  });
});
