import mqtt, { type MqttClient } from 'mqtt';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateBroker, type PrivateBroker } from '../packages/server/src/test-support/peers/mosquitto';
import { launchBrowser } from './support/browser.js';
import {
  doubleWrite,
  openOverview,
  setValuesFromPage,
  startFieldApp,
  waitForConnectionAlert,
} from './support/field-scene.js';

describe('an MQTT field station in the browser', () => {
  let broker: PrivateBroker;
  let app: Awaited<ReturnType<typeof startFieldApp>>;
  let browser: Browser;
  let device: MqttClient;
  const received: string[] = [];

  /** The device: publishes its readings and answers a setpoint command with its new state. */
  async function connectDevice() {
    device = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    await device.subscribeAsync('hb7/AnaOut-700001/set', { qos: 1 });
    device.on('message', (topic, payload) => {
      received.push(payload.toString());
      void device.publishAsync('hb7/AnaOut-700001', payload, { qos: 1 });
    });
  }

  beforeAll(async () => {
    broker = await startPrivateBroker();
    app = await startFieldApp(
      [
        {
          id: 'broker',
          kind: 'mqtt',
          url: broker.url,
          topic: 'hb7/{key}',
          writeTimeoutMs: 5000,
          reconnect: { initialMs: 200, maxMs: 1000 },
        },
      ],
      [
        {
          number: 7,
          name: 'Hochbehälter Feld',
          source: 'broker',
          pvs: [
            { type: 'AnaIn', number: 1, name: 'Füllstand', dimension: 'm', min: 0, max: 5 },
            { type: 'AnaOut', number: 1, name: 'Sollstand', dimension: 'm', min: 0, max: 5 },
          ],
        },
      ],
    );
    await connectDevice();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    device?.end(true);
    await app?.close();
    await broker?.dispose();
  });

  it('shows a published value, sets a value at the device, and shows the lost and the restored line', async () => {
    const { page, overview } = await openOverview(browser, app.server);
    await overview.waitForDialState(7, 'Connected');
    await device.publishAsync('hb7/AnaIn-700001', JSON.stringify({ value: 3.25 }), { qos: 1 });
    await overview.waitForReading('AnaIn-700001', /^3,25/);
    await overview.waitForQuality('AnaIn-700001', 'Good');

    const reply = await setValuesFromPage(page, [doubleWrite({ type: 'AnaOut', nr: 700001 }, 2.75)]);
    expect(reply.status).toBe('Success');
    expect(received).toContain('{"value":2.75}');
    await overview.waitForReading('AnaOut-700001', /^2,75/);

    await broker.stop();
    await overview.waitForQuality('AnaIn-700001', 'Bad');
    await overview.waitForServerStatus('ServerDisconnected');
    await waitForConnectionAlert(await page.context().newPage(), app.server, 'Hochbehälter Feld');
    await overview.waitForDialState(7, 'ConnectionError');

    await broker.start();
    await overview.waitForServerStatus('Connected');
    await connectDevice();
    await device.publishAsync('hb7/AnaIn-700001', JSON.stringify({ value: 3.5 }), { qos: 1 });
    await overview.waitForReading('AnaIn-700001', /^3,5/);
    await overview.waitForQuality('AnaIn-700001', 'Good');
    await overview.waitForDialState(7, 'Connected');
  });
});
