import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSmtpServer, type LocalSmtpServer } from '../packages/server/src/test-support/local-peers';
import { LoginPage } from './pages/login-page.js';
import { AlarmConfirmPage, RemoteAlarmPlansPage } from './pages/remote-alarm-pages.js';
import { launchBrowser, newPage } from './support/browser.js';
import { apiSession, confirmationLink, raiseAlarmAtWaterworks } from './support/remote-alarm.js';
import {
  ADMIN_PASSWORD,
  freePort,
  startServerProcess,
  type ServerProcess,
} from './support/server-process.js';

const USERS_PASSWORD = 'E2e-Plant-Users-1';

describe('a restart of the server in the middle of an escalation', () => {
  let smtp: LocalSmtpServer;
  let browser: Browser;
  let server: ServerProcess | null = null;
  let port: number;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-e2e-restart-'));

  const start = async () => {
    server = await startServerProcess({
      port,
      dataDir,
      env: {
        LEITWARTE_PLANT_USERS_PASSWORD: USERS_PASSWORD,
        LEITWARTE_PUBLIC_URL: `http://127.0.0.1:${port}`,
        LEITWARTE_SMTP_URL: smtp.url,
        LEITWARTE_SMTP_FROM: 'leitwarte@zv-talaue.example',
        LEITWARTE_SMTP_CA_FILE: smtp.caFile,
      },
    });
    return server;
  };
  const openPlans = async (url: string) => {
    const { context, page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(url, `/login?returnUrl=${encodeURIComponent('/remote-alarm/plans')}`);
    await login.logIn('betrieb', USERS_PASSWORD);
    const plans = new RemoteAlarmPlansPage(page);
    await plans.waitUntilShown();
    return { context, plans };
  };

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    browser = await launchBrowser();
    port = await freePort();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('neither repeats a confirmed message nor loses the alarm', async () => {
    const first = await start();
    const message = 'Browsertest: Alarm über den Neustart';
    await raiseAlarmAtWaterworks(await apiSession(first.url, 'admin', ADMIN_PASSWORD), message);
    const mail = (await smtp.waitForMails(1)).find((m) => m.text?.includes(message));
    const link = confirmationLink(mail?.text);
    const before = await openPlans(first.url);
    await before.plans.waitForStatus('1/1', 'Wartet auf Quittung');
    await before.context.close();
    const mailsBefore = smtp.mails.filter((m) => m.text?.includes(message)).length;
    expect(mailsBefore).toBe(1);

    // The server goes down while the recipient has not confirmed yet, and comes back.
    expect(await first.stop()).toBe(0);
    const second = await start();
    const after = await openPlans(second.url);
    // The alarm is still open and the escalation goes on where it stood: waiting, not resent.
    expect(await after.plans.cell('1/1', 'alerting')).toBe('1 / 8');
    expect(await after.plans.cell('1/1', 'undelivered')).toMatch(/^[1-9]/);
    await after.plans.waitForStatus('1/1', 'Wartet auf Quittung');

    // The link from before the restart confirms it; the plan shows it live.
    const phone = await browser.newContext({ locale: 'de-DE' });
    const confirm = new AlarmConfirmPage(await phone.newPage());
    await confirm.open(link);
    expect(await confirm.confirm()).toMatch(/^Quittiert/);
    await after.plans.waitForCell('1/1', 'delivered', /^[1-9]/);
    await after.context.close();

    // Once more down and up: what was confirmed is never sent again.
    expect(await second.stop()).toBe(0);
    const third = await start();
    const last = await openPlans(third.url);
    expect(await last.plans.cell('1/1', 'delivered')).toMatch(/^[1-9]/);
    // Several ticks of the escalation pass; no second mail for the confirmed alarm.
    await last.plans.waitForCell('1/1', 'alerting', /\/ 8$/);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(smtp.mails.filter((m) => m.text?.includes(message))).toHaveLength(1);
    await last.context.close();
    await phone.close();
  });
});
