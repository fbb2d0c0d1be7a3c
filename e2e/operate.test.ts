import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatPipeLeakageTime } from '@leitwarte/core';
import type { EffectiveRights, LimitConfig, PvConfig, SetConfigReply } from '@leitwarte/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_ADMIN_PASSWORD,
  TEST_PLANT_USERS_PASSWORD,
  type TestServer,
} from '../packages/server/src/test-support/test-server';
import { LoginPage } from './pages/login-page.js';
import { OverviewPage } from './pages/overview-page.js';
import { StationPage } from './pages/station-page.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';
import { REPO_ROOT } from './support/server-process.js';

const key = (c: PvConfig) => `${c.pvRef.type}-${c.pvRef.nr}`;
const station = (c: PvConfig) => Math.floor(c.pvRef.nr / 100_000);
const german = (n: number) => new Intl.NumberFormat('de-DE').format(n);

describe('operating the plant', () => {
  let server: TestServer;
  let browser: Browser;
  let plantDir: string;

  async function signedIn(user: string, password: string, path: string): Promise<Page> {
    const { page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent(path)}`);
    await login.logIn(user, password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    return page;
  }

  /** An analog output with a domain at a permanently connected station (its value is answered). */
  function analogOutput(): PvConfig {
    return server.services.plant
      .pvConfigs()
      .find(
        (c) =>
          c.pvRef.type === 'AnaOut' &&
          c.valueType === 'DoubleValue' &&
          typeof c.domainConfig?.min === 'number' &&
          typeof c.domainConfig?.max === 'number' &&
          station(c) === 1,
      )!;
  }

  beforeAll(async () => {
    // The demo plant, but station 8 has no PV areas: its priority outputs cannot be acknowledged.
    plantDir = await mkdtemp(path.join(tmpdir(), 'leitwarte-operate-'));
    await cp(path.join(REPO_ROOT, 'packages/server/plants/demo'), plantDir, { recursive: true });
    const alerts = JSON.parse(await readFile(path.join(plantDir, 'alerts.json'), 'utf8')) as {
      pvGroups: { station: number }[];
    };
    alerts.pvGroups = alerts.pvGroups.filter((g) => g.station !== 8);
    await writeFile(path.join(plantDir, 'alerts.json'), JSON.stringify(alerts));
    server = await startAppServer({ config: { plantPath: path.join(plantDir, 'plant.json') } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (plantDir) await rm(plantDir, { recursive: true, force: true });
  });

  it('sets an analog output from its station page, and a second browser shows the new value', async () => {
    const output = analogOutput();
    const pv = key(output);
    const { min, max } = output.domainConfig as { min: number; max: number };
    const current = server.services.plant.values.get(pv);
    let target = Math.round((min + max) / 2);
    if (current?.type === 'DoubleValue' && Math.abs(current.doubleValue - target) < 0.5) target += 1;

    const watcher = new StationPage(
      await signedIn('admin', TEST_ADMIN_PASSWORD, `/stations/${station(output)}`),
    );
    await watcher.waitUntilShown();
    const operator = new StationPage(
      await signedIn('betrieb', TEST_PLANT_USERS_PASSWORD, `/stations/${station(output)}?pv=${pv}`),
    );
    await operator.waitUntilShown();
    await operator.action('Wert setzen');
    await operator.modal().getByLabel(`Neuer Wert für ${output.name}`).fill(String(target).replace('.', ','));
    await operator.modalButton('Weiter');
    await operator.modalButton('Werte setzen');
    await operator.modal().waitFor({ state: 'hidden', timeout: 20_000 });

    const wanted = new RegExp(`^${german(target).replace('.', '\\.')}(,0+)?( .+)?$`);
    for (const page of [operator, watcher]) {
      await expect
        .poll(async () => (await page.reading(pv).innerText()).trim(), { timeout: 20_000 })
        .toMatch(wanted);
    }
    expect(watcher.page.url()).toContain(`/stations/${station(output)}`);
    await operator.page.context().close();
    await watcher.page.context().close();
  });

  it('refuses an out-of-domain value with its dialog and writes nothing', async () => {
    const output = analogOutput();
    const pv = key(output);
    const { max } = output.domainConfig as { max: number };
    const before = server.services.plant.values.get(pv);
    const operator = new StationPage(
      await signedIn('betrieb', TEST_PLANT_USERS_PASSWORD, `/stations/${station(output)}?pv=${pv}`),
    );
    await operator.waitUntilShown();
    await operator.action('Wert setzen');
    await operator
      .modal()
      .getByLabel(`Neuer Wert für ${output.name}`)
      .fill(String(max + 1));
    await operator.modalButton('Weiter');
    await expect
      .poll(() => operator.modalTitle(), { timeout: 10_000 })
      .toBe('Werte sind außerhalb der Grenzwerte');
    const text = await operator.modal().innerText();
    expect(text).toContain(output.name);
    expect(text).toContain(german(max + 1));
    await operator.modalButton('OK');
    await operator.page.waitForTimeout(1000);
    expect(server.services.plant.values.get(pv)).toEqual(before);
    await operator.page.context().close();
  });

  it('shows each limit-edit message of screens §5 for its case, and saves a valid edit', async () => {
    const { plant, domain } = server.services;
    const input = plant
      .pvConfigs()
      .find(
        (c) =>
          c.pvRef.type === 'AnaIn' &&
          typeof c.domainConfig?.min === 'number' &&
          typeof c.domainConfig?.max === 'number' &&
          c.domainConfig.max - c.domainConfig.min >= 10 &&
          station(c) === 1,
      )!;
    const { min, max } = input.domainConfig as { min: number; max: number };
    const set: Record<string, number> = {
      Bottom: min + 1,
      BottomMiddle: min + 2,
      TopMiddle: max - 2,
      Top: max - 1,
    };
    const limits = domain.limits
      .limitsOf([input.pvRef])
      .map((l): LimitConfig => ({ ...l, limit: set[l.pvLimitRef.limitType]!, notSet: false }));
    const pv = key(input);
    const page = new StationPage(await signedIn('admin', TEST_ADMIN_PASSWORD, `/stations/${station(input)}`));
    await page.waitUntilShown();
    // All four limits set, inside the domain, through the API as an administrator.
    const reply = await page.page.evaluate(async (body) => {
      const info = (await (await fetch('/api/UserManagement/info')).json()) as { csrfToken: string };
      const response = await fetch('/api/Pv/AnaIn/set-limits', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': info.csrfToken },
        body: JSON.stringify(body),
      });
      return (await response.json()) as SetConfigReply;
    }, limits);
    expect(reply.status).toBe('Success');
    await page.open(server.url, station(input), pv);
    const cases: { fields: Record<string, string>; message: string }[] = [
      {
        fields: { 'Oberer Grenzwert: Priorität': '10' },
        message: 'Prioritäten müssen zwischen 0 und 9 liegen.',
      },
      {
        fields: { 'Oberer Grenzwert: Verzögerung (s)': '70000' },
        message: 'Verzögerungszeiten müssen zwischen 0 und 65535 liegen.',
      },
      {
        fields: { 'Unterer Grenzwert: Wert': german(min - 1) },
        message: `Der Wert ${german(min - 1)} liegt unter dem Minimalwert von ${german(min)}`,
      },
      {
        fields: { 'Oberer Grenzwert: Wert': german(max + 1) },
        message: `Der Wert ${german(max + 1)} liegt über dem Maximalwert von ${german(max)}`,
      },
      {
        fields: { 'Unterer Grenzwert: Wert': german(min + 3) },
        message: 'Der untere Grenzwert darf nicht über anderen Grenzwerten liegen.',
      },
      {
        fields: { 'Unterer mittlerer Grenzwert: Wert': german(max - 1.5) },
        message: 'Der untere mittlere Grenzwert darf nicht über dem oberem mittlerem Grenzwert liegen',
      },
      {
        fields: { 'Oberer Grenzwert: Wert': german(max - 3) },
        message: 'Der ober Grenzwert darf nicht unter anderen Grenzwerten liegen.',
      },
    ];
    for (const { fields, message } of cases) {
      await page.action('Grenzwerte bearbeiten');
      for (const [label, value] of Object.entries(fields)) await page.modal().getByLabel(label).fill(value);
      await page.modalButton('Weiter');
      expect(await page.problems()).toContain(message);
      await page.modalButton('Abbrechen');
      await page.modal().waitFor({ state: 'hidden' });
    }

    // A valid change is saved and only then shown in the detail's limits.
    await page.action('Grenzwerte bearbeiten');
    await page
      .modal()
      .getByLabel('Oberer Grenzwert: Wert')
      .fill(german(max - 0.5));
    await page.modalButton('Weiter');
    await page.modalButton('Grenzwerte speichern');
    await page.modal().waitFor({ state: 'hidden', timeout: 20_000 });
    await expect
      .poll(async () => page.page.locator('[data-limit="Top"] [data-limit-value]').innerText(), {
        timeout: 15_000,
      })
      .toContain(german(max - 0.5));
    expect(domain.limits.limitsOf([input.pvRef]).find((l) => l.pvLimitRef.limitType === 'Top')?.limit).toBe(
      max - 0.5,
    );
    await page.page.context().close();
  });

  it('offers a viewer no write actions, and the server refuses a forced write', async () => {
    const output = analogOutput();
    const pv = key(output);
    const viewer = new StationPage(
      await signedIn('gast', TEST_PLANT_USERS_PASSWORD, `/stations/${station(output)}?pv=${pv}`),
    );
    await viewer.waitUntilShown();
    await viewer.page.getByTestId('pv-no-actions').waitFor({ state: 'visible', timeout: 20_000 });
    expect(await viewer.page.getByRole('button', { name: 'Wert setzen' }).count()).toBe(0);
    expect(await viewer.page.getByRole('button', { name: 'Verbinden' }).count()).toBe(0);
    const status = await viewer.page.evaluate(async (ref) => {
      const info = (await (await fetch('/api/UserManagement/info')).json()) as { csrfToken: string };
      const reply = await fetch('/api/Pv', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': info.csrfToken },
        body: JSON.stringify([{ pvRef: ref, type: 'DoubleValue', doubleValue: 1 }]),
      });
      return reply.status;
    }, output.pvRef);
    expect(status).toBe(403);
    await viewer.page.context().close();
  });

  it('shows the refusal dialog when the screen offers a write the server refuses', async () => {
    const output = analogOutput();
    const pv = key(output);
    const { min, max } = output.domainConfig as { min: number; max: number };
    const before = server.services.plant.values.get(pv);
    const { page } = await newPage(browser);
    // The screen mirrors the rights it is sent: this viewer's copy grants writing values, the
    // server's rights do not, so only the server's refusal stops the write.
    await page.route('**/api/UserManagement/rights', async (route) => {
      const reply = await route.fetch();
      const rights = (await reply.json()) as EffectiveRights;
      rights.grants.push({
        right: 'writeValues',
        scope: { allStations: true, stations: [], pvGroups: [] },
      });
      await route.fulfill({ response: reply, json: rights });
    });
    const login = new LoginPage(page);
    await login.open(
      server.url,
      `/login?returnUrl=${encodeURIComponent(`/stations/${station(output)}?pv=${pv}`)}`,
    );
    await login.logIn('gast', TEST_PLANT_USERS_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    const viewer = new StationPage(page);
    await viewer.waitUntilShown();
    await viewer.action('Wert setzen');
    await viewer
      .modal()
      .getByLabel(`Neuer Wert für ${output.name}`)
      .fill(String(Math.round((min + max) / 2)));
    await viewer.modalButton('Weiter');
    await viewer.modalButton('Werte setzen');
    await expect.poll(() => viewer.modalTitle(), { timeout: 20_000 }).toBe('Werte wurden nicht gespeichert');
    expect(server.services.plant.values.get(pv)).toEqual(before);
    await page.context().close();
  });

  it('shows the pipe-leakage monitors of a station live, with the SD-card warning below 20 %', async () => {
    // The demo's Lindenberg zone: the main from the waterworks into elevated tank station 2.
    const monitor = server.services.domain.pipeLeakage.configs().find((c) => c.station === 2)!;
    expect(monitor.sdCardLifetime).toBeLessThan(20);
    const page = new StationPage(await signedIn('betrieb', TEST_PLANT_USERS_PASSWORD, '/stations/2'));
    await page.waitUntilShown();
    const panel = page.page.locator(`[data-pipe-leakage="${monitor.pipeLeakageId}"]`);
    await panel.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await panel.getByRole('heading').innerText()).toContain(monitor.name);
    const field = async (name: string) =>
      (await panel.locator(`[data-field="${name}"] p, [data-field="${name}"]`).last().innerText()).trim();
    const time = /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/;
    expect(await field('minMaxBegin')).toMatch(time);
    expect(await field('minMaxEnd')).toMatch(time);
    expect(await field('minMaxBegin')).toBe(
      formatPipeLeakageTime(monitor.minMaxBegin, server.services.plant.info.timeZone),
    );
    expect(await field('referenceValue')).toContain(german(monitor.referenceValue));
    for (const name of [
      'minMaxValue',
      'measurementChange',
      'minMaxState',
      'sdCardLifetime',
      'measurementState',
    ]) {
      expect(await field(name)).not.toBe('');
    }
    const warning = panel.locator('[data-sd-card-warning]');
    expect(await warning.innerText()).toContain('SD-Karten-Lebensdauer unter 20 Prozent');
    // Station 3's monitor has a healthy card, station 1 has no monitor.
    const other = server.services.domain.pipeLeakage.configs().find((c) => c.station === 3)!;
    expect(await page.page.locator(`[data-pipe-leakage="${other.pipeLeakageId}"]`).count()).toBe(0);
    const shots = path.join(tmpdir(), 'leitwarte-operate');
    await mkdir(shots, { recursive: true });
    for (const size of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.page.setViewportSize(size);
      await panel.scrollIntoViewIfNeeded();
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      await page.page.screenshot({ path: path.join(shots, `pipe-leakage-${size.width}.png`) });
    }
    await page.page.context().close();

    const healthy = new StationPage(await signedIn('betrieb', TEST_PLANT_USERS_PASSWORD, '/stations/3'));
    await healthy.waitUntilShown();
    const healthyPanel = healthy.page.locator(`[data-pipe-leakage="${other.pipeLeakageId}"]`);
    await healthyPanel.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await healthyPanel.locator('[data-sd-card-warning]').count()).toBe(0);
    await healthy.page.context().close();
  });

  it('shows Connecting at once when dialling, then the state the server reports', async () => {
    const dialStation = 10;
    // The simulated line fails a call now and then (as real ones do): dial again until connected.
    const connected = () => server.services.plant.station(dialStation)?.dialState === 'Connected';
    for (let attempt = 0; attempt < 3 && !connected(); attempt++) {
      await server.services.plant.dial(dialStation, 'Connect');
      for (let waited = 0; waited < 15_000 && !connected(); waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    expect(server.services.plant.station(dialStation)?.dialState).toBe('Connected');
    const page = new StationPage(await signedIn('admin', TEST_ADMIN_PASSWORD, `/stations/${dialStation}`));
    await page.waitUntilShown();
    // Every state the badge shows, recorded in the page so a short one is not missed.
    await page.page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenDialStates: string[] }).seenDialStates = seen;
      const host = document.querySelector('[data-testid="station-dial-state"]')!;
      const record = () => {
        const state = host.querySelector('[data-dial-state]')?.getAttribute('data-dial-state');
        if (state && seen.at(-1) !== state) seen.push(state);
      };
      record();
      new MutationObserver(record).observe(host, { subtree: true, attributes: true, childList: true });
    });
    const seen = () =>
      page.page.evaluate(() => (window as unknown as { seenDialStates: string[] }).seenDialStates);
    const dial = async (button: string) => {
      await page.page.getByRole('button', { name: button, exact: true }).click();
      await page.modal().waitFor({ state: 'visible' });
      await page.modalButton(button);
    };
    await dial('Trennen');
    await expect
      .poll(() => page.dialState().getAttribute('data-dial-state'), { timeout: 30_000 })
      .toBe('NotConnected');
    await dial('Verbinden');
    await expect
      .poll(() => page.dialState().getAttribute('data-dial-state'), { timeout: 30_000 })
      .toBe('Connected');
    const states = await seen();
    expect(states.indexOf('Disconnecting')).toBeGreaterThanOrEqual(0);
    expect(states.indexOf('Disconnecting')).toBeLessThan(states.indexOf('NotConnected'));
    expect(states.indexOf('Connecting')).toBeGreaterThan(states.indexOf('NotConnected'));
    expect(states.indexOf('Connecting')).toBeLessThan(states.lastIndexOf('Connected'));
    expect(await page.dialState().textContent()).toBe('Verbunden');
    await page.page.context().close();
  });

  it('disables the priority-output acknowledge for a station without PV areas, with its text', async () => {
    const page = new StationPage(await signedIn('admin', TEST_ADMIN_PASSWORD, '/stations/8'));
    await page.waitUntilShown();
    await page.action('Prioritätenausgänge quittieren');
    await page.modal().getByTestId('no-pv-areas').waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.modal().getByTestId('no-pv-areas').innerText()).toBe(
      'Keine PV-Bereiche für ausgewählte Station vorhanden.',
    );
    expect(await page.modal().getByRole('button', { name: 'Quittieren' }).isDisabled()).toBe(true);
    expect(await page.modal().getByLabel('Station', { exact: true }).first().inputValue()).toBe(
      server.services.plant.station(8)!.name,
    );
    await page.page.context().close();
  });

  it('marks a station with an active alarm on the overview', async () => {
    const engine = server.services.domain.alerts;
    const pv = server.services.plant
      .pvConfigs()
      .find((c) => c.pvRef.type === 'DigiIn' && station(c) === 6)!.pvRef;
    engine.condition({
      kind: 'raise',
      acknowledgedInField: false,
      info: {
        source: 'e2e/operate',
        bindingKind: 'device',
        bindingKey: `${pv.type}-${pv.nr}`,
        pv,
        station: 6,
        limitType: null,
        priority: 1,
        message: 'Browsertest: Alarm',
        description: 'Browsertest',
        value: 1,
        limit: null,
      },
    });
    await engine.flush();
    const page = await signedIn('admin', TEST_ADMIN_PASSWORD, '/overview');
    const overview = new OverviewPage(page);
    await overview.waitForTiles();
    const name = server.services.plant.station(6)!.name;
    await expect.poll(() => overview.stationsInAlarm(), { timeout: 20_000 }).toContain(name);
    await page.context().close();
  });
});
