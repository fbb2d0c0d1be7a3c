import type { PvAllItem, PvWriteReply, SourceList, SourceStatusView } from '@leitwarte/core';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, replyJson } from '../test-support/api-call.js';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { writeFieldPlant } from '../test-support/field-plant.js';
import { waitFor } from '../test-support/peers/free-port.js';
import { requireSharedBroker, SHARED_BROKER, topicPrefix } from '../test-support/peers/mosquitto.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { loginAsNewUser } from '../test-support/users.js';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

describe.each(BOTH_DIALECTS)('data sources on %s', { timeout: 120_000 }, (dialect) => {
  const prefix = topicPrefix(`admin-${dialect}`);
  let plant: ReturnType<typeof writeFieldPlant>;
  let server: TestServer;
  let admin: LoggedIn;
  let operator: LoggedIn;
  let device: MqttClient;

  const audit = async (action: string) =>
    (await server.services.store.audit.range(0, Date.now() + 1000, 10_000)).filter(
      (r) => r.action === action,
    );
  const pv = async (key: string) => {
    const all = await replyJson<PvAllItem[]>(await callApi(server, admin, 'GET', '/api/Pv/all'));
    return all.find((item) => `${item.config.pvRef.type}-${item.config.pvRef.nr}` === key)?.value ?? null;
  };

  beforeAll(async () => {
    await requireSharedBroker();
    plant = writeFieldPlant(
      [
        {
          id: 'broker',
          kind: 'mqtt',
          url: SHARED_BROKER,
          clientId: `lw-${prefix.replace(/\W/g, '')}`,
          topic: `${prefix}/{key}`,
          writeTimeoutMs: 1500,
        },
      ],
      [
        { number: 1, pvs: [{ type: 'AnaIn', number: 1, initial: 1 }] },
        {
          number: 2,
          source: 'broker',
          pvs: [
            { type: 'AnaIn', number: 1 },
            { type: 'AnaOut', number: 1, min: 0, max: 10 },
            { type: 'AnaOut', number: 2, min: 0, max: 10 },
          ],
        },
      ],
    );
    server = await startTestServer({ dialect, config: { plantPath: plant.file, metricsToken: null } });
    admin = await server.loginWithToken();
    operator = await loginAsNewUser(server, `op-${dialect}`, 'operator');
    device = await mqtt.connectAsync(SHARED_BROKER);
    // The device answers writes of AnaOut 1 (and never those of AnaOut 2).
    await device.subscribeAsync(`${prefix}/AnaOut-200001/set`);
    device.on('message', (topic, payload) => {
      if (topic.endsWith('/set')) void device.publishAsync(topic.slice(0, -4), payload);
    });
  });
  afterAll(async () => {
    await device?.endAsync();
    await server?.close();
    plant?.remove();
  });

  it('lists the simulator and the field source with state and counters', async () => {
    await waitFor(
      'the broker connected',
      () => server.services.sources.get('broker')?.connectionState() === 'Connected',
    );
    const { sources } = await replyJson<SourceList>(
      await callApi(server, admin, 'GET', '/api/admin/sources'),
    );
    expect(sources.map((s) => [s.id, s.kind, s.state, s.pvs, s.stations, s.browsable])).toEqual([
      ['simulator', 'simulator', 'Connected', 1, 1, false],
      ['broker', 'mqtt', 'Connected', 3, 1, false],
    ]);
    expect(sources[1]!.target).toBe('mqtt://127.0.0.1:1883');
  });

  it('feeds the plant from the field: a published value is the PV value', async () => {
    await device.publishAsync(`${prefix}/AnaIn-200001`, JSON.stringify({ value: 7.25 }));
    await waitFor('the value', async () => (await pv('AnaIn-200001'))?.quality === 'Good');
    expect(await pv('AnaIn-200001')).toMatchObject({ doubleValue: 7.25 });
  });

  it('reports a write Success only once the device confirmed it, else not saved', async () => {
    const done = await replyJson<PvWriteReply>(
      await callApi(server, operator, 'POST', '/api/Pv', [
        { pvRef: { type: 'AnaOut', nr: 200001 }, type: 'DoubleValue', doubleValue: 3.5 },
      ]),
    );
    expect(done).toMatchObject({ status: 'Success' });
    expect(await pv('AnaOut-200001')).toMatchObject({ doubleValue: 3.5 });
    const before = (await audit('pv.write')).length;
    const notDone = await replyJson<PvWriteReply>(
      await callApi(server, operator, 'POST', '/api/Pv', [
        { pvRef: { type: 'AnaOut', nr: 200002 }, type: 'DoubleValue', doubleValue: 4 },
      ]),
    );
    expect(notDone.status).toBe('Failed');
    expect(notDone.errorMessage).toMatch(/nicht innerhalb von 1.5 s bestätigt/);
    expect(await audit('pv.write')).toHaveLength(before);
    expect((await audit('pv.write.refused')).some((r) => r.object?.includes('AnaOut-200002'))).toBe(true);
  });

  it('restarts a source and audits it; refuses others and unknown sources', async () => {
    const restarted = await replyJson<SourceStatusView>(
      await callApi(server, admin, 'POST', '/api/admin/sources/broker/restart'),
    );
    expect(restarted.id).toBe('broker');
    await waitFor(
      'connected again',
      () => server.services.sources.get('broker')?.connectionState() === 'Connected',
    );
    const rows = await audit('source.restart');
    expect(rows.map((r) => [r.object, r.old_value, r.username])).toEqual([
      ['source:broker', 'Connected', 'admin'],
    ]);
    expect((await callApi(server, operator, 'POST', '/api/admin/sources/broker/restart')).status).toBe(403);
    expect((await callApi(server, operator, 'GET', '/api/admin/sources')).status).toBe(403);
    expect((await audit('access.refused')).filter((r) => r.username === `op-${dialect}`)).toHaveLength(2);
    const unknown = await callApi(server, admin, 'POST', '/api/admin/sources/nope/restart');
    expect(await replyJson<{ code: string }>(unknown, 404)).toMatchObject({ code: 'unknownSource' });
    expect(await audit('source.restart.refused')).toHaveLength(1);
    expect((await callApi(server, admin, 'POST', '/api/admin/sources/..%2F/restart')).status).toBe(400);
  });

  it('browses only OPC UA sources', async () => {
    const reply = await callApi(server, admin, 'GET', '/api/admin/sources/broker/browse');
    expect(await replyJson<{ code: string }>(reply, 409)).toMatchObject({ code: 'notBrowsable' });
  });

  it('serves Prometheus metrics per source to the loopback', async () => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toContain('leitwarte_source_up{source="broker",kind="mqtt"} 1');
    expect(text).toContain('leitwarte_source_up{source="simulator",kind="simulator"} 1');
    expect(text).toMatch(/leitwarte_source_messages_total\{source="broker",kind="mqtt"\} [1-9]/);
    expect(text).toMatch(/leitwarte_source_reconnects_total\{source="broker",kind="mqtt"\} 1/);
    expect(text).toContain('leitwarte_process_cpu_seconds_total');
    expect(text).toMatch(/leitwarte_plant_values_total [1-9]/);
  });
});

describe('metrics with a token', { timeout: 120_000 }, () => {
  it('answer only the bearer of the token', async () => {
    const server = await startTestServer({ config: { metricsToken: METRICS_TOKEN } });
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
      expect(
        (await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status,
      ).toBe(401);
      const reply = await fetch(`${server.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/text\/plain; version=0.0.4/);
      expect(await reply.text()).toContain(
        'leitwarte_source_state{source="simulator",kind="simulator",state="Connected"} 1',
      );
    } finally {
      await server.close();
    }
  });
});
