// Process images as a new user meets them: live values from the simulator, quality, actions and
// their routes, the dialogs of unsupported and faulty actions, text messages across browsers,
// and the image's German labels in English.
import type { LimitType, PvAllItem } from '@leitwarte/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PLANT_USERS_PASSWORD,
  type LoggedIn,
  type TestServer,
} from '../packages/server/src/test-support/test-server';
import { LocalisedOverview } from './pages/localised-overview.js';
import { LoginPage } from './pages/login-page.js';
import { ProcessImagePage } from './pages/process-image-page.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';

const IMAGE = 'wasserwerk-auheim';

describe('process images in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: LoggedIn;

  async function openImage(name = IMAGE): Promise<ProcessImagePage> {
    const { page } = await newPage(browser);
    const login = new LoginPage(page);
    const target = `/visualization/${name}`;
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent(target)}`);
    await login.logIn('betrieb', TEST_PLANT_USERS_PASSWORD);
    await page.waitForURL((url) => url.pathname === target, { timeout: 20_000 });
    const image = new ProcessImagePage(page);
    await image.image().locator('svg').waitFor({ state: 'visible', timeout: 20_000 });
    return image;
  }

  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const reply = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        cookie: admin.cookie,
        'x-csrf-token': admin.csrfToken,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await reply.json()) as T;
  };
  const reported = async (key: string) =>
    (await call<PvAllItem[]>('GET', '/api/Pv/all')).find(
      (item) => `${item.config.pvRef.type}-${item.config.pvRef.nr}` === key,
    )?.value;

  beforeAll(async () => {
    server = await startAppServer();
    admin = await server.loginWithToken();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists the images and shows a bound value as /api/Pv reports it, following the simulator', async () => {
    const { page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent('/visualization')}`);
    await login.logIn('betrieb', TEST_PLANT_USERS_PASSWORD);
    await page.locator(`[data-image="${IMAGE}"]`).click();
    await page.waitForURL((url) => url.pathname === `/visualization/${IMAGE}`);
    const image = new ProcessImagePage(page);
    await image.waitForText(image.value('AnaIn-100010'), (text) => /^\d+,\d\d m$/.test(text));
    // Whichever bound measurement the simulator moves first: the shown text follows it live.
    const candidates = [
      'AnaIn-100070',
      'AnaIn-100080',
      'AnaIn-100084',
      'AnaIn-100082',
      'AnaIn-100001',
      'AnaIn-100010',
    ];
    const before = new Map<string, string>();
    for (const key of candidates) before.set(key, (await image.value(key).textContent()) ?? '');
    let moved: string | undefined;
    for (let waited = 0; waited < 60_000 && !moved; waited += 250) {
      await page.waitForTimeout(250);
      for (const key of candidates)
        if ((await image.value(key).textContent()) !== before.get(key)) moved = key;
    }
    expect(moved).toBeDefined();
    const element = image.value(moved!);
    const decimals = Number(await element.getAttribute('data-decimals'));
    const unit = await element.getAttribute('data-unit');
    const format = (n: number) =>
      new Intl.NumberFormat('de-DE', {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      }).format(n);
    let matched = false;
    for (let attempt = 0; attempt < 40 && !matched; attempt += 1) {
      const value = await reported(moved!);
      const shown = await element.textContent();
      matched = value?.type === 'DoubleValue' && shown === `${format(value.doubleValue)} ${unit}`;
      if (!matched) await page.waitForTimeout(150);
    }
    expect(matched).toBe(true);
    expect(await element.getAttribute('class')).toContain('qualitygood');
    await page.context().close();
  });

  it('a pump opens its set-value action, and a written value reaches a second browser', async () => {
    const one = await openImage();
    const two = await openImage();
    await one.element('netzpumpe-100030').click();
    // The image's action presets "invert" (defaultValue 2) in the shared set-value dialog.
    const dialog = one.setValueDialog();
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await dialog.locator('.mantine-Modal-title').innerText()).toBe('Wert setzen');
    expect(await dialog.getByRole('radio', { name: 'Invertieren' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();

    const reply = await call<{ status: string }>('POST', '/api/Pv', [
      { pvRef: { type: 'AnaOut', nr: 100900 }, type: 'DoubleValue', doubleValue: 0.37 },
    ]);
    expect(reply.status).toBe('Success');
    for (const image of [one, two])
      await image.waitForText(image.value('AnaOut-100900'), (t) => t === '0,37 mg/l');
    await one.page.context().close();
    await two.page.context().close();
  });

  it('every navigation action lands on its route with the right query, by mouse and by keyboard', async () => {
    const image = await openImage();
    const { page } = image;
    const charts = await call<{ id: number; title: string }[]>('GET', '/api/charts/config?type=Measurement');
    const svgText = await image.image().innerHTML();
    const chartId = /data-action="archiveChart" data-chart="(\d+)"/.exec(svgText)?.[1];
    const dashboardId = /data-action="dashboard" data-dashboard="(\d+)"/.exec(svgText)?.[1];
    expect(charts.some((c) => String(c.id) === chartId)).toBe(true);
    const expectations: [string, string][] = [
      ['[data-action="archiveChart"]', `/charts/archive/${chartId}?start=-86400000`],
      ['[data-action="realtimeTrendline"]', '/charts/realtime-trendline?pv=AnaIn-100061&pv=AnaIn-100070'],
      [
        '[data-action="archiveTrendline"]',
        '/charts/archive-trendline?pv=AnaIn-100080&pv=AnaIn-100084&amount=7&unit=Days',
      ],
      ['[data-action="alertArchive"]', '/alerts'],
      ['[data-action="dashboard"]', `/${dashboardId}`],
      ['#laufzeiten', '/maintenance/runtimes/DigiIn-100030'],
      ['#datenblatt', '/maintenance/datasheet/DigiIn-100030'],
      ['#rufnummern-aktivieren', '/remote-alarm/activation'],
      ['#rufnummern-bearbeiten', '/remote-alarm/call-numbers/edit'],
    ];
    for (const [selector, expected] of expectations) {
      await image.open(server.url, IMAGE);
      await image.image().locator(selector).first().click();
      await page.waitForURL((url) => `${url.pathname}${url.search}` === expected, { timeout: 10_000 });
    }
    // A keyboard user reaches the actions with Tab and starts them with Enter.
    await image.open(server.url, IMAGE);
    await image.image().locator('[data-action="alertArchive"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/alerts');
    await page.context().close();
  });

  it('shows the not-supported popup naming the action, and Fehlerhafter Pfad for a file: start', async () => {
    const image = await openImage();
    await image.element('zustandsbrowser').click();
    await image.dialog().getByText('Die Aktion stateBrowser wird im Webclient nicht unterstützt.').waitFor();
    await image.dialog().getByRole('button', { name: 'OK' }).click();
    await image.dialog().waitFor({ state: 'hidden' });
    await image.element('fernzugriff').click();
    await image.dialog().getByText('Fehlerhafter Pfad').waitFor();
    await image.dialog().getByRole('button', { name: 'OK' }).click();
    // A web address opens in a new tab (answered here: the machine has no way out).
    await image.page
      .context()
      .route('http://www.talaue-wasser.example/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Störungen</title>' }),
      );
    const [popup] = await Promise.all([
      image.page.context().waitForEvent('page'),
      image.element('web-browser').click(),
    ]);
    expect(popup.url()).toContain('talaue-wasser.example/stoerungen');
    await image.page.context().close();
  });

  it('a text message edited in one browser appears in another', async () => {
    const one = await openImage();
    const two = await openImage();
    const text = 'Bereitschaft Wasser: ab heute Anna Schmidt, Telefon über die Leitwarte.';
    await one.waitForText(one.element('textmeldung-1'), (t) =>
      t.startsWith('Bereitschaft Wasser diese Woche:'),
    );
    await one.element('textmeldung-1').click();
    const field = one.dialog().getByRole('textbox');
    await field.fill(text);
    await one.dialog().getByRole('button', { name: 'Speichern' }).click();
    await one.dialog().waitFor({ state: 'hidden' });
    await two.waitForText(two.element('textmeldung-1'), (t) => t === text);
    await one.page.context().close();
    await two.page.context().close();
  });

  it('shows the image’s German labels in English', async () => {
    const image = await openImage();
    await new LocalisedOverview(image.page).chooseLanguage('Sprache', 'en');
    await image.image().getByText('Tank trend', { exact: true }).waitFor({ timeout: 15_000 });
    await image.image().getByText('Well pump 1', { exact: true }).waitFor();
    expect(await image.image().getByText('Trend Behälter').count()).toBe(0);
    await image.page.context().close();
  });

  it('a PV turned Bad shows the bad-quality class', async () => {
    const image = await openImage();
    const level = image.value('AnaIn-100010');
    await image.waitForClass(level, 'qualitygood');
    server.services.plant.setSourceConnected?.(false);
    try {
      await image.waitForClass(level, 'qualitybad');
      await image.waitForClass(image.image().locator('[data-pv-fill="AnaIn-100010"]'), 'qualitybad');
    } finally {
      server.services.plant.setSourceConnected?.(true);
    }
    await image.page.context().close();
  });

  it('opens an image alone in a window, from its button and from a window action', async () => {
    const image = await openImage();
    const context = image.page.context();
    const [fromButton] = await Promise.all([
      context.waitForEvent('page'),
      image.page.getByRole('button', { name: 'In eigenem Fenster öffnen' }).click(),
    ]);
    await fromButton.waitForURL((url) => url.pathname === `/window/visualization/${IMAGE}`);
    const alone = new ProcessImagePage(fromButton);
    await alone.waitForText(alone.value('AnaIn-100010'), (text) => /^\d+,\d\d m$/.test(text));
    // Without the shell: no navigation, no header; the image and its title only.
    expect(await fromButton.getByRole('navigation').count()).toBe(0);
    expect(await fromButton.locator('header').count()).toBe(0);
    expect(await fromButton.getByRole('heading', { level: 1 }).innerText()).toContain('Wasserwerk Auheim');

    const [fromAction] = await Promise.all([
      context.waitForEvent('page'),
      image.element('fenster-lindenberg').click(),
    ]);
    await fromAction.waitForURL((url) => url.pathname === '/window/visualization/hb-lindenberg');
    const tank = new ProcessImagePage(fromAction);
    await tank.image().locator('[data-pv-fill="AnaIn-200010"]').first().waitFor({ timeout: 20_000 });
    expect(await fromAction.locator('header').count()).toBe(0);
    await context.close();
  });

  it('shows a text message in English through the plant texts', async () => {
    const image = await openImage('hb-lindenberg');
    const message = image.element('textmeldung-2');
    await image.waitForText(message, (t) => t.startsWith('Wartung Hochbehälter Lindenberg am Donnerstag'));
    await new LocalisedOverview(image.page).chooseLanguage('Sprache', 'en');
    await image.waitForText(message, (t) =>
      t.startsWith('Maintenance of elevated tank Lindenberg on Thursday'),
    );
    await image.page.context().close();
  });

  it('the hover shows a value in its element’s decimals and unit', async () => {
    const image = await openImage();
    const element = image.value('AnaIn-100070');
    await image.waitForText(element, (text) => /^\d+,\d\d bar$/.test(text));
    await element.hover();
    const card = image.page.getByRole('tooltip');
    await card.waitFor({ timeout: 10_000 });
    expect(await card.locator('[data-field="value"]').innerText()).toMatch(/^\d+,\d\d\u00a0bar$/);
    // No decimals on the image: none in the hover either.
    const total = image.value('RechenWert-1010');
    await image.waitForText(total, (text) => /^[\d.]+ m³$/.test(text));
    await total.hover();
    await card.locator('[data-field="value"]').filter({ hasText: 'm³' }).waitFor({ timeout: 10_000 });
    expect(await card.locator('[data-field="value"]').innerText()).toMatch(/^[\d.]+\u00a0m³$/);
    await image.page.context().close();
  });

  it('shows the tank level’s limit state, following a change of its limits', async () => {
    const image = await openImage();
    const lamp = image.element('grenzwert-behaelter');
    const limits = async (values: [LimitType, number][]) => {
      const reply = await call<{ status: string; issues?: unknown }>(
        'POST',
        '/api/Pv/AnaIn/set-limits',
        values.map(([limitType, limit]) => ({
          pvLimitRef: { pv: { type: 'AnaIn', nr: 100010 }, limitType },
          limit,
          priority: 3,
          delayTime: 0,
          description: '',
          message: '',
          notSet: false,
        })),
      );
      if (reply.status !== 'Success') throw new Error(JSON.stringify(reply));
    };
    // The level moves within its domain 0–4 m, never onto its ends: limits just above zero put it
    // over the top limit, limits at the ends leave it within them.
    await limits([
      ['Bottom', 0],
      ['BottomMiddle', 0.01],
      ['TopMiddle', 0.02],
      ['Top', 0.03],
    ]);
    await image.waitForClass(lamp, 'limit-top');
    await limits([
      ['Bottom', 0],
      ['BottomMiddle', 0],
      ['TopMiddle', 4],
      ['Top', 4],
    ]);
    await image.waitForClass(lamp, 'limit-ok');
    await image.page.context().close();
  });

  it('shows the station’s dial state in words as the station list reports it', async () => {
    const image = await openImage();
    const stations = await call<{ stationNumber: number; dialState: string }[]>(
      'GET',
      '/api/station/GetAllStations',
    );
    const state = stations.find((s) => s.stationNumber === 1)?.dialState;
    const words: Record<string, [string, string]> = {
      Connected: ['Verbunden', 'dial-connected'],
      NotConnected: ['Nicht Verbunden', 'dial-not-connected'],
      Busy: ['Belegt', 'dial-busy'],
      HangingUp: ['Trenne Verbindung', 'dial-hanging-up'],
      TimeOut: ['Zeitüberschreitung', 'dial-timeout'],
      CommunicationError: ['Verbindungsfehler', 'dial-error'],
      ConnectionError: ['Verbindungsfehler', 'dial-error'],
      NotDefined: ['Unbekannt', 'dial-unknown'],
    };
    const [word, cls] = words[state ?? ''] ?? ['?', '?'];
    const shown = image.element('wahlzustand');
    await image.waitForText(shown, (t) => t === word);
    await image.waitForClass(shown, cls);
    await new LocalisedOverview(image.page).chooseLanguage('Sprache', 'en');
    await image.waitForText(shown, (t) => t !== word && t.length > 0);
    await image.page.context().close();
  });

  it('shows a remote-alarm plan as active or inactive, live', async () => {
    const image = await openImage();
    const lamp = image.element('alarmplan-objektschutz');
    for (const active of [true, false, true]) {
      const reply = await call<{ status: string }>('POST', '/api/RemoteAlert', [
        { station: 1, planNumber: 2, active },
      ]);
      expect(reply.status).toBe('Success');
      await image.waitForClass(lamp, active ? 'plan-active' : 'plan-inactive');
    }
    await image.page.context().close();
  });
});
