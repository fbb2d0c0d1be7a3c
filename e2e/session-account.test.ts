import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_ADMIN_PASSWORD,
  TEST_PLANT_USERS_PASSWORD,
  type TestServer,
} from '../packages/server/src/test-support/test-server';
import { AccountPage } from './pages/account-page.js';
import { LoginPage } from './pages/login-page.js';
import { LogoutPage } from './pages/logout-page.js';
import { PasswordPage } from './pages/password-page.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';

// A short idle timeout on the server; the client must take it from the user info, not assume 15 min.
const IDLE_MS = 8000;

describe('session and own account in the browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startAppServer({ config: { sessionIdleMs: IDLE_MS } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Logs in on the way to the path; answers when the login was sent, the earliest start of the session. */
  async function logIn(page: Page, username: string, password: string, path: string): Promise<number> {
    await page.goto(`${server.url}${path}`);
    const login = new LoginPage(page);
    await login.waitUntilShown();
    const sentAt = Date.now();
    await login.logIn(username, password);
    await page.waitForURL((url) => `${url.pathname}${url.search}` === path, { timeout: 15_000 });
    return sentAt;
  }

  const sessionStatus = (page: Page) =>
    page.evaluate(async () => (await fetch('/api/UserManagement/info')).status);

  /** A user at work: a click somewhere harmless every interval, for the given time. */
  async function keepWorking(pages: Page[], forMs: number, everyMs = 1500): Promise<void> {
    const until = Date.now() + forMs;
    while (Date.now() < until) {
      for (const page of pages) await page.mouse.click(1390, 890);
      await pages[0]!.waitForTimeout(everyMs);
    }
  }

  it('logs out after the idle time and the logout page leads back to the return address', async () => {
    const { context, page } = await newPage(browser);
    const idleSince = await logIn(page, 'admin', TEST_ADMIN_PASSWORD, '/account?tab=1');
    const account = new AccountPage(page);
    await account.waitUntilShown();

    // Not before the time is up.
    await page.waitForTimeout(idleSince + IDLE_MS - 2000 - Date.now());
    expect(new URL(page.url()).pathname).toBe('/account');

    const logout = new LogoutPage(page);
    await logout.waitUntilShown();
    expect(Date.now() - idleSince).toBeGreaterThanOrEqual(IDLE_MS);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/logout');
    expect(url.searchParams.get('returnUrl')).toBe('/account?tab=1');
    expect(await logout.reason()).toBe('Sie wurden nach längerer Inaktivität automatisch abgemeldet.');
    expect(await logout.countdown()).toMatch(/^Weiter zur Anmeldung in \d+ s$/);
    expect(await sessionStatus(page)).toBe(401);

    await logout.logInAgain();
    const login = new LoginPage(page);
    await login.waitUntilShown();
    await login.logIn('admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL(`${server.url}/account?tab=1`, { timeout: 15_000 });
    await account.waitUntilShown();
    expect(await account.username()).toBe('admin');
    await context.close();
  });

  it('keeps the session of every tab alive while the user works in one, and a logout ends all', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'gast', TEST_PLANT_USERS_PASSWORD, '/account');
    const account = new AccountPage(page);
    await account.waitUntilShown();
    expect(await account.roles()).toEqual(['Nur lesen']);
    const other = await context.newPage();
    await other.goto(`${server.url}/account`);
    await new AccountPage(other).waitUntilShown();

    // Twice the idle time, working in the first tab only.
    await keepWorking([page], 2 * IDLE_MS);
    expect(new URL(page.url()).pathname).toBe('/account');
    expect(new URL(other.url()).pathname).toBe('/account');
    // The server's lease was renewed too: reads alone would not have kept it.
    expect(await sessionStatus(other)).toBe(200);

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await new LoginPage(page).waitUntilShown();
    // The other tab leaves at once, keeping its return address: told by this tab's logout, or by the
    // server closing its live connections, whichever comes first.
    await other.waitForURL(/\/(logout|login)\?returnUrl=%2Faccount/, { timeout: 10_000 });
    expect(await sessionStatus(other)).toBe(401);
    await context.close();
  });

  it('changes the password under the policy; the new password logs in', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, 'betrieb', TEST_PLANT_USERS_PASSWORD, '/overview');
    const password = new PasswordPage(page);
    await password.openFromUserMenu();
    const { minLength } = server.services.domain.systemConfig.get().passwordPolicy;
    expect(await password.policyText()).toBe(
      `Das Passwort muss mindestens ${minLength} Zeichen lang sein und mindestens eine Ziffer, ` +
        'einen Großbuchstaben und einen Kleinbuchstaben enthalten.',
    );

    const newPassword = `Neu-${'x'.repeat(minLength)}-7Q`;
    await password.enter(TEST_PLANT_USERS_PASSWORD, 'kurz', 'kurz');
    expect(await password.errorOf('Neues Passwort')).toBe(await password.policyText());
    expect(await password.canSubmit()).toBe(false);

    await password.enter(TEST_PLANT_USERS_PASSWORD, newPassword, `${newPassword}!`);
    expect(await password.errorOf('Neues Passwort bestätigen')).toBe('Die Passwörter stimmen nicht überein.');
    expect(await password.errorOf('Neues Passwort')).toBeNull();
    expect(await password.canSubmit()).toBe(false);

    await password.enter('Falsches-Passwort-1', newPassword, newPassword);
    await password.submit();
    await page.getByText('Das bisherige Passwort ist falsch.').waitFor({ timeout: 15_000 });

    await password.enter(TEST_PLANT_USERS_PASSWORD, newPassword, newPassword);
    await password.submit();
    expect(await password.successText()).toBe('Das Passwort wurde geändert.');

    await page.getByRole('button', { name: 'Abmelden' }).click();
    const login = new LoginPage(page);
    await login.waitUntilShown();
    await login.logIn('betrieb', TEST_PLANT_USERS_PASSWORD);
    expect(await login.errorText()).toBe('Ungültige Anmeldedaten.');
    await page.reload();
    await login.waitUntilShown();
    await login.logIn('betrieb', newPassword);
    await page.waitForURL(/\/overview/, { timeout: 15_000 });
    await context.close();
  });
});
