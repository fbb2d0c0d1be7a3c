import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginCsrf, LOGIN_CSRF_TTL_MS } from '../packages/server/src/auth/login-csrf';
import { totpCode } from '../packages/server/src/auth/totp';
import { addUser } from '../packages/server/src/auth/users';
import { TEST_ADMIN_PASSWORD, type TestServer } from '../packages/server/src/test-support/test-server';
import { LoginPage } from './pages/login-page.js';
import { LoginVerifyPage } from './pages/login-verify-page.js';
import { SecondFactorPage } from './pages/second-factor-page.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';

const PASSWORD = 'Browser-Test-Pass-1';
const LOCKOUT_MS = 4_000;

describe('login security as a user meets it', () => {
  let server: TestServer;
  let browser: Browser;
  const newUser = (username: string) =>
    addUser(server.services.store, { username, role: 'operator', password: PASSWORD, actor: 'test' });
  const landsInTheApp = (page: Page) => page.waitForURL(/\/overview/, { timeout: 15_000 });
  const logOut = async (page: Page) => {
    await page.goto(`${server.url}/logout`);
    await new LoginPage(page).waitUntilShown();
  };

  beforeAll(async () => {
    server = await startAppServer({ config: { loginMaxFailures: 3, loginLockoutMs: LOCKOUT_MS } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('sets up the second factor, then needs a fresh code at every login; a used code is refused', async () => {
    await newUser('lena');
    const { context, page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(server.url);
    await login.logIn('lena', PASSWORD);
    await landsInTheApp(page);

    const account = new SecondFactorPage(page);
    await account.open(server.url);
    expect(await account.status()).toBe('Ausgeschaltet');
    const secret = await account.startSetUp();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await account.hasQrCode()).toBe(true);
    const enrolledAt = Date.now();
    const recoveryCodes = await account.confirm(totpCode(secret, enrolledAt));
    expect(recoveryCodes).toHaveLength(10);
    await page.getByText('Eingeschaltet').waitFor({ timeout: 10_000 });
    await logOut(page);

    // Password alone gives no session: the code page follows, and the app's code opens the session.
    await login.logIn('lena', PASSWORD);
    const verify = new LoginVerifyPage(page);
    await verify.waitUntilShown();
    expect(await page.evaluate(async () => (await fetch('/api/UserManagement/info')).status)).toBe(401);
    const code = totpCode(secret, enrolledAt + 30_000);
    await verify.enterCode(code);
    await landsInTheApp(page);
    await logOut(page);

    await login.logIn('lena', PASSWORD);
    await verify.waitUntilShown();
    await verify.enterCode(code);
    expect(await verify.errorText()).toBe('Der Code ist ungültig oder wurde bereits verwendet.');
    await verify.enterCode(recoveryCodes[0]!);
    await landsInTheApp(page);
    await context.close();
  });

  it('logs a user without second factor straight in, keeping the return address', async () => {
    await newUser('max');
    const { context, page } = await newPage(browser);
    // The bot check's work runs in a worker, off the page's main thread.
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const login = new LoginPage(page);
    await login.open(server.url, '/login?returnUrl=%2Foverview%3Fstation%3D1');
    await login.logIn('max', PASSWORD);
    await page.waitForURL(`${server.url}/overview?station=1`, { timeout: 15_000 });
    expect(workers.some((url) => url.includes('bot-check'))).toBe(true);
    await context.close();
  });

  it('locks a user out after too many failures and lets them in once the lockout ended', async () => {
    await newUser('mia');
    const { context, page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(server.url);
    // Each attempt waits for its own answer: the message of the one before is still on screen.
    const attempt = async (password: string) => {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
      await login.logIn('mia', password);
      await answered;
    };
    await attempt('wrong-password-1');
    expect(await login.errorText()).toBe('Ungültige Anmeldedaten.');
    await attempt('wrong-password-2');
    expect(await login.errorText()).toBe('Ungültige Anmeldedaten.');
    await attempt('wrong-password-3');
    const locked = 'Der Benutzer ist nach zu vielen ungültigen Anmeldeversuchen für 5 Minuten gesperrt.';
    await page.getByRole('alert').getByText(locked).waitFor({ timeout: 10_000 });
    const lockedAt = Date.now();
    await attempt(PASSWORD);
    expect(await login.errorText()).toBe(locked);
    await page.waitForTimeout(Math.max(0, lockedAt + LOCKOUT_MS + 300 - Date.now()));
    await login.logIn('mia', PASSWORD);
    await landsInTheApp(page);
    await context.close();
  });

  it('says the form token expired, and the next attempt with a new token succeeds', async () => {
    const { context, page } = await newPage(browser);
    // A token of this server that ran out while the form stood open (the page believes it is fresh).
    const secret = (await server.services.store.meta.get('login_csrf_secret'))!;
    const stale = createLoginCsrf(secret, () => Date.now() - LOGIN_CSRF_TTL_MS - 60_000).issue();
    let served = false;
    await page.route('**/api/auth/csrf', async (route) => {
      if (served) return route.continue();
      served = true;
      await context.addCookies([{ name: 'lw_login_csrf', value: stale.nonce, url: server.url }]);
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ csrfToken: stale.token, expiresAt: Date.now() + 600_000 }),
      });
    });
    const login = new LoginPage(page);
    await login.open(server.url);
    await login.logIn('admin', TEST_ADMIN_PASSWORD);
    expect(await login.errorText()).toBe('Das CSRF-Token ist abgelaufen, bitte erneut versuchen.');
    await login.logIn('admin', TEST_ADMIN_PASSWORD);
    await landsInTheApp(page);
    await context.close();
  });
});
