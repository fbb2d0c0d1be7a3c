import { readFile } from 'node:fs/promises';
import {
  matchesFilter,
  type ControlEventsReply,
  type FilterGroup,
  type SystemSettings,
} from '@leitwarte/core';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_ADMIN_PASSWORD,
  TEST_PLANT_USERS_PASSWORD,
  type TestServer,
} from '../packages/server/src/test-support/test-server';
import { EventArchivePage } from './pages/event-archive-page.js';
import { LoginPage } from './pages/login-page.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';

describe('the control-event archive', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: { page: Page; request: APIRequestContext; csrfToken: string };

  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const reply = await admin.request.fetch(`${server.url}${path}`, {
      method,
      headers: { 'x-csrf-token': admin.csrfToken },
      data: body,
    });
    expect(reply.status(), await reply.text()).toBe(200);
    return (await reply.json()) as T;
  };

  async function logIn(username: string, password: string): Promise<Page> {
    const { page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(server.url);
    await login.logIn(username, password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
    return page;
  }

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    const page = await logIn('admin', TEST_ADMIN_PASSWORD);
    const info = await page.context().request.get(`${server.url}/api/UserManagement/info`);
    admin = {
      page,
      request: page.context().request,
      csrfToken: ((await info.json()) as { csrfToken: string }).csrfToken,
    };
    // Operator actions of two more users: their logins are audited.
    for (const username of ['betrieb', 'gast'])
      await (await logIn(username, TEST_PLANT_USERS_PASSWORD)).close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists operator actions, filters them like the core engine and exports what is shown', async () => {
    const events = new EventArchivePage(admin.page);
    await events.open(server.url);
    await events.row('betrieb').first().waitFor({ timeout: 15_000 });
    expect(await events.row('Anmeldung').count()).toBeGreaterThan(0);

    // origin is an operator action AND (user is betrieb OR user is gast)
    await events.addCondition('Herkunft', 'gleich', 'Bedienhandlung');
    await events.addGroup('Benutzer', 'gleich', 'betrieb');
    await events.addCondition('Benutzer', 'gleich', 'gast', 0);
    const group: FilterGroup = {
      logic: 'and',
      filters: [
        { field: 'origin', operator: 'eq', value: 'audit' },
        {
          logic: 'or',
          filters: [
            { field: 'username', operator: 'eq', value: 'betrieb' },
            { field: 'username', operator: 'eq', value: 'gast' },
          ],
        },
      ],
    };
    const { events: all } = await call<ControlEventsReply>('GET', '/api/controlevent/events');
    const expected = all.filter((e) =>
      matchesFilter(group, (field) => (e as unknown as Record<string, string | number | null>)[field]),
    );
    expect(expected.length).toBeGreaterThanOrEqual(2);
    await expect.poll(async () => (await events.summary()).shown, { timeout: 10_000 }).toBe(expected.length);
    const users = (await events.rowTexts()).map((cells) =>
      cells.find((c) => c === 'betrieb' || c === 'gast'),
    );
    expect(users.sort()).toEqual(expected.map((e) => e.username).sort());

    const download = await events.exportCsv();
    expect(download.suggestedFilename()).toMatch(/^Ereignisse_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}_\d{4}-.*\.csv$/);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\ufeff/, '');
    const lines = csv.trimEnd().split('\r\n');
    // Old and new value as one change ("alt → neu"); the two columns are in the column choice.
    expect(lines[0]).toBe('Zeit;Herkunft;Ereignis;Benutzer;Station;Objekt;Änderung;Text');
    expect(lines).toHaveLength(expected.length + 1);
    expect(lines.slice(1).every((line) => /;Bedienhandlung;Anmeldung;(betrieb|gast);/.test(line))).toBe(true);
  });

  it('says when only the most recent events were loaded', async () => {
    const { systemSettings } = await call<{ systemSettings: SystemSettings }>('GET', '/api/SystemConfig');
    await call('PATCH', '/api/SystemConfig', { systemSettings: { ...systemSettings, eventRequestLimit: 1 } });
    try {
      const { total } = await call<ControlEventsReply>('GET', '/api/controlevent/events');
      expect(total).toBeGreaterThan(1);
      const events = new EventArchivePage(admin.page);
      await events.open(server.url);
      const notice = await events.limitNotice();
      expect(notice).toContain('Nur die neuesten 1 Ereignisse wurden geladen');
      expect(Number(/(\d+) weitere/.exec(notice)?.[1])).toBeGreaterThanOrEqual(total - 1);
      expect((await events.summary()).loaded).toBe(1);
    } finally {
      await call('PATCH', '/api/SystemConfig', { systemSettings });
    }
  });
});
