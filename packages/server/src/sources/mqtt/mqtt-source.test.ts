import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldPlant } from '../../test-support/field-plant.js';
import { waitFor } from '../../test-support/peers/free-port.js';
import {
  makeTlsFiles,
  requireSharedBroker,
  SHARED_BROKER,
  startPrivateBroker,
  topicPrefix,
} from '../../test-support/peers/mosquitto.js';
import { numberOf, startSources, type SourceHarness } from '../../test-support/source-harness.js';

const base = { quality: 'Good' as const, timestamp: 0 };

describe('MQTT source against Mosquitto', { timeout: 120_000 }, () => {
  const prefix = topicPrefix('plain');
  let device: MqttClient;
  let sources: SourceHarness;
  const deviceTime = Date.UTC(2025, 0, 6, 5, 0, 0);

  beforeAll(async () => {
    await requireSharedBroker();
    device = await mqtt.connectAsync(SHARED_BROKER);
    // Retained before the server connects: the first image comes from the broker.
    await device.publishAsync(`${prefix}/1/level`, JSON.stringify({ value: 2.5, timestamp: deviceTime }), {
      retain: true,
      qos: 1,
    });
    await device.publishAsync(
      `${prefix}/1/multi`,
      JSON.stringify({ pump: { running: true, hours: 1234.5 } }),
      { retain: true, qos: 1 },
    );
    await device.publishAsync(`${prefix}/1/text`, '17.25', { retain: true, qos: 1 });
    const plant = fieldPlant(
      [
        {
          id: 'broker',
          kind: 'mqtt',
          url: SHARED_BROKER,
          clientId: `lw-${prefix.replace(/\W/g, '')}`,
          topic: `${prefix}/{station}/{localEks}`,
          writeTimeoutMs: 1500,
          availability: { topic: `${prefix}/{station}/status` },
        },
      ],
      [
        {
          number: 1,
          source: 'broker',
          pvs: [
            { type: 'AnaIn', number: 1, eks: 'level' },
            { type: 'DigiIn', number: 1, eks: 'multi', address: { valuePath: 'pump.running' } },
            {
              type: 'RechenWert',
              nr: 1001,
              eks: 'multi',
              valueType: 'RuntimeValue',
              runtimeType: 'Betriebszeit',
              address: { valuePath: 'pump.hours' },
            },
            { type: 'AnaIn', number: 2, eks: 'text', address: { payload: 'text' } },
            { type: 'AnaIn', number: 3, eks: 'quiet', address: { staleAfterSeconds: 1 } },
            { type: 'AnaOut', number: 1, eks: 'setpoint', min: 0, max: 10 },
            {
              type: 'DigiOut',
              number: 1,
              eks: 'release',
              address: { writeTopic: `${prefix}/1/release/cmd`, payload: 'text' },
            },
          ],
        },
      ],
    );
    sources = await startSources(plant);
    await device.publishAsync(`${prefix}/1/status`, 'online', { retain: true, qos: 1 });
  });
  afterAll(async () => {
    await sources?.close();
    for (const t of ['level', 'multi', 'text', 'status'])
      await device?.publishAsync(`${prefix}/1/${t}`, '', { retain: true });
    await device?.endAsync();
  });

  it('reads retained values at start, JSON paths, text payloads and the device time', async () => {
    const level = await sources.waitValue('AnaIn-100001', (v) => v.quality === 'Good');
    expect(numberOf(level)).toBe(2.5);
    expect(level.timestamp).toBe(deviceTime);
    expect(numberOf(await sources.waitValue('DigiIn-100001', () => true))).toBe(true);
    const hours = await sources.waitValue('RechenWert-1001', () => true);
    expect(hours.type === 'RuntimeValue' && hours.runtimeValue).toMatchObject({
      value: 1234.5,
      runtimeType: 'Betriebszeit',
    });
    expect(numberOf(await sources.waitValue('AnaIn-100002', () => true))).toBe(17.25);
    await sources.waitStation(1, 'Connected');
  });

  it('shows a published value with the quality the device gives', async () => {
    await device.publishAsync(`${prefix}/1/level`, JSON.stringify({ value: 3, quality: 'Uncertain' }), {
      qos: 1,
    });
    const v = await sources.waitValue('AnaIn-100001', (x) => numberOf(x) === 3);
    expect(v.quality).toBe('Uncertain');
  });

  it('writes and waits for the device to report the value back', async () => {
    const received: string[] = [];
    await device.subscribeAsync(`${prefix}/1/setpoint/set`, { qos: 1 });
    const echo = (topic: string, payload: Buffer) => {
      if (topic !== `${prefix}/1/setpoint/set`) return;
      received.push(payload.toString());
      const { value } = JSON.parse(payload.toString()) as { value: number };
      void device.publishAsync(`${prefix}/1/setpoint`, JSON.stringify({ value }), { qos: 1 });
    };
    device.on('message', echo);
    const ref = { type: 'AnaOut' as const, nr: 100001 };
    await sources.source.write([
      { ref, value: { ...base, pvRef: ref, type: 'DoubleValue', doubleValue: 6.5 } },
    ]);
    expect(received).toEqual(['{"value":6.5}']);
    expect(numberOf(sources.latest('AnaOut-100001'))).toBe(6.5);
    device.off('message', echo);
  });

  it('reports a write the device never confirms as not done, and shows what the device holds', async () => {
    await device.publishAsync(`${prefix}/1/release`, 'false', { qos: 1 });
    await sources.waitValue('DigiOut-100001', (v) => numberOf(v) === false);
    const ref = { type: 'DigiOut' as const, nr: 100001 };
    const write = sources.source.write([
      { ref, value: { ...base, pvRef: ref, type: 'BoolValue', boolValue: true } },
    ]);
    await expect(write).rejects.toThrow(/nicht innerhalb von 1.5 s bestätigt/);
    expect(numberOf(sources.latest('DigiOut-100001'))).toBe(false);
    expect(sources.field.status().lastError?.message).toMatch(/not confirmed/);
  });

  it('turns a PV Bad when its device stays silent, and Good when it speaks again', async () => {
    await device.publishAsync(`${prefix}/1/quiet`, '{"value": 1}', { qos: 1 });
    await sources.waitValue('AnaIn-100003', (v) => v.quality === 'Good');
    await sources.waitValue('AnaIn-100003', (v) => v.quality === 'Bad', 'stale', 10_000);
    await device.publishAsync(`${prefix}/1/quiet`, '{"value": 2}', { qos: 1 });
    await sources.waitValue('AnaIn-100003', (v) => v.quality === 'Good' && numberOf(v) === 2);
  });

  it("follows the device's availability: offline makes the station lost and its PVs Bad", async () => {
    await device.publishAsync(`${prefix}/1/status`, 'offline', { retain: true, qos: 1 });
    await sources.waitStation(1, 'ConnectionError');
    await sources.waitValue('AnaIn-100001', (v) => v.quality === 'Bad');
    await device.publishAsync(`${prefix}/1/status`, 'online', { retain: true, qos: 1 });
    await sources.waitStation(1, 'Connected');
  });
});

describe('MQTT source and a broker that goes away', { timeout: 120_000 }, () => {
  it('turns the PVs Bad while the broker is down and recovers without a restart', async () => {
    const broker = await startPrivateBroker();
    const plant = fieldPlant(
      [
        {
          id: 'b',
          kind: 'mqtt',
          url: broker.url,
          topic: 'plant/{key}',
          reconnect: { initialMs: 200, maxMs: 500 },
        },
      ],
      [{ number: 5, source: 'b', pvs: [{ type: 'AnaIn', number: 1 }] }],
    );
    const sources = await startSources(plant);
    const device = await mqtt.connectAsync(broker.url);
    try {
      await sources.waitStation(5, 'Connected');
      await device.publishAsync('plant/AnaIn-500001', '{"value": 4}', { qos: 1 });
      await sources.waitValue('AnaIn-500001', (v) => v.quality === 'Good');
      await broker.stop();
      await sources.waitValue('AnaIn-500001', (v) => v.quality === 'Bad');
      await sources.waitStation(5, 'ConnectionError');
      expect(sources.states.at(-1)).toBe('Disconnected');
      await broker.start();
      await sources.waitStation(5, 'Connected');
      const again = await mqtt.connectAsync(broker.url);
      await waitFor('the value after the restart', async () => {
        await again.publishAsync('plant/AnaIn-500001', '{"value": 5}', { qos: 1 });
        return numberOf(sources.latest('AnaIn-500001')) === 5;
      });
      expect(sources.field.status().counters.reconnects).toBeGreaterThanOrEqual(1);
      await again.endAsync();
    } finally {
      device.end(true);
      await sources.close();
      await broker.dispose();
    }
  });

  it('connects over TLS with username and password, and names a refused login', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'leitwarte-tls-'));
    const tls = makeTlsFiles(dir);
    const broker = await startPrivateBroker({ users: { leitwarte: 'Broker-Pass-1' }, tls });
    process.env.LW_TEST_BROKER_PASSWORD = 'Broker-Pass-1';
    process.env.LW_TEST_BROKER_WRONG = 'wrong';
    const plant = (passwordEnv: string) =>
      fieldPlant(
        [
          {
            id: 'secure',
            kind: 'mqtt',
            url: broker.url,
            username: 'leitwarte',
            passwordEnv,
            tls: { ca: tls.ca },
            topic: 't/{key}',
            reconnect: { initialMs: 300, maxMs: 600 },
          },
        ],
        [{ number: 6, source: 'secure', pvs: [{ type: 'AnaIn', number: 1 }] }],
      );
    const good = await startSources(plant('LW_TEST_BROKER_PASSWORD'));
    const bad = await startSources(plant('LW_TEST_BROKER_WRONG'));
    try {
      await good.waitStation(6, 'Connected');
      const device = await mqtt.connectAsync(broker.url, {
        username: 'leitwarte',
        password: 'Broker-Pass-1',
        ca: [readFileSync(tls.ca)],
      });
      await device.publishAsync('t/AnaIn-600001', '{"value": 9}', { qos: 1 });
      await good.waitValue('AnaIn-600001', (v) => numberOf(v) === 9);
      await device.endAsync();
      await waitFor('the refusal', () =>
        bad.field.status().lastError?.message.match(/Not authorized|Bad username or password/),
      );
      expect(bad.field.status().state).toBe('Disconnected');
    } finally {
      await good.close();
      await bad.close();
      await broker.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
