import type { PvRef, PvValueWrite, PvWriteReply } from '@leitwarte/core';
import type { Browser, Page } from 'playwright-core';
import { TEST_ADMIN_PASSWORD, type TestServer } from '../../packages/server/src/test-support/test-server';
import { writeFieldPlant, type FieldStation } from '../../packages/server/src/test-support/field-plant';
import { AlertArchivePage } from '../pages/alert-archive-page.js';
import { FieldOverview } from '../pages/field-overview.js';
import { LoginPage } from '../pages/login-page.js';
import { startAppServer } from './app-server.js';
import { newPage } from './browser.js';

/** The app on a plant of field stations: the server from its sources, the built web app. */
export async function startFieldApp(sources: object[], stations: FieldStation[]) {
  const plant = writeFieldPlant(sources, stations);
  const server = await startAppServer({ config: { plantPath: plant.file } });
  return {
    server,
    async close() {
      await server.close();
      plant.remove();
    },
  };
}

/** A browser signed in as the administrator, on the overview. */
export async function openOverview(
  browser: Browser,
  server: TestServer,
): Promise<{ page: Page; overview: FieldOverview }> {
  const { page } = await newPage(browser);
  const login = new LoginPage(page);
  await login.open(server.url, `/login?returnUrl=${encodeURIComponent('/overview')}`);
  await login.logIn('admin', TEST_ADMIN_PASSWORD);
  const overview = new FieldOverview(page);
  await overview.waitUntilShown();
  return { page, overview };
}

/**
 * Sets values with the app's own set-value call (POST /api/Pv) from the signed-in page: the
 * session cookie and its CSRF token, as the write dialogs send it.
 */
export async function setValuesFromPage(page: Page, writes: PvValueWrite[]): Promise<PvWriteReply> {
  return page.evaluate(async (body) => {
    const info = (await (await fetch('/api/UserManagement/info')).json()) as { csrfToken: string };
    const reply = await fetch('/api/Pv', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': info.csrfToken },
      body: JSON.stringify(body),
    });
    return (await reply.json()) as PvWriteReply;
  }, writes);
}

export const doubleWrite = (pvRef: PvRef, doubleValue: number): PvValueWrite => ({
  pvRef,
  type: 'DoubleValue',
  doubleValue,
});

/** Opens the alert archive in the page and waits for the station's connection alert. */
export async function waitForConnectionAlert(
  page: Page,
  server: TestServer,
  stationName: string,
): Promise<AlertArchivePage> {
  const alerts = new AlertArchivePage(page);
  await alerts.open(server.url);
  // The default columns show the station and the message ("…: Station nicht erreichbar").
  await alerts
    .row(stationName)
    .filter({ hasText: 'Station nicht erreichbar' })
    .first()
    .waitFor({ state: 'visible', timeout: 60_000 });
  return alerts;
}
