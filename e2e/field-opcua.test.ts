import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startOpcUaServer,
  type TestOpcUaServer,
} from '../packages/server/src/test-support/peers/opcua-server';
import { AdminSourcesPage } from './pages/admin-sources-page.js';
import { launchBrowser } from './support/browser.js';
import {
  doubleWrite,
  openOverview,
  setValuesFromPage,
  startFieldApp,
  waitForConnectionAlert,
} from './support/field-scene.js';

describe('an OPC UA server in the browser', () => {
  let ua: TestOpcUaServer;
  let app: Awaited<ReturnType<typeof startFieldApp>>;
  let browser: Browser;

  beforeAll(async () => {
    ua = await startOpcUaServer({
      variables: [
        { id: 'Zulauf', dataType: 'Double', value: 120.5 },
        { id: 'O2Soll', dataType: 'Double', value: 2, writable: true },
      ],
    });
    app = await startFieldApp(
      [
        {
          id: 'ua',
          kind: 'opcua',
          endpoint: ua.endpoint,
          publishingIntervalMs: 200,
          samplingIntervalMs: 100,
          reconnect: { initialMs: 200, maxMs: 1000 },
        },
      ],
      [
        {
          number: 10,
          name: 'Kläranlage Feld',
          source: 'ua',
          pvs: [
            {
              type: 'AnaIn',
              number: 1,
              name: 'Zulauf',
              dimension: 'l/s',
              address: { nodeId: 'ns=1;s=Zulauf' },
            },
            {
              type: 'AnaOut',
              number: 1,
              name: 'Sauerstoff Soll',
              dimension: 'mg/l',
              min: 0.5,
              max: 4,
              address: { nodeId: 'ns=1;s=O2Soll' },
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
    await ua?.dispose();
  });

  it('follows a variable, writes one, and recovers the subscription after a server restart', async () => {
    const { page, overview } = await openOverview(browser, app.server);
    await overview.waitForReading('AnaIn-1000001', /^120,5/);
    ua.set('Zulauf', 98.25);
    await overview.waitForReading('AnaIn-1000001', /^98,25/);

    const reply = await setValuesFromPage(page, [doubleWrite({ type: 'AnaOut', nr: 1000001 }, 2.5)]);
    expect(reply.status).toBe('Success');
    expect(ua.value('O2Soll')).toBe(2.5);
    await overview.waitForReading('AnaOut-1000001', /^2,5/);

    await ua.stop();
    await overview.waitForQuality('AnaIn-1000001', 'Bad');
    await waitForConnectionAlert(await page.context().newPage(), app.server, 'Kläranlage Feld');
    await overview.waitForDialState(10, 'ConnectionError');

    await ua.start();
    await overview.waitForQuality('AnaIn-1000001', 'Good');
    ua.set('Zulauf', 101.75);
    await overview.waitForReading('AnaIn-1000001', /^101,75/);
    await overview.waitForDialState(10, 'Connected');
  });

  it('shows the source on the data sources screen, browses its address space and reconnects it', async () => {
    const { page } = await openOverview(browser, app.server);
    const screen = new AdminSourcesPage(page);
    await screen.open(app.server.url);
    await screen.waitForState('ua', 'Connected');
    expect(await screen.card('ua').innerText()).toContain(ua.endpoint);
    const dialog = await screen.browse('ua', ['Pumpwerk']);
    await dialog.locator('[data-node="ns=1;s=Zulauf"]').waitFor({ timeout: 60_000 });
    expect(await dialog.locator('[data-node="ns=1;s=Zulauf"]').innerText()).toContain('Double');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const before = await screen.counter('ua', 'reconnects');
    await screen.reconnect('ua');
    await screen.waitForState('ua', 'Connected');
    await expect.poll(() => screen.counter('ua', 'reconnects'), { timeout: 60_000 }).toBeGreaterThan(before);
  });
});
