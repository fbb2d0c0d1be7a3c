/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/* global document */
// UI of the alert archive in headless Chromium with 100,000 alerts: filtering and sorting
// (budget 100 ms each), scrolling (budget: no frame over 16 ms) and a live burst of 1,000 new
// alerts (budget: merged in one frame). Each figure comes with a baseline measured in the same
// run: a naive filter and sort of the same rows, a non-virtualised table, and one alert at a time.
//
// How the alerts get into the page: the server is real (login, rights, priorities, stations, the
// alert channel), but GET /api/alerts is answered by Playwright's page.route with generated
// alerts, since filling a store with 100,000 alerts through the alert engine takes minutes. The
// live burst is injected into the real alert channel's WebSocket (page.routeWebSocket proxies it
// to the server) as 1,000 `newAlert` records in one message. Writes bench/results/ui.json.
import { report } from '../support.mjs';
import { PASSWORD, launchChromium, round, startApp, stats } from './app-under-test.mjs';
import { generateAlerts, newAlertRecords } from './alerts-data.mjs';
import * as measure from './page-measures.mjs';

const COUNT = Number(process.env.BENCH_UI_ALERTS ?? 100_000);
const BURST = 1000;
const PLAIN_ROWS = 5000;

const app = await startApp('ui');
const browser = await launchChromium();
try {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  const now = Date.now();
  const alerts = generateAlerts(COUNT, now - 60_000);
  const listBody = JSON.stringify({ alerts, total: COUNT + 5000 });
  await page.route(
    (url) => url.pathname === '/api/alerts',
    (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 200, contentType: 'application/json', body: listBody })
        : route.fallback(),
  );
  // Every open socket of the alert channel (a screen may have reconnected); the burst goes to all.
  const alertSockets = new Set();
  // More than one means the channel was reconnected, and the reload after it may have fallen into
  // a measurement.
  let alertConnections = 0;
  await page.routeWebSocket(/\/hubs\/alert/, (ws) => {
    alertConnections++;
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      if (process.env.BENCH_UI_DEBUG) console.log('SERVER->PAGE', String(message).slice(0, 200));
      ws.send(message);
    });
    alertSockets.add(ws);
    ws.onClose(() => alertSockets.delete(ws));
  });
  const inject = (records) => {
    for (const ws of alertSockets) ws.send(records);
  };

  await page.goto(`${app.url}/login?returnUrl=%2Falerts`);
  await page.getByLabel('Benutzername').fill('admin');
  await page.getByLabel('Passwort').fill(PASSWORD);
  const loadStart = Date.now();
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForFunction(
    (count) => (document.querySelector('[data-testid="alerts-summary"]')?.textContent ?? '').includes(count),
    COUNT.toLocaleString('de-DE'),
    { timeout: 120_000 },
  );
  const loadMs = Date.now() - loadStart;

  // Filtering: a text condition on the alert text, typed value by value.
  await page.getByRole('button', { name: 'Bedingung hinzufügen' }).last().click();
  const condition = page.getByRole('group', { name: 'Bedingung', exact: true }).last();
  await condition.getByLabel('Feld').selectOption({ label: 'Meldungstext' });
  const filterRuns = [];
  for (const value of ['Pumpe', 'Pumpe gestört 1', 'hoch', 'xyz', 'Netz', '']) {
    filterRuns.push(await page.evaluate(measure.timeFilterInput, { value }));
  }
  const sortRuns = [];
  if (process.env.BENCH_UI_DEBUG) console.log(JSON.stringify(filterRuns));
  for (const label of ['Zeit', 'Priorität', 'Meldungstext', 'Station', 'Zustand']) {
    sortRuns.push(await page.evaluate(measure.timeSort, { label }));
  }
  if (process.env.BENCH_UI_DEBUG) console.log(JSON.stringify(sortRuns));

  // Scrolling the virtualised list: 300 frames of a fast fling (20 rows a frame), then 300 of
  // wheel-like scrolling (about 3 rows a frame).
  await page.evaluate(() => /** @type {HTMLElement} */ (document.querySelector('[role="grid"]')).focus());
  const scroll = await page.evaluate(measure.scrollFrames, {
    selector: '[role="grid"]',
    frames: 300,
    step: 720,
  });
  const wheel = await page.evaluate(measure.scrollFrames, {
    selector: '[role="grid"]',
    frames: 300,
    step: 120,
  });

  // Live burst: 1,000 new alerts in one WebSocket message; every frame's summary is recorded.
  // Back to the rows' own order (newest first): the sort cycles ascending, descending, none.
  await page.evaluate(measure.timeSort, { label: 'Zustand' });
  await page.evaluate(measure.timeSort, { label: 'Zustand' });
  if (alertSockets.size === 0) throw new Error('the alert channel did not connect');
  if (process.env.BENCH_UI_DEBUG) console.log('sockets', alertSockets.size);
  const single = generateAlerts(1, now + 1000, COUNT + 1);
  const singleWatch = page.evaluate(measure.watchSummaryFrames, { target: COUNT + 1, timeoutMs: 5000 });
  await page.waitForFunction(() => document.body.dataset.burstReady === 'yes');
  inject(newAlertRecords(single));
  const singleFrames = await singleWatch;
  await page.evaluate(() => delete document.body.dataset.burstReady);
  const burst = generateAlerts(BURST, now + 2000 + BURST * 6000, COUNT + 2);
  const burstWatch = page.evaluate(measure.watchSummaryFrames, {
    target: COUNT + 1 + BURST,
    timeoutMs: 10_000,
  });
  await page.waitForFunction(() => document.body.dataset.burstReady === 'yes');
  inject(newAlertRecords(burst));
  const burstFrames = await burstWatch;
  const before = COUNT + 1;
  const partial = burstFrames.filter((f) => f.loaded > before && f.loaded < before + BURST).length;
  const mergeFrame = burstFrames.find((f) => f.loaded >= before + BURST);
  const singleFrame = singleFrames.find((f) => f.loaded >= COUNT + 1);

  // Baselines, each on a page of its own, after the list is measured: handing 100,000 rows to a
  // page keeps its main thread busy for half a minute, longer than the alert channel's server
  // waits for a ping, so on the list's page it closed the channel, and the reload after the
  // reconnect fell into the scroll measurement.
  const naivePage = await context.newPage();
  const naive = await naivePage.evaluate(measure.naiveFilterAndSort, { rows: alerts, needle: 'Pumpe' });
  await naivePage.close();
  // The same rows, not virtualised (5,000 of them; all 100,000 would not finish).
  const plainPage = await context.newPage();
  const plainRenderMs = await plainPage.evaluate(measure.renderPlainTable, {
    rows: alerts.slice(0, PLAIN_ROWS),
  });
  const plainScroll = await plainPage.evaluate(measure.scrollFrames, {
    selector: '#plain-table',
    frames: 300,
    step: 720,
  });

  const filter = stats(filterRuns.map((r) => r.ms));
  const sort = stats(sortRuns.map((r) => r.ms));
  const frames = stats(scroll.intervals);
  const wheelFrames = stats(wheel.intervals);
  const plainFrames = stats(plainScroll.intervals);
  const figures = {
    alerts: COUNT,
    'alert channel connections (1: no reconnect)': alertConnections,
    'load (login to list shown, ms)': loadMs,
    'filter p50 / max (ms)': `${round(filter.p50)} / ${round(filter.max)}`,
    'filter baseline naive, filter only (ms)': round(naive.filterMs),
    'filter ratio naive filter alone / list filter and render (p50)': round(naive.filterMs / filter.p50),
    'sort p50 / max (ms)': `${round(sort.p50)} / ${round(sort.max)}`,
    'sort baseline naive localeCompare, sort only (ms)': round(naive.sortMs),
    'sort ratio naive / list (p50)': round(naive.sortMs / sort.p50),
    'scroll frame interval p50 / p95 / max (ms)': `${round(frames.p50)} / ${round(frames.p95)} / ${round(frames.max)}`,
    'scroll frames over 16.7 ms + 2 ms slack': `${scroll.intervals.filter((ms) => ms > 18.7).length} of ${scroll.intervals.length}`,
    'wheel scroll interval p50 / p95 / max (ms)': `${round(wheelFrames.p50)} / ${round(wheelFrames.p95)} / ${round(wheelFrames.max)}`,
    'wheel scroll frames over 16.7 ms + 2 ms slack': `${wheel.intervals.filter((ms) => ms > 18.7).length} of ${wheel.intervals.length}`,
    'scroll long tasks (> 50 ms)': scroll.longTasks.length,
    [`baseline: plain table of ${PLAIN_ROWS} rows, render (ms)`]: round(plainRenderMs),
    'baseline: plain table scroll interval p95 / max (ms)': `${round(plainFrames.p95)} / ${round(plainFrames.max)}`,
    'burst of 1,000: frames showing part of it': partial,
    'burst of 1,000: merged in the frame of (ms)': mergeFrame ? round(mergeFrame.interval) : 'not merged',
    'single alert: merged in the frame of (ms)': singleFrame ? round(singleFrame.interval) : 'not merged',
    'burst ratio: 1,000 single-alert frames / burst frame':
      mergeFrame && singleFrame ? round((BURST * singleFrame.interval) / mergeFrame.interval) : NaN,
  };
  report('ui', figures);
  const failed = [];
  if (filter.max > 100) failed.push(`filtering took ${round(filter.max)} ms`);
  if (sort.max > 100) failed.push(`sorting took ${round(sort.max)} ms`);
  if (!mergeFrame || partial > 0) failed.push('the burst was not merged in one frame');
  const slowFrames = scroll.intervals.filter((ms) => ms > 18.7).length;
  if (slowFrames > 0) failed.push(`${slowFrames} scroll frames over 16.7 ms`);
  if (alertConnections > 1) failed.push('the alert channel reconnected during the run');
  if (failed.length > 0) console.log(`over budget: ${failed.join('; ')}`);
} finally {
  await browser.close();
  await app.stop();
}
