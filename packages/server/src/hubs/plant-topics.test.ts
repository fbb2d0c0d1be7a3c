// The config topics of the pv channel and the plan/line topics of the station channel, with the
// official client against the real server (real limit, maintenance and remote alarm services).
import type { AlarmLineInfo, AlarmPlanInfo, LimitConfig, MaintenanceConfig, PvRef } from '@leitwarte/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { collect, createConnector, until } from './live-test-client.js';
import type { SubscribeReply } from './pv-hub.js';
import type { LinesSubscribeReply, PlansSubscribeReply } from './station-alarm-topics.js';

const connector = createConnector();
afterEach(() => connector.stopAll());
const admin = { userId: 1, username: 'admin', role: 'administrator' as const };
const missing: PvRef = { type: 'AnaIn', nr: 999999999 };

describe('pv channel: limit and maintenance configs', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer();
    cookie = await server.login();
  });
  afterAll(async () => server?.close());

  it('sends the four limits at once and a changed limit later', async () => {
    const { limits } = server.services.domain;
    const anaIn = server.services.plant
      .pvConfigs()
      .map((c) => c.pvRef)
      .find((ref) => ref.type === 'AnaIn' && limits.activeLimits(ref).length > 0)!;
    const connection = connector.connect(server, 'pv', cookie);
    const seen = collect<LimitConfig[]>(connection, 'newLimitConfig');
    await connection.start();
    const reply = await connection.invoke<SubscribeReply>('SubscribeToLimitConfigs', [anaIn, missing]);
    expect(reply).toEqual({ subscribed: [anaIn], missingPvs: [missing], unauthorizedPvs: [] });
    await until(() => seen.flat().length === 4);
    expect(seen.flat()).toEqual(limits.limitsOf([anaIn]));

    seen.length = 0;
    const set = limits.activeLimits(anaIn)[0]!;
    const changed = { ...set, message: `${set.message} (neu)` };
    expect((await limits.setLimits([changed], admin)).status).toBe('Success');
    await until(() => seen.length > 0);
    expect(seen.flat()).toEqual([
      expect.objectContaining({ pvLimitRef: set.pvLimitRef, message: changed.message }),
    ]);

    const tooMany = Array.from({ length: 1025 }, (_, nr) => ({ type: 'AnaIn', nr }));
    await expect(connection.invoke('SubscribeToLimitConfigs', tooMany)).rejects.toThrow(/1024/);
    await expect(connection.invoke('SubscribeToMaintenanceConfigs', [{ type: 'x' }])).rejects.toThrow(
      /index 0/,
    );
  });

  it('sends the maintenance configs of a runtime PV at once and after its limits change', async () => {
    const { maintenance, runtimes } = server.services.domain;
    const runtime = maintenance.configs()[0]!.pvMaintenanceRef.pvRef;
    const connection = connector.connect(server, 'pv', cookie);
    const seen = collect<MaintenanceConfig[]>(connection, 'newMaintenanceConfig');
    await connection.start();
    const reply = await connection.invoke<SubscribeReply>('SubscribeToMaintenanceConfigs', [runtime]);
    expect(reply.subscribed).toEqual([runtime]);
    await until(() => seen.length > 0);
    expect(seen.flat()).toEqual(maintenance.configs(runtime));

    seen.length = 0;
    await runtimes.setRuntimes([{ pvRef: runtime, value: 100, upperMid: 5400, upper: 6000 }], admin);
    await until(() => seen.flat().some((c) => c.runtimeHours === 6000));
    for (const config of seen.flat()) expect(config.pvMaintenanceRef.pvRef).toEqual(runtime);
  });
});

describe('station channel: plans and lines', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer();
    cookie = await server.login();
  });
  afterAll(async () => server?.close());

  it('sends plan and line states at once, refuses unknown ones and sends a changed plan', async () => {
    const { remoteAlarm } = server.services.domain;
    const plan = remoteAlarm.planInfos()[0]!;
    const line = remoteAlarm.lineInfos()[0]!;
    const connection = connector.connect(server, 'station', cookie);
    const plans = collect<AlarmPlanInfo[]>(connection, 'newPlanInfo');
    const lines = collect<AlarmLineInfo[]>(connection, 'newLineInfo');
    await connection.start();
    const planRef = { station: plan.station, planNumber: plan.planNumber };
    const planReply = await connection.invoke<PlansSubscribeReply>('SubscribeToPlans', [
      planRef,
      { station: 999, planNumber: 1 },
    ]);
    expect(planReply).toEqual({
      subscribed: [planRef],
      missingPlans: [{ station: 999, planNumber: 1 }],
      unauthorizedPlans: [],
    });
    const lineRef = { station: line.station, lineNumber: line.lineNumber };
    const lineReply = await connection.invoke<LinesSubscribeReply>('SubscribeToLines', [lineRef]);
    expect(lineReply).toEqual({ subscribed: [lineRef], missingLines: [], unauthorizedLines: [] });
    await until(() => plans.length > 0 && lines.length > 0);
    expect(plans.flat()).toEqual([plan]);
    expect(lines.flat()).toEqual([line]);

    plans.length = 0;
    await remoteAlarm.setPlansActive(admin, [{ ...planRef, active: !plan.active }]);
    await until(() => plans.flat().some((p) => p.active !== plan.active));

    await expect(connection.invoke('SubscribeToPlans', [{ station: 1 }])).rejects.toThrow(/index 0/);
    const tooMany = Array.from({ length: 1025 }, (_, i) => ({ station: 1, lineNumber: i }));
    await expect(connection.invoke('SubscribeToLines', tooMany)).rejects.toThrow(/1024/);
  });
});
