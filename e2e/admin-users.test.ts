// User administration in the browser: an administrator creates, disables, resets and scopes a
// user while that user works in a second browser.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pvKey } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_ADMIN_PASSWORD,
  TEST_PLANT_USERS_PASSWORD,
  type TestServer,
} from '../packages/server/src/test-support/test-server';
import { postLogin } from '../packages/server/src/auth/login-client';
import { addUser } from '../packages/server/src/auth/users';
import { AdminUsersPage } from './pages/admin-users-page.js';
import { LoginPage } from './pages/login-page.js';
import { OverviewPage } from './pages/overview-page.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';

describe('user administration', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page; screen: AdminUsersPage };

  async function logIn(username: string, password: string, path = '/overview') {
    const { context, page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent(path)}`);
    await login.logIn(username, password);
    return { context, page };
  }

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    const { context, page } = await logIn('admin', TEST_ADMIN_PASSWORD, '/admin/users');
    admin = { context, page, screen: new AdminUsersPage(page) };
    await admin.screen.waitUntilShown();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('creates an operator who logs in; disabling sends their open page to the login', async () => {
    const password = await admin.screen.createUser('neu.bediener', 'Neuer Bediener', ['Betrieb']);
    expect(password).toMatch(/^\S{20}$/);
    expect(await admin.screen.rolesOf('neu.bediener')).toBe('Betrieb');

    const user = await logIn('neu.bediener', password, '/overview?station=1');
    await new OverviewPage(user.page).waitUntilShown();
    await user.page.locator('[data-live-status="connected"]').waitFor({ timeout: 15_000 });
    const shown = new URL(user.page.url());
    expect(shown.searchParams.get('station')).toBe('1');

    await admin.screen.disable('neu.bediener');
    expect(await admin.screen.stateOf('neu.bediener')).toBe('Deaktiviert');
    // Without any action of the user: the live connection closes and the page goes to the login.
    await user.page.waitForURL(/\/login\?.*returnUrl=/, { timeout: 10_000 });
    expect(new URL(user.page.url()).searchParams.get('returnUrl')).toBe(shown.pathname + shown.search);
    await new LoginPage(user.page).waitUntilShown();
    await user.context.close();

    const again = await logIn('neu.bediener', password);
    expect(await new LoginPage(again.page).errorText()).not.toBe('');
    expect(again.page.url()).toContain('/login');
    await again.context.close();
  }, 90_000);

  it('enables and resets the password: only the new one logs in', async () => {
    await admin.screen.enable('neu.bediener');
    expect(await admin.screen.stateOf('neu.bediener')).toBe('Aktiv');
    const password = await admin.screen.resetPassword('neu.bediener');
    expect(password).toMatch(/^\S{20}$/);
    const user = await logIn('neu.bediener', password);
    await new OverviewPage(user.page).waitUntilShown();
    await user.context.close();
  }, 60_000);

  it("scopes the user to one station: the user's overview shows only that station", async () => {
    const station = server.services.plant.stations()[0];
    if (station === undefined) throw new Error('plant has no stations');
    await admin.screen.createStationRole('Nur eine Station', ['Lesen'], [station.name]);
    await admin.screen.assignRoles('neu.bediener', ['Betrieb'], ['Nur eine Station']);
    expect(await admin.screen.rolesOf('neu.bediener')).toBe('Nur eine Station');

    const password = await admin.screen.resetPassword('neu.bediener');
    const user = await logIn('neu.bediener', password);
    const overview = new OverviewPage(user.page);
    await overview.waitUntilShown();
    expect(await overview.stationNames()).toEqual([station.name]);
    const { plant } = server.services;
    const ofStation = plant
      .pvConfigs()
      .filter((c) => plant.stationOf(c.pvRef) === station.stationNumber)
      .map((c) => pvKey(c.pvRef));
    const shown = [...(await overview.values()).keys()];
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((key) => !ofStation.includes(key))).toEqual([]);
    await user.context.close();
  }, 90_000);

  it('shows a lockout after failed logins and ends it early', async () => {
    await addUser(server.services.store, {
      username: 'vergesslich',
      role: 'viewer',
      password: 'Richtig-Pass-1',
      actor: 'test',
    });
    await server.services.rights.reload();
    for (let i = 0; i < 5; i++) await postLogin(server.url, 'vergesslich', 'falsch-falsch');
    expect((await postLogin(server.url, 'vergesslich', 'Richtig-Pass-1')).status).toBe(423);
    await admin.screen.reload();
    expect(await admin.screen.lockOf('vergesslich')).toMatch(/^Gesperrt bis \d\d:\d\d$/);
    expect(await admin.screen.lockOf('neu.bediener')).toBeNull();
    await admin.screen.unlock('vergesslich');
    expect(await admin.screen.stateOf('vergesslich')).toBe('Aktiv');
    const user = await logIn('vergesslich', 'Richtig-Pass-1');
    await new OverviewPage(user.page).waitUntilShown();
    await user.context.close();
  }, 60_000);

  it('shows the access-denied text to a viewer', async () => {
    const viewer = await logIn('gast', TEST_PLANT_USERS_PASSWORD, '/admin/users');
    const screen = new AdminUsersPage(viewer.page);
    await viewer.page.waitForURL(/\/admin\/users/, { timeout: 15_000 });
    expect(await screen.refusalText()).toContain('Zugriff verweigert – bitte die Benutzerrechte anpassen.');
    expect(await viewer.page.locator('[data-user]').count()).toBe(0);
    await viewer.context.close();
  }, 60_000);
});
