import {
  matchesFilter,
  type AlertsReply,
  type FilterGroup,
  type LimitConfig,
  type PvRef,
  type SetConfigReply,
  type SystemSettings,
} from '@leitwarte/core';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_ADMIN_PASSWORD,
  TEST_PLANT_USERS_PASSWORD,
  type TestServer,
} from '../packages/server/src/test-support/test-server';
import { AlertArchivePage } from './pages/alert-archive-page.js';
import { LoginPage } from './pages/login-page.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';

describe('the alert archive', () => {
  let server: TestServer;
  let browser: Browser;
  /** The administrator's session of a signed-in browser, for the calls that set the scene. */
  let admin: { request: APIRequestContext; csrfToken: string };
  let seq = 0;

  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const reply = await admin.request.fetch(`${server.url}${path}`, {
      method,
      headers: { 'x-csrf-token': admin.csrfToken },
      data: body,
    });
    expect(reply.status(), await reply.text()).toBe(200);
    return (await reply.json()) as T;
  };

  /** A signed-in browser page on the alert archive. */
  async function openArchive(
    username: string,
    password: string,
  ): Promise<{ page: Page; alerts: AlertArchivePage }> {
    const { page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent('/alerts')}`);
    await login.logIn(username, password);
    const alerts = new AlertArchivePage(page);
    await alerts.waitUntilShown();
    return { page, alerts };
  }

  /** Raises an alert through the plant's alert engine, as a station's failure input would. */
  async function raise(message: string, priority: number): Promise<void> {
    const engine = server.services.domain.alerts;
    const pv = server.services.plant.pvConfigs().find((c) => c.pvRef.type === 'DigiIn')!.pvRef;
    seq += 1;
    engine.condition({
      kind: 'raise',
      acknowledgedInField: false,
      info: {
        source: `e2e/${seq}`,
        bindingKind: 'device',
        bindingKey: `${pv.type}-${pv.nr}`,
        pv,
        station: server.services.plant.stationOf(pv),
        limitType: null,
        priority,
        message,
        description: 'Browsertest',
        value: 1,
        limit: null,
      },
    });
    await engine.flush();
  }

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    const { page } = await openArchive('admin', TEST_ADMIN_PASSWORD);
    const info = await page.context().request.get(`${server.url}/api/UserManagement/info`);
    admin = {
      request: page.context().request,
      csrfToken: ((await info.json()) as { csrfToken: string }).csrfToken,
    };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows an alert the simulator raises live, and an acknowledgement in one browser reaches the other', async () => {
    const one = await openArchive('admin', TEST_ADMIN_PASSWORD);
    const two = await openArchive('betrieb', TEST_PLANT_USERS_PASSWORD);

    // A top limit far below the simulated temperature: the simulator's next reading violates it.
    const { plant, domain } = server.services;
    const analog = plant
      .pvConfigs()
      .find(
        (c) =>
          c.pvRef.type === 'AnaIn' &&
          typeof c.domainConfig?.min === 'number' &&
          domain.limits.limitsOf([c.pvRef]).length > 0,
      )!;
    const ref: PvRef = analog.pvRef;
    const min = analog.domainConfig!.min as number;
    const message = 'Browsertest: Grenzwert überschritten';
    const limits = domain.limits.limitsOf([ref]).map((limit): LimitConfig => {
      const type = limit.pvLimitRef.limitType;
      if (type === 'Bottom') return { ...limit, limit: min, notSet: false };
      if (type === 'Top')
        return { ...limit, limit: min + 0.001, delayTime: 0, priority: 1, message, notSet: false };
      return { ...limit, notSet: true };
    });
    const set = await call<SetConfigReply>('POST', '/api/Pv/AnaIn/set-limits', limits);
    expect(set.status).toBe('Success');

    await one.alerts.waitForRow(message);
    await two.alerts.waitForRow(message);
    expect(await one.alerts.stateOf(message)).toBe('coming');

    await one.alerts.select(message);
    await one.alerts.acknowledgeSelectedButton().click();
    await one.alerts.waitForState(message, 'acknowledged');
    // The other browser learns it from the alert channel; neither page was reloaded.
    await two.alerts.waitForState(message, 'acknowledged');
    await expect(two.alerts.row(message).first().innerText()).resolves.toContain('admin');
    for (const { page } of [one, two]) {
      expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
      await page.context().close();
    }
  });

  it('does not let a viewer acknowledge and tells him why', async () => {
    await raise('Browsertest: Gast sieht diese Meldung', 3);
    const { page, alerts } = await openArchive('gast', TEST_PLANT_USERS_PASSWORD);
    await alerts.waitForRow('Gast sieht diese Meldung');
    expect(await alerts.noRightsText()).toBe('Der angemeldete Benutzer besitzt keine Rechte zum Quittieren.');
    // Nothing to pick for one who can neither acknowledge nor delete: the rows have no boxes.
    expect(await alerts.row('Gast sieht diese Meldung').getByRole('checkbox').count()).toBe(0);
    expect(await alerts.acknowledgeSelectedButton().isDisabled()).toBe(true);
    expect(await alerts.acknowledgeAllButton().isDisabled()).toBe(true);
    expect(await alerts.stateOf('Gast sieht diese Meldung')).toBe('coming');
    await page.context().close();
  });

  it('filters with an and/or group exactly as the core engine does', async () => {
    for (const [text, priority] of [
      ['Filtertest Pumpe A', 1],
      ['Filtertest Pumpe B', 5],
      ['Filtertest Schieber', 7],
      ['Filtertest Pumpe C', 3],
      ['Anderer Text Pumpe', 7],
    ] as const)
      await raise(text, priority);
    const { page, alerts } = await openArchive('admin', TEST_ADMIN_PASSWORD);
    await alerts.waitForRow('Filtertest Pumpe C');

    // message contains "filtertest" AND (priority = 1 OR priority >= 5) AND message starts with "Filtertest P"
    await alerts.addCondition('Meldungstext', 'enthält', 'filtertest');
    await alerts.addGroup('Priorität', 'gleich', '1');
    await alerts.addCondition('Priorität', 'größer oder gleich', '5', 0);
    await alerts.addCondition('Meldungstext', 'beginnt mit', 'Filtertest P');
    const group: FilterGroup = {
      logic: 'and',
      filters: [
        { field: 'message', operator: 'contains', value: 'filtertest' },
        {
          logic: 'or',
          filters: [
            { field: 'priority', operator: 'eq', value: 1 },
            { field: 'priority', operator: 'gte', value: 5 },
          ],
        },
        { field: 'message', operator: 'startswith', value: 'Filtertest P' },
      ],
    };
    const { alerts: all } = await call<AlertsReply>('GET', '/api/alerts');
    const expected = all
      .filter((a) =>
        matchesFilter(group, (field) => (a as unknown as Record<string, string | number>)[field]),
      )
      .map((a) => a.message)
      .sort();
    expect(expected).toEqual(['Filtertest Pumpe A', 'Filtertest Pumpe B']);

    await expect.poll(async () => (await alerts.summary()).shown, { timeout: 10_000 }).toBe(expected.length);
    const shown = (await alerts.rowTexts()).map(
      (cells) => cells.find((c) => c.startsWith('Filtertest')) ?? '',
    );
    expect(shown.sort()).toEqual(expected);
    await page.context().close();
  });

  it('says when only the most recent alerts were loaded and how many more there are', async () => {
    const { systemSettings } = await call<{ systemSettings: SystemSettings }>('GET', '/api/SystemConfig');
    await call('PATCH', '/api/SystemConfig', { systemSettings: { ...systemSettings, alertRequestLimit: 2 } });
    try {
      const { total } = await call<AlertsReply>('GET', '/api/alerts');
      expect(total).toBeGreaterThan(2);
      const { page, alerts } = await openArchive('admin', TEST_ADMIN_PASSWORD);
      const notice = await alerts.limitNotice();
      // New simulator alerts may join the range meanwhile: the remaining number is at least this.
      const remaining = Number(/(\d+) weitere/.exec(notice)?.[1]);
      expect(notice).toContain('Nur die neuesten 2 Meldungen wurden geladen');
      expect(remaining).toBeGreaterThanOrEqual(total - 2);
      expect((await alerts.summary()).loaded).toBeGreaterThanOrEqual(2);
      await page.context().close();
    } finally {
      await call('PATCH', '/api/SystemConfig', { systemSettings });
    }
  });
});
