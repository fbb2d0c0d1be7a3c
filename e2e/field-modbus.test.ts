import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModbusPeer, type ModbusPeer } from '../packages/server/src/test-support/peers/modbus-peer';
import { launchBrowser } from './support/browser.js';
import {
  doubleWrite,
  openOverview,
  setValuesFromPage,
  startFieldApp,
  waitForConnectionAlert,
} from './support/field-scene.js';

describe('a Modbus TCP device in the browser', () => {
  let peer: ModbusPeer;
  let app: Awaited<ReturnType<typeof startFieldApp>>;
  let browser: Browser;

  beforeAll(async () => {
    peer = await startModbusPeer({ tables: { input: { count: 10 }, holding: { count: 10 } } });
    await peer.set('input', 0, [1234]);
    app = await startFieldApp(
      [
        {
          id: 'plc',
          kind: 'modbus',
          host: '127.0.0.1',
          port: peer.port,
          pollMs: 250,
          timeoutMs: 1000,
          reconnect: { initialMs: 200, maxMs: 1000 },
        },
      ],
      [
        {
          number: 9,
          name: 'Pumpwerk Feld',
          source: 'plc',
          pvs: [
            {
              type: 'AnaIn',
              number: 1,
              name: 'Pegel',
              dimension: 'm',
              address: { table: 'input', address: 0, factor: 0.001 },
            },
            {
              type: 'AnaOut',
              number: 1,
              name: 'Einschaltpunkt',
              dimension: 'm',
              min: 0,
              max: 3,
              address: { table: 'holding', address: 0, factor: 0.01 },
            },
          ],
        },
      ],
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await peer?.stop();
  });

  it('shows a register changed at the device, writes one, and shows the lost and the restored device', async () => {
    const { page, overview } = await openOverview(browser, app.server);
    await overview.waitForReading('AnaIn-900001', /^1,23/);
    await peer.set('input', 0, [2500]);
    await overview.waitForReading('AnaIn-900001', /^2,5/);

    const reply = await setValuesFromPage(page, [doubleWrite({ type: 'AnaOut', nr: 900001 }, 1.6)]);
    expect(reply.status).toBe('Success');
    expect(await peer.get('holding', 0)).toEqual([160]);
    await overview.waitForReading('AnaOut-900001', /^1,6/);

    await peer.stop();
    await overview.waitForQuality('AnaIn-900001', 'Bad');
    await overview.waitForServerStatus('ServerDisconnected');
    await waitForConnectionAlert(await page.context().newPage(), app.server, 'Pumpwerk Feld');
    await overview.waitForDialState(9, 'ConnectionError');

    await peer.start();
    await peer.set('input', 0, [2750]);
    await overview.waitForReading('AnaIn-900001', /^2,75/);
    await overview.waitForQuality('AnaIn-900001', 'Good');
    await overview.waitForDialState(9, 'Connected');
  });
});
