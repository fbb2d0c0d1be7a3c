/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/* global document, requestAnimationFrame */
// A dashboard of 40 widgets (20 gauges, 4 charts, 1 heat map, 15 others: value texts, state
// indicators, notes, a webcam, a map, weather, a web page, placeholders) in headless Chromium:
// first paint from the click on the navigation's dashboard link (every widget on screen, and
// every gauge with its value), frame intervals while the values of all its PVs change at 1 Hz,
// and React commits per frame (counted through React's devtools hook, which production builds
// call on every commit). Baselines in the same run: the demo's default dashboard opened by the
// same click, and the same 40 widgets while no values are sent.
//
// The server is real (login, rights, the PV channel, the dashboard made through POST
// /api/dashboard). The values are `newValues` records injected into the PV channel's WebSocket
// (proxied to the server by page.routeWebSocket), as the process image benchmark does.
// BENCH_DASH_SECONDS sets each live phase (default 20).
import { percentile, report } from '../support.mjs';
import { PASSWORD, launchChromium, round, startApp, stats } from './app-under-test.mjs';
import { countCommits, watchFrames } from './page-measures.mjs';

const SECONDS = Number(process.env.BENCH_DASH_SECONDS ?? 20);
const GAUGE_STYLES = ['CircularGauge', 'VerticalGauge', 'HorizontalGauge', 'DigitalGauge'];

/** The 40 widgets on the demo plant's PVs, charts, webcam and stations. */
function benchWidgets({ analog, digital, chartIds, webcamId, stations, url }) {
  const common = (title, size = 'Small') => ({ title, size, position: null });
  const widgets = [];
  for (let i = 0; i < 20; i++) {
    const pv = analog[i % analog.length];
    widgets.push({
      ...common(`Messwert ${i + 1}`),
      kind: 'SingleValue',
      pv: pv.ref,
      style: GAUGE_STYLES[i % GAUGE_STYLES.length],
      min: pv.min,
      max: pv.max,
    });
  }
  for (let i = 0; i < 4; i++)
    widgets.push({
      ...common(`Diagramm ${i + 1}`, 'Medium'),
      kind: 'Chart',
      chartId: chartIds[i % chartIds.length],
    });
  widgets.push({
    ...common('Heatmap', 'Large'),
    kind: 'HeatMap',
    pvs: [analog[0].ref],
    min: analog[0].min,
    max: analog[0].max,
  });
  for (let i = 0; i < 3; i++) {
    const pv = analog[(20 + i) % analog.length];
    widgets.push({
      ...common(`Text ${i + 1}`),
      kind: 'SingleValue',
      pv: pv.ref,
      style: 'ValueTextView',
      min: null,
      max: null,
    });
  }
  for (let i = 0; i < 4; i++) {
    widgets.push({
      ...common(`Zustand ${i + 1}`),
      kind: 'SingleValue',
      pv: digital[i % digital.length],
      style: i % 2 === 0 ? 'StateIndicatorText' : 'StateIndicatorGauge',
      min: null,
      max: null,
    });
  }
  widgets.push({ ...common('Notiz 1'), kind: 'Note', note: 'Schichtübergabe: alles ruhig.' });
  widgets.push({ ...common('Notiz 2'), kind: 'Note', note: 'Pumpe 2 beobachten.' });
  widgets.push({ ...common('Webcam', 'Medium'), kind: 'Webcam', webcamId });
  widgets.push({
    ...common('Karte', 'Medium'),
    kind: 'GoogleMaps',
    mapType: 'Roadmap',
    latitude: 50.597,
    longitude: 9.64,
    zoom: 12,
    stations,
  });
  widgets.push({ ...common('Wetter'), kind: 'Weather', mode: 'ActualWeather', zip: '36037', country: 'DE' });
  widgets.push({ ...common('Webseite'), kind: 'Browser', url: `${url}/healthz` });
  widgets.push({ ...common(''), kind: 'Placeholder' });
  widgets.push({ ...common(''), kind: 'Placeholder' });
  return widgets;
}

/**
 * In the page: clicks the navigation's dashboard link and waits for `widgets` widgets on screen
 * (first paint) and for `gauges` gauges showing a value; the times in ms from the click.
 */
async function openFromClick({ widgets, gauges }) {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  const link = /** @type {HTMLElement} */ (document.querySelector('nav a[href="/"]'));
  const t0 = performance.now();
  link.click();
  let painted = NaN;
  for (let i = 0; i < 2000; i++) {
    await frame();
    const shown = document.querySelectorAll('[data-widget]').length;
    if (Number.isNaN(painted) && shown >= widgets) {
      // The frame after the one the widgets were committed for is the one that shows them.
      await frame();
      painted = performance.now() - t0;
    }
    const valued = document.querySelectorAll(
      '[data-widget] [data-pv][data-value]:not([data-value=""])',
    ).length;
    if (!Number.isNaN(painted) && valued >= gauges) return { painted, valued: performance.now() - t0 };
  }
  return { painted, valued: NaN };
}

const app = await startApp('dash');
const browser = await launchChromium();
try {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1600, height: 1000 } });
  await context.addInitScript(countCommits);
  const page = await context.newPage();
  const pvSockets = new Set();
  await page.routeWebSocket(/\/hubs\/pv/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => ws.send(message));
    pvSockets.add(ws);
    ws.onClose(() => pvSockets.delete(ws));
  });
  await page.goto(`${app.url}/login?returnUrl=%2Fsettings`);
  await page.getByLabel('Benutzername').fill('admin');
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => url.pathname === '/settings', { timeout: 60_000 });

  // What the widgets show: the demo's analog PVs with a domain, its digital ones, charts, webcam, stations.
  const api = async (p) => (await context.request.get(`${app.url}${p}`)).json();
  const all = await api('/api/Pv/all');
  const analog = all
    .filter((item) => item.config.valueType === 'DoubleValue' && item.config.domainConfig)
    .map((item) => ({
      ref: item.config.pvRef,
      min: item.config.domainConfig.min,
      max:
        item.config.domainConfig.max > item.config.domainConfig.min
          ? item.config.domainConfig.max
          : item.config.domainConfig.min + 1,
    }));
  const digital = all
    .filter((item) => item.config.valueType === 'BoolValue')
    .map((item) => item.config.pvRef);
  const config = await api('/api/dashboard/config');
  const chartIds = config.dashboards
    .flatMap((d) => d.widgets)
    .flatMap((w) => (w.kind === 'Chart' && w.chartId ? [w.chartId] : []));
  const webcams = await api('/api/webcam');
  const stations = (await api('/api/station/GetAllStations')).map((s) => s.stationNumber);
  if (analog.length < 23 || digital.length === 0 || chartIds.length === 0 || webcams.length === 0)
    throw new Error('the demo plant lacks the PVs, charts or webcams of the bench dashboard');
  const info = await api('/api/UserManagement/info');
  const created = await context.request.post(`${app.url}/api/dashboard`, {
    headers: { 'x-csrf-token': info.csrfToken },
    data: {
      name: 'Bench 40',
      layout: 'FlowLayout',
      widgets: benchWidgets({ analog, digital, chartIds, webcamId: webcams[0].id, stations, url: app.url }),
    },
  });
  if (created.status() !== 201)
    throw new Error(`POST /api/dashboard: ${created.status()} ${await created.text()}`);
  const bench = await created.json();
  const gauges = bench.widgets.filter(
    (w) => w.kind === 'SingleValue' && GAUGE_STYLES.includes(w.style),
  ).length;
  const defaultDashboard = config.dashboards.find((d) => d.id === config.defaultDashboardId);
  const defaultGauges = defaultDashboard.widgets.filter(
    (w) => w.kind === 'SingleValue' && GAUGE_STYLES.includes(w.style),
  ).length;

  /** Opens the dashboard as the start page from another page, by the click on the navigation link. */
  const open = async (id, widgets, withValues) => {
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key, String(value)),
      ['leitwarte.startDashboard.admin', id],
    );
    await page.goto(`${app.url}/settings`);
    await page.locator('nav a[href="/"]').first().waitFor({ timeout: 30_000 });
    // Caches warm as an operator's would be: the first opening is not measured.
    const times = [];
    for (let run = 0; run < 4; run++) {
      const t = await page.evaluate(openFromClick, { widgets, gauges: withValues });
      if (run > 0) times.push(t);
      await page.goto(`${app.url}/settings`);
      await page.locator('nav a[href="/"]').first().waitFor({ timeout: 30_000 });
    }
    return { painted: stats(times.map((t) => t.painted)), valued: stats(times.map((t) => t.valued)) };
  };
  const benchOpen = await open(bench.id, bench.widgets.length, gauges);
  const baseOpen = await open(defaultDashboard.id, defaultDashboard.widgets.length, defaultGauges);

  // Live: the bench dashboard on screen, every value of its PVs changing once a second.
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key, String(value)),
    ['leitwarte.startDashboard.admin', bench.id],
  );
  await page.goto(`${app.url}/settings`);
  await page.locator('nav a[href="/"]').first().waitFor({ timeout: 30_000 });
  await page.evaluate(openFromClick, { widgets: bench.widgets.length, gauges });
  for (let i = 0; i < 50 && pvSockets.size === 0; i++) await page.waitForTimeout(100);
  if (pvSockets.size === 0) throw new Error('the PV channel did not connect');
  const refs = bench.widgets.flatMap((w) => (w.kind === 'SingleValue' ? [w] : []));
  let tick = 0;
  const batch = () => {
    tick += 1;
    const values = refs.map((w, i) =>
      w.pv.type === 'DigiIn' || digital.some((d) => d.type === w.pv.type && d.nr === w.pv.nr)
        ? {
            pvRef: w.pv,
            type: 'BoolValue',
            boolValue: (tick + i) % 2 === 0,
            quality: 'Good',
            timestamp: Date.now(),
          }
        : {
            pvRef: w.pv,
            type: 'DoubleValue',
            doubleValue: (w.min ?? 0) + (((i * 7 + tick * 13) % 100) / 100) * ((w.max ?? 100) - (w.min ?? 0)),
            quality: 'Good',
            timestamp: Date.now(),
          },
    );
    return `${JSON.stringify({ type: 1, target: 'newValues', arguments: [values] })}\u001e`;
  };
  const idle = await page.evaluate(watchFrames, { ms: SECONDS * 1000 });
  const timer = setInterval(() => {
    const record = batch();
    for (const ws of pvSockets) ws.send(record);
  }, 1000);
  const live = await page.evaluate(watchFrames, { ms: SECONDS * 1000 });
  clearInterval(timer);

  const frames = stats(live.intervals.slice(1));
  const idleFrames = stats(idle.intervals.slice(1));
  const commits = stats(live.perFrame.slice(1));
  const idleCommits = stats(idle.perFrame.slice(1));
  const p99 = (values) =>
    percentile(
      [...values].sort((a, b) => a - b),
      99,
    );
  const figures = {
    'widgets (gauges) shown; baseline: the demo default dashboard': {
      value: `${bench.widgets.length} (${gauges})`,
      baseline: `${defaultDashboard.widgets.length} (${defaultGauges})`,
    },
    'first paint from click, p50 / max of 3 (ms; budget 800)': {
      value: `${round(benchOpen.painted.p50)} / ${round(benchOpen.painted.max)}`,
      baseline: `${round(baseOpen.painted.p50)} / ${round(baseOpen.painted.max)}`,
    },
    'every gauge with its value from click, p50 / max (ms)': {
      value: `${round(benchOpen.valued.p50)} / ${round(benchOpen.valued.max)}`,
      baseline: `${round(baseOpen.valued.p50)} / ${round(baseOpen.valued.max)}`,
    },
    'frame interval p50 / p95 / max (ms; budget 16.7); baseline: no values sent': {
      value: `${round(frames.p50)} / ${round(frames.p95)} / ${round(frames.max)}`,
      baseline: `${round(idleFrames.p50)} / ${round(idleFrames.p95)} / ${round(idleFrames.max)}`,
    },
    'frames over 16.7 ms + 1 ms': {
      value: live.intervals.slice(1).filter((ms) => ms > 17.7).length,
      baseline: idle.intervals.slice(1).filter((ms) => ms > 17.7).length,
    },
    'React commits per frame p95 / p99 / max (budget 1)': {
      value: `${commits.p95} / ${p99(live.perFrame.slice(1))} / ${commits.max}`,
      baseline: `${idleCommits.p95} / ${p99(idle.perFrame.slice(1))} / ${idleCommits.max}`,
    },
    'frames with more than one React commit': {
      value: live.perFrame.slice(1).filter((n) => n > 1).length,
      baseline: idle.perFrame.slice(1).filter((n) => n > 1).length,
    },
    'frames with a React commit': {
      value: live.perFrame.slice(1).filter((n) => n > 0).length,
      baseline: idle.perFrame.slice(1).filter((n) => n > 0).length,
    },
    'main-thread tasks over 50 ms: count / total ms': {
      value: `${live.longTasks.length} / ${Math.round(live.longTasks.reduce((a, b) => a + b, 0))}`,
      baseline: `${idle.longTasks.length} / ${Math.round(idle.longTasks.reduce((a, b) => a + b, 0))}`,
    },
    'batches of values sent': { value: tick, baseline: 0 },
    'live phase (s)': { value: SECONDS, baseline: SECONDS },
  };
  report('dashboard', figures);
} finally {
  await browser.close();
  await app.stop();
}
