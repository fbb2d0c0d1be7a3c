// The alert channel with the official client against the real server (real alert engine, store).
import type { Alert, PendingAlertState, PvRef } from '@leitwarte/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import type { AllAlertsReply } from './alert-hub.js';
import { collect, createConnector, sleep, until } from './live-test-client.js';

const connector = createConnector();
afterEach(() => connector.stopAll());

describe('alert channel', () => {
  let server: TestServer;
  let cookie: string;
  let pv: PvRef;
  const actor = { userId: 1, username: 'admin' };
  beforeAll(async () => {
    server = await startTestServer();
    cookie = await server.login();
    pv = server.services.plant.pvConfigs()[0]!.pvRef;
  });
  afterAll(async () => server?.close());

  const raise = (source: string) =>
    server.services.domain.alerts.condition({
      kind: 'raise',
      acknowledgedInField: false,
      info: {
        source,
        bindingKind: 'device',
        bindingKey: `${pv.type}-${pv.nr}`,
        pv,
        station: null,
        limitType: null,
        priority: 2,
        message: 'Testalarm',
        description: 'Prüfung',
        value: 1,
        limit: null,
      },
    });

  it('sends an alert through its life: new, pending, ack, gone, deleted; acks also to SubscribeToAcks', async () => {
    const all = connector.connect(server, 'alert', cookie);
    const acksOnly = connector.connect(server, 'alert', cookie);
    const newAlerts = collect<Alert>(all, 'newAlert');
    const states = collect<Alert>(all, 'newAlertState');
    const acks = collect<Alert>(all, 'ackAlert');
    const deleted = collect<number[]>(all, 'deletedAlerts');
    const pending = collect<PendingAlertState[]>(all, 'newPendingAlerts');
    const onlyNew = collect<Alert>(acksOnly, 'newAlert');
    const onlyAcks = collect<Alert>(acksOnly, 'ackAlert');
    await all.start();
    await acksOnly.start();
    const reply = await all.invoke<AllAlertsReply>('SubscribeToAllAlerts');
    expect(reply.openAlerts).toEqual(server.services.domain.alerts.openAlerts());
    expect(await all.invoke('SubscribeToPendingAlerts')).toEqual({ subscribed: true });
    expect(await acksOnly.invoke('SubscribeToAcks')).toEqual({ subscribed: true });

    raise('test/1');
    await until(() => newAlerts.some((a) => a.source === 'test/1'));
    const alert = newAlerts.find((a) => a.source === 'test/1')!;
    expect(alert).toMatchObject({ pv, message: 'Testalarm', active: true, acknowledgedAt: null });
    const key = `${pv.type}-${pv.nr}`;
    await until(() => pending.flat().some((s) => s.key === key && s.ackState === 1));

    await server.services.domain.alerts.acknowledge([alert.id], actor);
    await until(() => acks.length === 1 && onlyAcks.length === 1);
    expect(onlyAcks[0]).toMatchObject({ id: alert.id, acknowledgedBy: 'admin' });

    server.services.domain.alerts.condition({ kind: 'clear', source: 'test/1' });
    await until(() => states.some((a) => a.id === alert.id && !a.active));
    await until(() => pending.flat().some((s) => s.key === key && s.ackState === 0));

    expect(await server.services.domain.alerts.delete([alert.id], actor)).toEqual([alert.id]);
    await until(() => deleted.flat().includes(alert.id));
    // SubscribeToAcks gets acknowledgements only.
    expect(onlyNew).toEqual([]);
  });

  it('stops after unsubscribing and refuses arguments where none are expected', async () => {
    const connection = connector.connect(server, 'alert', cookie);
    const newAlerts = collect<Alert>(connection, 'newAlert');
    await connection.start();
    await expect(connection.invoke('SubscribeToAllAlerts', 1)).rejects.toThrow(/argument/);
    await expect(connection.invoke('SubscribeToPendingAlerts', [])).rejects.toThrow(/argument/);
    await connection.invoke('SubscribeToAllAlerts');
    await connection.invoke('UnsubscribeFromAllAlerts');
    raise('test/2');
    await server.services.domain.alerts.flush();
    await sleep(200);
    expect(newAlerts).toEqual([]);
    server.services.domain.alerts.condition({ kind: 'clear', source: 'test/2' });
  });
});
