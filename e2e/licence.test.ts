// The licence limits as users meet them: a login beyond a limit is refused with the catalogue's
// text, and administrators see the use against the limits and cannot create a user beyond them.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_ADMIN_PASSWORD,
  TEST_PLANT_USERS_PASSWORD,
  type LoggedIn,
  type TestServer,
} from '../packages/server/src/test-support/test-server';
import { addUser } from '../packages/server/src/auth/users';
import { createTestRole, TEST_USER_PASSWORD } from '../packages/server/src/test-support/users';
import { AdminUsersPage } from './pages/admin-users-page.js';
import { LoginPage } from './pages/login-page.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';

const SHOTS = process.env.LEITWARTE_E2E_SHOTS ?? null;

describe('licence limits', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: LoggedIn;
  let groupName: string;

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    admin = await server.loginWithToken();
    const group = server.services.domain.pvGroups[0];
    if (group === undefined) throw new Error('the demo plant has no PV groups');
    groupName = group.name;
    const role = await createTestRole(server, 'bereich', ['read'], {
      allStations: false,
      stations: [],
      pvGroups: [group.id],
    });
    const { user } = await addUser(server.services.store, {
      username: 'bereich1',
      role: 'viewer',
      password: TEST_USER_PASSWORD,
      actor: 'test',
    });
    await server.services.store.rights.setUserRoles(user.id, [role]);
    await server.services.rights.reload();
    // Three users active: the limit is reached.
    const limits = await fetch(`${server.url}/api/SystemConfig`, {
      method: 'PATCH',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify({ licenseOptions: { maxActiveUsers: 3, maxPvGroupLogins: 1 } }),
    });
    expect(limits.status).toBe(200);
    await server.loginWithToken('betrieb', TEST_PLANT_USERS_PASSWORD);
    await server.loginWithToken('bereich1', TEST_USER_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('refuses a login beyond the active users with the catalogue text, at both sizes', async () => {
    const { context, page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(server.url);
    await login.logIn('gast', TEST_PLANT_USERS_PASSWORD);
    expect(await login.errorText()).toBe('Lizenz überschritten.');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.setViewportSize({ width: 1440, height: 900 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/licence-login-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/licence-login-390.png` });
    await context.close();
  });

  it('refuses a second login in a PV group whose logins are used up', async () => {
    const { context, page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(server.url);
    await login.logIn('bereich1', TEST_USER_PASSWORD);
    expect(await login.errorText()).toBe('Lizenz überschritten.');
    await context.close();
  });

  it('shows administrators the use against the limits and refuses a user beyond them', async () => {
    const { context, page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent('/admin/users')}`);
    // The administrator is active already, so a further session of theirs is within the licence.
    await login.logIn('admin', TEST_ADMIN_PASSWORD);
    const admin = new AdminUsersPage(page);
    await admin.waitUntilShown();
    const enabled = (await server.services.store.users.list()).filter((u) => u.disabled === 0).length;
    expect(await admin.licenseUse()).toEqual({
      activeUsers: `${enabled} von 3`,
      loggedIn: 'angemeldet: 3',
      pvGroups: `Anmeldungen je PV-Gruppe (höchstens 1):${groupName}: 1 von 1`,
    });
    const before = (await server.services.store.users.list()).length;
    expect(await admin.createRefused('neu.bedienung', 'Neue Bedienung', ['Betrieb'])).toBe(
      'Lizenz überschritten: Die Anzahl der aktiven Benutzer würde die Lizenz überschreiten; die Änderung wurde nicht gespeichert.',
    );
    expect((await server.services.store.users.list()).length).toBe(before);
    await page.setViewportSize({ width: 1440, height: 900 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/licence-admin-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(400);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/licence-admin-390.png` });
    const panel = await page.getByTestId('license-use').boundingBox();
    expect(panel && panel.x + panel.width).toBeLessThanOrEqual(390);
    await context.close();
  });
});
