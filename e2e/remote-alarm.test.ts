import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSmtpServer, type LocalSmtpServer } from '../packages/server/src/test-support/local-peers';
import {
  TEST_ADMIN_PASSWORD,
  TEST_PLANT_USERS_PASSWORD,
  type TestServer,
} from '../packages/server/src/test-support/test-server';
import {
  createTestRole,
  loginAsNewUser,
  TEST_USER_PASSWORD,
} from '../packages/server/src/test-support/users';
import { LoginPage } from './pages/login-page.js';
import {
  AlarmConfirmPage,
  RemoteAlarmActivationPage,
  RemoteAlarmPlansPage,
} from './pages/remote-alarm-pages.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';
import { apiSession, confirmationLink, raiseAlarmAtWaterworks } from './support/remote-alarm.js';

describe('remote alarm in the browser', () => {
  let server: TestServer;
  let smtp: LocalSmtpServer;
  let browser: Browser;

  const signIn = async (username: string, password: string, path: string) => {
    const { context, page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent(path)}`);
    await login.logIn(username, password);
    await page.waitForURL((url) => url.pathname === path, { timeout: 20_000 });
    return { context, page };
  };

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    server = await startAppServer({
      config: {
        remoteAlarm: {
          // The address the recipients reach the server at; the test opens the same path on its port.
          publicUrl: 'https://leitwarte.zv-talaue.example',
          smtp: {
            url: smtp.url,
            from: 'leitwarte@zv-talaue.example',
            tls: 'starttls',
            caFile: smtp.caFile,
            timeoutMs: 10_000,
          },
          sms: null,
          smsReplySecret: null,
          webhook: null,
          push: null,
        },
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  it('shows the counters change live as an alarm escalates; its e-mail link confirms it and the plan shows it', async () => {
    const { context, page } = await signIn('betrieb', TEST_PLANT_USERS_PASSWORD, '/remote-alarm/plans');
    const plans = new RemoteAlarmPlansPage(page);
    await plans.waitUntilShown();
    expect(await plans.cell('1/1', 'alerting')).toBe('0 / 8');
    expect(await plans.cell('1/1', 'delivered')).toBe('0');

    const message = 'Browsertest: Schaltschrank zu warm';
    await raiseAlarmAtWaterworks(await apiSession(server.url, 'admin', TEST_ADMIN_PASSWORD), message);
    // "Bereitschaft Wasser" alerts its first recipient, the on-call e-mail address.
    await plans.waitForCell('1/1', 'alerting', '1 / 8');
    await plans.waitForCell('1/1', 'undelivered', /^[1-9]/);
    await plans.waitForStatus('1/1', 'Wartet auf Quittung');
    await plans.waitForCell('1/1', 'notifications', /^1 \/ 0$/);
    expect(await plans.row('1/1').innerText()).toContain('an Bereitschaftspostfach Wasser (E-Mail)');

    const mails = await smtp.waitForMails(1);
    const mail = mails.find((m) => m.text?.includes(message));
    expect(mail?.to).toMatchObject({ text: 'bereitschaft.wasser@zv-talaue.example' });
    expect(mail?.subject).toMatch(/^Alarm Wasserwerk Auheim: Bereitschaft Wasser/);
    const link = new URL(confirmationLink(mail?.text));
    expect(link.origin).toBe('https://leitwarte.zv-talaue.example');

    // The on-call engineer opens the link on a phone: no login, one click.
    const phone = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } });
    const confirm = new AlarmConfirmPage(await phone.newPage());
    await confirm.open(`${server.url}${link.pathname}${link.search}`);
    expect((await confirm.messages()).join('\n')).toContain(message);
    expect(await confirm.confirm()).toMatch(/^Quittiert/);

    // The operator's plans screen shows it without a reload.
    await plans.waitForCell('1/1', 'delivered', /^[1-9]/);
    expect(await plans.navigations()).toBe(1);

    // The link works once.
    const again = new AlarmConfirmPage(await phone.newPage());
    await again.open(`${server.url}${link.pathname}${link.search}`);
    expect(await again.notice()).toMatchObject({ state: 'confirmed' });
    expect((await again.notice()).text).toMatch(/bereits am .* quittiert/);
    await phone.close();
    await context.close();

    const actions = (await server.services.store.audit.range(0, Date.now() + 1000, 2000)).map(
      (r) => r.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'remoteAlarm.attempt',
        'remoteAlarm.notificationSent',
        'remoteAlarm.confirmed',
      ]),
    );
  });

  it('shows plans read-only without the right, and a refusal of the server in the dialog', async () => {
    const reader = await createTestRole(server, 'leser', ['read']);
    const auheim = await createTestRole(server, 'plaene-auheim', ['read', 'editPlans'], {
      allStations: false,
      stations: [1],
      pvGroups: [],
    });
    const { userId } = await loginAsNewUser(server, 'schicht', 'leser');
    await server.services.store.rights.setUserRoles(userId, [reader, auheim]);
    await server.services.rights.reload();

    const { context, page } = await signIn('schicht', TEST_USER_PASSWORD, '/remote-alarm/activation');
    const activation = new RemoteAlarmActivationPage(page);
    await activation.open(server.url);
    expect(await activation.readOnly('1/1')).toBe(false);
    expect(await activation.planSwitch('1/1').isEnabled()).toBe(true);
    expect(await activation.readOnly('2/1')).toBe(true);
    expect(await activation.planSwitch('2/1').isDisabled()).toBe(true);

    // The right is taken away while the screen is open: the server refuses the switch.
    await activation.row('1/1').locator('label').first().click();
    await server.services.store.rights.setUserRoles(userId, [reader]);
    await server.services.rights.reload();
    await activation.save();
    const dialog = await activation.dialog();
    expect(dialog.title).toBe('Pläne wurden nicht gespeichert');
    expect(dialog.text).toContain('Keine Rechte für folgende Pläne:');
    expect(dialog.text).toContain('1/1 Bereitschaft Wasser');
    expect(
      server.services.domain.remoteAlarm.planInfos().find((p) => p.station === 1 && p.planNumber === 1)
        ?.active,
    ).toBe(true);
    const refused = (await server.services.store.audit.range(0, Date.now() + 1000, 2000)).filter(
      (r) => r.action === 'remoteAlarm.setPlanActive.refused',
    );
    expect(refused.map((r) => r.username)).toContain('schicht');
    await context.close();

    // A viewer sees every plan read-only.
    const guest = await signIn('gast', TEST_PLANT_USERS_PASSWORD, '/remote-alarm/activation');
    const readOnly = new RemoteAlarmActivationPage(guest.page);
    await readOnly.open(server.url);
    expect(await readOnly.readOnly('1/1')).toBe(true);
    expect(await readOnly.planSwitch('1/1').isDisabled()).toBe(true);
    await guest.context.close();
  });
});
