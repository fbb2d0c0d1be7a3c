import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  requireSharedBroker,
  SHARED_BROKER,
  topicPrefix,
} from '../packages/server/src/test-support/peers/mosquitto';
import { startEdgeNode } from '../packages/server/src/test-support/peers/sparkplug-edge';
import { launchBrowser } from './support/browser.js';
import {
  doubleWrite,
  openOverview,
  setValuesFromPage,
  startFieldApp,
  waitForConnectionAlert,
} from './support/field-scene.js';

describe('a Sparkplug B edge node in the browser', () => {
  const group = topicPrefix('e2e-sp').replace(/\//g, '-');
  let edge: Awaited<ReturnType<typeof startEdgeNode>>;
  let app: Awaited<ReturnType<typeof startFieldApp>>;
  let browser: Browser;

  beforeAll(async () => {
    await requireSharedBroker();
    edge = await startEdgeNode({
      url: SHARED_BROKER,
      group,
      node: 'DE8',
      applyCommands: true,
      metrics: [
        { name: 'Druck/Enddruck', type: 'Float', value: 4.5, device: 'SPS' },
        { name: 'Druck/Sollwert', type: 'Double', value: 5, device: 'SPS' },
      ],
    });
    app = await startFieldApp(
      [
        {
          id: 'sp',
          kind: 'sparkplug',
          url: SHARED_BROKER,
          group,
          hostId: `${group}-host`,
          rebirthIntervalMs: 500,
          reconnect: { initialMs: 200, maxMs: 1000 },
        },
      ],
      [
        {
          number: 8,
          name: 'Druckerhöhung Feld',
          source: 'sp',
          address: { node: 'DE8', device: 'SPS' },
          pvs: [
            {
              type: 'AnaIn',
              number: 1,
              name: 'Enddruck',
              dimension: 'bar',
              address: { metric: 'Druck/Enddruck' },
            },
            {
              type: 'AnaOut',
              number: 1,
              name: 'Solldruck',
              dimension: 'bar',
              min: 2,
              max: 8,
              address: { metric: 'Druck/Sollwert' },
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
    await edge?.stop();
  });

  it('shows device data, commands the device, and follows its death and rebirth', async () => {
    const { page, overview } = await openOverview(browser, app.server);
    await overview.waitForReading('AnaIn-800001', /^4,5/);
    await edge.set([{ name: 'Druck/Enddruck', device: 'SPS', value: 4.75 }]);
    await overview.waitForReading('AnaIn-800001', /^4,75/);

    const reply = await setValuesFromPage(page, [doubleWrite({ type: 'AnaOut', nr: 800001 }, 6.5)]);
    expect(reply.status).toBe('Success');
    expect(edge.commands.at(-1)).toMatchObject({ device: 'SPS', name: 'Druck/Sollwert', value: 6.5 });
    await overview.waitForReading('AnaOut-800001', /^6,5/);

    await edge.kill();
    await overview.waitForQuality('AnaIn-800001', 'Bad');
    await waitForConnectionAlert(await page.context().newPage(), app.server, 'Druckerhöhung Feld');
    await overview.waitForDialState(8, 'ConnectionError');

    await edge.revive();
    await overview.waitForQuality('AnaIn-800001', 'Good');
    await overview.waitForDialState(8, 'Connected');
  });
});
