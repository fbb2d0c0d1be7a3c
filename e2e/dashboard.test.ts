import { CHART_COLUMNS_TYPE, chartColumnsOf, decodeChartColumns, type ChartDataReply } from '@leitwarte/core';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StandIn } from '../packages/server/src/test-support/local-peers';
import { TEST_PLANT_USERS_PASSWORD, type TestServer } from '../packages/server/src/test-support/test-server';
import { startWeatherStandIn } from '../packages/server/src/test-support/weather-stand-in';
import { LoginPage } from './pages/login-page.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';

/** The default dashboard of the demo plant and the kinds its widgets have (dashboards.json). */
const DEFAULT_NAME = 'Übersicht Zweckverband';

describe('dashboards in the browser', () => {
  let server: TestServer;
  let weather: StandIn;
  let browser: Browser;
  let operator: Page;
  let viewer: Page;

  /** Logs in through the login page and lands on `/` (the start dashboard). */
  const signIn = async (username: string, viewport?: { width: number; height: number }) => {
    const { context, page } = await newPage(browser);
    if (viewport) await page.setViewportSize(viewport);
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent('/')}`);
    await login.logIn(username, TEST_PLANT_USERS_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    void context;
    return page;
  };
  const dashboardName = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();
  const otherDashboardId = async () => {
    const config = await server.services.domain.dashboards.config();
    return config.dashboards.find((d) => d.id !== config.defaultDashboardId)!.id;
  };
  const pvValue = (key: string) => {
    const value = server.services.plant.values.get(key);
    return value?.type === 'DoubleValue' ? value.doubleValue : undefined;
  };

  beforeAll(async () => {
    weather = await startWeatherStandIn({ temperature: 12.5, icon: '10d', up: true }, 'app-id-1');
    server = await startAppServer({
      config: { weatherUrl: `${weather.url}/data/2.5`, weatherKey: 'app-id-1' },
    });
    browser = await launchBrowser();
    operator = await signIn('betrieb');
    viewer = await signIn('gast');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await weather?.close();
  });

  it('shows the default dashboard at / with every widget kind of the demo overview', async () => {
    await operator.locator('[data-kind="SingleValue"]').first().waitFor({ timeout: 15_000 });
    expect(await dashboardName(operator)).toBe(DEFAULT_NAME);
    const kinds = await operator
      .locator('[data-kind]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')));
    for (const kind of ['SingleValue', 'Chart', 'Note', 'Webcam', 'GoogleMaps', 'Weather']) {
      expect(kinds).toContain(kind);
    }
    const styles = await operator
      .locator('[data-style]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-style')));
    await operator.locator('[data-style="StateIndicatorText"]').waitFor({ timeout: 15_000 });
    for (const style of ['VerticalGauge', 'DigitalGauge', 'CircularGauge', 'StateIndicatorGauge']) {
      expect(styles).toContain(style);
    }
  });

  it("shows a gauge's value as the PV has it, and the gauge moves with it", async () => {
    const key = 'AnaIn-100070';
    const gauge = operator.locator(`[data-pv="${key}"][data-value]`);
    await gauge.waitFor({ timeout: 15_000 });
    // The plant moves on while we look: the page must show the server's value of that moment.
    let matched = false;
    for (let attempt = 0; attempt < 10 && !matched; attempt++) {
      const expected = pvValue(key);
      matched = await operator
        .waitForFunction(
          ([k, v]) => document.querySelector(`[data-pv="${k}"]`)?.getAttribute('data-value') === String(v),
          [key, expected] as const,
          { timeout: 1_500 },
        )
        .then(() => true)
        .catch(() => false);
    }
    expect(matched).toBe(true);
    const first = await gauge.getAttribute('data-value');
    await operator.waitForFunction(
      ([k, v]) => document.querySelector(`[data-pv="${k}"]`)?.getAttribute('data-value') !== v,
      [key, first] as const,
      { timeout: 30_000 },
    );
    // The needle is turned by the reading (a CSS transform, animated without React).
    expect(await operator.locator(`[data-pv="${key}"] .sv-needle`).getAttribute('style')).toContain(
      'rotate(',
    );
  });

  it('shows a note edited in one browser in another at once; a viewer cannot edit', async () => {
    const text = `Übergabe ${Date.now()}: Pumpe 3 läuft wieder.`;
    await viewer.locator('[data-kind="Note"]').waitFor({ timeout: 15_000 });
    expect(
      await viewer.locator('[data-kind="Note"]').getByRole('button', { name: 'Bearbeiten' }).count(),
    ).toBe(0);

    const note = operator.locator('[data-kind="Note"]');
    await note.getByRole('button', { name: 'Bearbeiten' }).click();
    await note.getByRole('textbox', { name: 'Notiz' }).fill(text);
    await note.getByRole('button', { name: 'Speichern' }).click();
    await note.getByTestId('note-text').filter({ hasText: text }).waitFor({ timeout: 10_000 });

    // No reload: the viewer's page gets it over the dashboard channel (noteUpdate).
    await viewer
      .locator('[data-kind="Note"]')
      .getByTestId('note-text')
      .filter({ hasText: text })
      .waitFor({ timeout: 10_000 });
    const audit = await server.services.store.audit.range(0, Date.now() + 1, 10);
    expect(audit.some((row) => row.action === 'dashboard.note' && row.new_value === text)).toBe(true);
  });

  it('shows the weather of the stand-in service: the temperature now and a forecast', async () => {
    const actual = operator.locator('[data-kind="Weather"] .weather-widget[data-temperature]');
    await actual.waitFor({ timeout: 15_000 });
    expect(await actual.getAttribute('data-condition')).toBe('Rain');
    const text = await actual.innerText();
    expect(text).toContain('12,5 °C');
    expect(text).toContain('Regen 1 h: 0,3 mm');
    expect(text).toContain('Luftfeuchte 64 %');

    await operator.goto(`${server.url}/${await otherDashboardId()}`);
    const forecast = operator.getByTestId('weather-forecast');
    await forecast.waitFor({ timeout: 15_000 });
    expect(await forecast.locator('[data-time]').count()).toBe(4);
    // Timestamps of the service are seconds; the page shows them as the plant's times.
    const first = Number(await forecast.locator('[data-time]').first().getAttribute('data-time'));
    expect(first).toBe(Date.UTC(2026, 5, 10, 12));
    expect(await forecast.innerText()).toContain('13,5 °C');
    await operator.goto(`${server.url}/`);
  });

  it('shows a marker per located station of the map widget; a click opens the station page', async () => {
    const located = server.services.plant
      .stations()
      .filter((s) => [1, 2, 3, 4, 5, 6, 7, 9, 10, 11].includes(s.stationNumber) && s.location !== null);
    const markers = operator.locator('[data-kind="GoogleMaps"] .map-marker');
    await markers.first().waitFor({ timeout: 15_000 });
    expect(await markers.count()).toBe(located.length);
    expect(located.length).toBeGreaterThan(1);
    // Without map tiles the map is schematic, with a scale bar.
    expect(await operator.locator('[data-kind="GoogleMaps"] .map-widget__scale text').textContent()).toMatch(
      /\d (k?m)$/,
    );
    const station = located[0]!;
    await operator.locator(`[data-kind="GoogleMaps"] [data-station="${station.stationNumber}"]`).click();
    await operator.waitForURL((url) => url.pathname === `/stations/${station.stationNumber}`, {
      timeout: 10_000,
    });
    await operator.goBack();
    await operator.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
  });

  it("draws a chart widget's plot from the same chart data the chart screen reads", async () => {
    // The live chart of the default dashboard: its data by its chart id, drawn on a canvas.
    const live = operator.locator('[data-kind="Chart"] [data-testid="chart-widget"]').first();
    await live.locator('canvas').first().waitFor({ timeout: 15_000 });
    await operator
      .locator('[data-kind="Chart"] [data-testid="chart-widget"][data-state="done"]')
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await live.getAttribute('data-live')).toBe('true');
    expect(Number(await live.getAttribute('data-points'))).toBeGreaterThan(0);

    // The archive chart of the other dashboard: every request of the widget is remembered.
    const requested: string[] = [];
    const answers = new Map<string, Promise<number>>();
    const onRequest = (request: { url: () => string }) => {
      const url = new URL(request.url());
      if (/^\/api\/charts\/data\/\d+$/.test(url.pathname)) requested.push(url.pathname + url.search);
    };
    // The points of each answer as the page got it (the column format, else JSON).
    const onResponse = (response: Response) => {
      const url = new URL(response.url());
      if (!/^\/api\/charts\/data\/\d+$/.test(url.pathname) || !response.ok()) return;
      const points = async () => {
        const body = await response.body();
        const reply = response.headers()['content-type']?.startsWith(CHART_COLUMNS_TYPE)
          ? decodeChartColumns(
              body.buffer.slice(body.byteOffset, body.byteOffset + body.length) as ArrayBuffer,
            )
          : chartColumnsOf(JSON.parse(body.toString('utf8')) as ChartDataReply);
        return reply.series.reduce((sum, s) => sum + s.t.length, 0);
      };
      answers.set(url.pathname + url.search, points());
    };
    operator.on('request', onRequest);
    operator.on('response', onResponse);
    await operator.goto(`${server.url}/${await otherDashboardId()}`);
    const widget = operator.locator('[data-kind="Chart"] [data-testid="chart-widget"][data-live="false"]');
    await widget.locator('canvas').first().waitFor({ timeout: 15_000 });
    await operator
      .locator('[data-kind="Chart"] [data-testid="chart-widget"][data-live="false"][data-state="done"]')
      .waitFor({ timeout: 15_000 });
    const chartId = await widget.getAttribute('data-chart-id');
    const source = await widget.getAttribute('data-source');
    const drawn = Number(await widget.getAttribute('data-points'));
    expect(drawn).toBeGreaterThan(0);
    // The widget reads the saved chart by its id, in the source it shows, at its drawing width.
    const mine = requested.filter((r) => r.startsWith(`/api/charts/data/${chartId}?`));
    expect(mine.length).toBeGreaterThan(0);
    const last = new URLSearchParams(mine.at(-1)!.split('?')[1]);
    expect(last.get('source')).toBe(source);
    const atWidth = mine.filter(
      (r) => new URLSearchParams(r.split('?')[1]).get('width') === last.get('width'),
    );
    // The points drawn are exactly those the server answered to these requests.
    let answered = 0;
    // (A request aborted before its answer, such as one for a view left, draws nothing.)
    for (const path of atWidth) answered += (await answers.get(path)) ?? 0;
    expect(atWidth.some((path) => answers.has(path))).toBe(true);
    expect(drawn).toBe(answered);

    // The chart's own screen asks the same endpoint for the same chart, source and span.
    requested.length = 0;
    await widget.getByRole('link').click();
    await operator.waitForURL((url) => url.pathname === `/charts/archive/${chartId}`, { timeout: 10_000 });
    await operator.locator('[data-testid="chart-screen"][data-state="done"]').waitFor({ timeout: 15_000 });
    operator.off('request', onRequest);
    operator.off('response', onResponse);
    const screen = requested.filter((r) => r.startsWith(`/api/charts/data/${chartId}?`));
    expect(screen.length).toBeGreaterThan(0);
    const first = new URLSearchParams(screen[0]!.split('?')[1]);
    expect(first.get('source')).toBe(source);
    // Both open on the chart's span ending now: the same range, up to the seconds between them.
    expect(Math.abs(Number(first.get('startDate')) - Number(last.get('startDate')))).toBeLessThan(120_000);
    expect(Math.abs(Number(first.get('endDate')) - Number(last.get('endDate')))).toBeLessThan(120_000);
    await operator.goto(`${server.url}/`);
  });

  it('keeps the start dashboard a user picked in the settings; other dashboards by number', async () => {
    await viewer.goto(`${server.url}/settings`);
    await viewer.getByRole('textbox', { name: 'Start-Dashboard' }).click();
    await viewer.getByRole('option', { name: 'Abwasser und Regenbecken' }).click();
    await viewer.goto(`${server.url}/`);
    await viewer.locator('[data-kind="HeatMap"]').waitFor({ timeout: 15_000 });
    expect(await dashboardName(viewer)).toBe('Abwasser und Regenbecken');
    // The heat map reads quarter-hour rollups of its first PV over 7 days until another span is chosen.
    await viewer.locator('[data-kind="HeatMap"] .heat-map[data-days="7"]').waitFor({ timeout: 15_000 });
    await viewer.locator('[data-kind="HeatMap"]').getByText('14 Tage').click();
    await viewer.locator('[data-kind="HeatMap"] .heat-map[data-days="14"]').waitFor({ timeout: 15_000 });
    await viewer.reload();
    await viewer.locator('[data-kind="HeatMap"]').waitFor({ timeout: 15_000 });
    expect(await dashboardName(viewer)).toBe('Abwasser und Regenbecken');

    // The operator's start page is still the plant default; the switcher opens another by number.
    await operator.goto(`${server.url}/`);
    await operator.locator('[data-kind="Note"]').waitFor({ timeout: 15_000 });
    expect(await dashboardName(operator)).toBe(DEFAULT_NAME);
    await operator.goto(`${server.url}/${await otherDashboardId()}`);
    await operator.locator('[data-kind="Browser"]').waitFor({ timeout: 15_000 });
    expect(await dashboardName(operator)).toBe('Abwasser und Regenbecken');
  });

  it('says so for a dashboard number that does not exist, and a non-number is not found', async () => {
    await operator.goto(`${server.url}/9999`);
    await operator.getByText('Ein Dashboard 9999 gibt es nicht.').waitFor({ timeout: 15_000 });
    await operator.goto(`${server.url}/keine-seite`);
    await operator.getByRole('heading', { name: 'Seite nicht gefunden' }).waitFor({ timeout: 15_000 });
  });

  it('reflows on a phone: the table layout becomes one column without overflow', async () => {
    const phone = await signIn('betrieb', { width: 390, height: 844 });
    await phone.locator('[data-kind="SingleValue"]').first().waitFor({ timeout: 15_000 });
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const lefts = await phone
      .locator('[data-widget]')
      .evaluateAll((els) => new Set(els.map((el) => Math.round(el.getBoundingClientRect().left))).size);
    expect(lefts).toBe(1);
  });
});
