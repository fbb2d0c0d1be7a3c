// The pipeleakage, energy-opt, visu-text-message, dashboard and reportdata channels with the
// official client against the real server (real services, simulator and store).
import type { DataBinding, EnergyOptValues, PipeLeakageConfig, TextMessage } from '@leitwarte/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import type { NoteUpdatePayload } from './dashboard-hub.js';
import type { IdSubscribeReply } from './id-arguments.js';
import { collect, createConnector, until } from './live-test-client.js';
import { createInProcessBackplane } from './backplane.js';
import {
  createReportDataHub,
  type ReportDataSubscribeReply,
  type ReportDataUpdate,
} from './report-data-hub.js';
import { createVisibility } from '../auth/visibility.js';

const connector = createConnector();
afterEach(() => connector.stopAll());
const admin = { userId: 1, username: 'admin', role: 'administrator' as const };

describe('plant service channels', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer();
    cookie = await server.login();
  });
  afterAll(async () => server?.close());

  it('pipeleakage: answers unknown ids, sends the current measurements at once', async () => {
    const configs = server.services.domain.pipeLeakage.configs();
    const connection = connector.connect(server, 'pipeleakage', cookie);
    const seen = collect<PipeLeakageConfig[]>(connection, 'newPipeLeakage');
    await connection.start();
    const ids = configs.map((c) => c.pipeLeakageId);
    const reply = await connection.invoke<IdSubscribeReply>('SubscribeToPipeLeakage', [...ids, 4711]);
    expect(reply).toEqual({ subscribed: ids, missingIds: [4711], unauthorizedIds: [] });
    await until(() => seen.flat().length === ids.length);
    expect(seen.flat()).toEqual(configs);
    await expect(connection.invoke('SubscribeToPipeLeakage', [0])).rejects.toThrow(/index 0/);
    await expect(connection.invoke('SubscribeToPipeLeakage', 'x')).rejects.toThrow(/array/);
  });

  it('energy-opt: sends the current values at once and new values as the powers change', async () => {
    const values = server.services.domain.energy.values();
    const connection = connector.connect(server, 'energy-opt', cookie);
    const seen = collect<EnergyOptValues[]>(connection, 'newEnergyOptValues');
    await connection.start();
    const reply = await connection.invoke('SubscribeToEnergyOptimisation');
    expect(reply).toEqual({ subscribed: values.map((v) => v.id), unauthorizedIds: [] });
    await until(() => seen.length > 0);
    expect(seen[0]!.map((v) => v.id)).toEqual(values.map((v) => v.id));
    await until(() => seen.length >= 2, 5000);
    await expect(connection.invoke('SubscribeToEnergyOptimisation', 1)).rejects.toThrow(/argument/);
  });

  it('visu-text-message: sends the current texts one by one, then a changed text', async () => {
    const connection = connector.connect(server, 'visu-text-message', cookie);
    const seen = collect<TextMessage>(connection, 'newMessage');
    await connection.start();
    const reply = await connection.invoke('SubscribeToTextMessages', [1, 2, 999]);
    expect(reply).toEqual({ subscribed: [1, 2], missingIds: [999] });
    await until(() => seen.length === 2);
    expect(seen.map((m) => m.id).sort()).toEqual([1, 2]);
    seen.length = 0;
    const set = await server.services.domain.textMessages.set(admin, [
      { textId: 2, targetValue: 'Neuer Text' },
    ]);
    expect(set.status).toBe('Success');
    await until(() => seen.length === 1);
    expect(seen).toEqual([{ id: 2, message: 'Neuer Text' }]);
    const tooMany = Array.from({ length: 1025 }, (_, i) => i + 1);
    await expect(connection.invoke('SubscribeToTextMessages', tooMany)).rejects.toThrow(/1024/);
  });

  it('dashboard: sends the notes of a dashboard at once and a saved note', async () => {
    const { dashboards } = server.services.domain;
    const dashboard = (await dashboards.config()).dashboards.find((d) =>
      d.widgets.some((w) => w.kind === 'Note'),
    )!;
    const note = dashboard.widgets.find((w) => w.kind === 'Note')!;
    const connection = connector.connect(server, 'dashboard', cookie);
    const seen = collect<NoteUpdatePayload>(connection, 'noteUpdate');
    await connection.start();
    const reply = await connection.invoke('SubscribeToNotes', [dashboard.id, 999]);
    expect(reply).toEqual({ subscribed: [dashboard.id], missingIds: [999] });
    await until(() => seen.some((u) => u.id === note.id));
    expect(seen.find((u) => u.id === note.id)).toMatchObject({ dashboardId: dashboard.id, updatedAt: null });
    seen.length = 0;
    await dashboards.updateNote({ id: note.id, note: 'Übergabe: Pumpe 2 prüfen' }, admin);
    await until(() => seen.length === 1);
    expect(seen[0]).toMatchObject({ id: note.id, note: 'Übergabe: Pumpe 2 prüfen', updatedBy: 'admin' });
  });

  it('reportdata: sends today’s value of a binding at once and as its PV changes; 400 at most', async () => {
    const { plant } = server.services;
    const analog = plant.pvConfigs().find((c) => c.valueType === 'DoubleValue')!.pvRef;
    const binding: DataBinding = { reportValueType: 'Maxwert', pvRef: analog, offset: 0, offsetUnit: 'Days' };
    const past: DataBinding = { ...binding, offset: -1 };
    const unknown: DataBinding = { ...binding, pvRef: { type: 'AnaIn', nr: 999999999 } };
    const connection = connector.connect(server, 'reportdata', cookie);
    const seen = collect<ReportDataUpdate[]>(connection, 'newReportData');
    await connection.start();
    const reply = await connection.invoke<ReportDataSubscribeReply>('SubscribeToReportData', [
      binding,
      past,
      unknown,
    ]);
    expect(reply).toEqual({
      subscribed: [binding],
      missingPvs: [unknown],
      unauthorizedPvs: [],
      notLive: [past],
    });
    await until(() => seen.length > 0);
    expect(seen[0]).toEqual([{ dataBinding: binding, value: expect.any(Number) }]);
    // The simulator moves the value: the binding is sent again, never below the first maximum.
    await until(() => seen.length >= 2, 5000);
    expect(seen[1]![0]!.value).toBeGreaterThanOrEqual(seen[0]![0]!.value!);
    // 401 bindings exceed the 32 KB record limit on the wire; the hub's own cap is checked directly.
    const hub = createReportDataHub({
      plant,
      backplane: createInProcessBackplane(),
      visibility: createVisibility(plant, server.services.rights),
      reportPvs: async () => [],
      tickMs: 50,
    });
    const tooMany = Array.from({ length: 401 }, () => binding);
    expect(() => hub.methods.SubscribeToReportData?.({} as never, [tooMany])).toThrow(/At most 400/);
    await expect(
      connection.invoke('SubscribeToReportData', [{ ...binding, offsetUnit: 'Ewig' }]),
    ).rejects.toThrow(/index 0/);
  });
});
