/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/* global window, document, requestAnimationFrame, MutationObserver, DOMParser */
// A process image with 2,000 bound elements whose PVs all change at 1 Hz, in headless Chromium:
// opening (click in the list to every element bound), frame intervals while the batches arrive
// against the same page with no values changing (the machine's own noise), value-to-screen per
// batch (from the record's arrival at the page's socket to the last element it changed, in ms and
// in frames begun) and the heap at the start and end. A second baseline in the same run: the same
// image re-created from markup for every batch (what re-rendering the whole SVG per update costs),
// and the floor: the same writes alone in a plain page (what the browser's layout of them costs).
//
// The server is real (login, rights, the PV channel). The image, its PV configs and the values
// are generated: the image is answered by page.route, the configs are added to GET /api/Pv/all,
// and the batches are `newValues` records injected into the PV channel's WebSocket (proxied to
// the server by page.routeWebSocket), as the alert-archive benchmark does.
// BENCH_VISU_SECONDS sets each phase (default 30; the budget speaks of 5 minutes);
// BENCH_VISU_TRACE=<file> writes a Chrome trace of 5 s of batches after the figures,
// BENCH_VISU_PROFILE=<file> a CPU profile of 5 s of batches.
import { writeFileSync } from 'node:fs';
import { report } from '../support.mjs';
import { PASSWORD, launchChromium, round, startApp, stats } from './app-under-test.mjs';

const ELEMENTS = 2000;
const SECONDS = Number(process.env.BENCH_VISU_SECONDS ?? 30);
const NAME = 'bench-2000';
// Analog inputs of station 99, which the demo does not have (short keys: 1,024 references of a
// subscription must fit the hub's 32 KB message limit).
const NR0 = 9_900_000;
const key = (i) => `AnaIn-${NR0 + i}`;

function generatedImage() {
  const cols = 50;
  const parts = [];
  for (let i = 0; i < ELEMENTS; i++) {
    const x = (i % cols) * 40;
    const y = Math.floor(i / cols) * 36;
    const k = key(i);
    if (i % 4 === 0)
      parts.push(
        `<rect x="${x}" y="${y}" width="30" height="30" data-pv-fill="${k}" data-min="0" data-max="100"/>`,
      );
    else if (i % 4 === 1) parts.push(`<circle cx="${x + 15}" cy="${y + 15}" r="12" data-pv-state="${k}"/>`);
    else parts.push(`<text x="${x}" y="${y + 20}" data-pv="${k}" data-decimals="1" data-unit="m">---</text>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2000 1440" data-station="1"><title>Bench 2000</title>
${parts.join('\n')}
</svg>`;
}

const config = (i) => ({
  pvRef: { type: 'AnaIn', nr: NR0 + i },
  name: `Messwert ${i}`,
  eksNr: `B-${i}`,
  dimension: 'm',
  subtype: 'Messwert',
  valueType: 'DoubleValue',
  alertInputConfig: null,
  domainConfig: { min: 0, max: 100 },
  digiDisplayConfig: null,
});
const value = (i, tick) => ({
  pvRef: { type: 'AnaIn', nr: NR0 + i },
  type: 'DoubleValue',
  doubleValue: ((i * 7 + tick * 13) % 1000) / 10,
  quality: tick % 10 === 5 && i % 50 === 0 ? 'Uncertain' : 'Good',
  timestamp: Date.now(),
});
const batchRecord = (tick) =>
  `${JSON.stringify({ type: 1, target: 'newValues', arguments: [Array.from({ length: ELEMENTS }, (_, i) => value(i, tick))] })}\u001e`;

/**
 * Before the app loads: stamps each `newValues` record as the hub client starts on it (its JSON
 * protocol parses each record as it comes off the socket, in the same task; the page's socket
 * itself is Playwright's stand-in under routeWebSocket and cannot be wrapped).
 */
function stampArrivals() {
  const arrivals = [];
  Object.defineProperty(window, '__visuArrivals', { value: arrivals });
  const parse = JSON.parse;
  JSON.parse = function (text, reviver) {
    if (typeof text === 'string' && text.length > 10_000 && text.startsWith('{"type":1,"target":"newValues"'))
      arrivals.push(performance.now());
    return parse.call(this, text, reviver);
  };
}

/**
 * In the page for `ms`: frame intervals (rAF timestamps), when each frame's callbacks began, and
 * every batch of DOM changes inside the image (when the observer saw them, how many elements).
 */
async function watchFrames({ ms, selector }) {
  const root = document.querySelector(selector);
  const writes = [];
  const observer = new MutationObserver((records) => {
    const targets = new Set();
    for (const r of records) targets.add(r.type === 'characterData' ? r.target.parentNode : r.target);
    writes.push({ at: performance.now(), elements: targets.size });
  });
  observer.observe(root, { childList: true, characterData: true, attributes: true, subtree: true });
  const intervals = [];
  const frameStarts = [];
  /** @type {number[]} */
  const arrivals = Reflect.get(window, '__visuArrivals');
  const arrivalsBefore = arrivals.length;
  await new Promise((resolve) => {
    const start = performance.now();
    let last = start;
    const tick = (now) => {
      intervals.push(now - last);
      frameStarts.push(performance.now());
      last = now;
      if (now - start > ms) resolve(undefined);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  observer.disconnect();
  return { intervals, frameStarts, writes, arrivals: arrivals.slice(arrivalsBefore) };
}

/**
 * A baseline in the page, the app gone: one batch of values a second, written in the frame it is
 * due, and every frame interval. `rerender`: the whole image re-created from markup for each
 * batch (what re-rendering the whole SVG per update costs; a batch's cost includes its layout).
 * `writes`: the same image alone in the page, fitted to the window as the screen fits it, and
 * only its writes (texts' data, fills' y and height, state classes; no app, no formatting): the
 * floor the browser's layout and paint of one batch set (a batch's cost is its script alone).
 */
async function baselineInPage({ markup, batches, ms, mode }) {
  const host = document.createElement('div');
  document.body.replaceChildren(host);
  const template = new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement;
  /** @type {(values: number[]) => void} */
  let writeBatch;
  if (mode === 'rerender') {
    writeBatch = (values) => {
      const svg = /** @type {Element} */ (template.cloneNode(true));
      let i = 0;
      for (const el of svg.querySelectorAll('[data-pv],[data-pv-fill],[data-pv-state]')) {
        const v = values[i++];
        if (el.hasAttribute('data-pv')) el.textContent = `${v.toFixed(1)} m`;
        else if (el.hasAttribute('data-pv-fill')) el.setAttribute('height', String((30 * v) / 100));
        else el.setAttribute('class', v > 50 ? 'pv-on' : 'pv-off');
      }
      host.replaceChildren(svg);
      host.getBoundingClientRect();
    };
  } else {
    template.setAttribute('style', 'display:block;width:100%;height:100vh');
    host.replaceChildren(template);
    const texts = [...template.querySelectorAll('[data-pv]')];
    const fills = [...template.querySelectorAll('[data-pv-fill]')].map((el) => ({
      el,
      bottom: Number(el.getAttribute('y') ?? 0) + 30,
    }));
    const states = [...template.querySelectorAll('[data-pv-state]')];
    writeBatch = (values) => {
      texts.forEach((el, i) => {
        /** @type {Text} */ (el.firstChild).data = `${values[i].toFixed(1)} m`;
      });
      fills.forEach(({ el, bottom }, i) => {
        const height = (30 * values[i]) / 100;
        el.setAttribute('y', String(bottom - height));
        el.setAttribute('height', String(height));
      });
      states.forEach((el, i) => el.setAttribute('class', values[i] > 50 ? 'pv-on' : 'pv-off'));
    };
  }
  const intervals = [];
  const costs = [];
  let tick = 0;
  await new Promise((resolve) => {
    const start = performance.now();
    let last = start;
    let nextBatch = start;
    const frame = (now) => {
      intervals.push(now - last);
      last = now;
      if (now >= nextBatch) {
        const t0 = performance.now();
        writeBatch(batches[tick % batches.length]);
        costs.push(performance.now() - t0);
        tick += 1;
        nextBatch += 1000;
      }
      if (now - start > ms) resolve(undefined);
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  return { intervals, costs };
}

// The heap after a full collection, from the DevTools protocol: what stays reachable. (The page's
// own gc() and performance.memory left garbage counted and reported growth the heap snapshot did
// not show.)
const heap = async (cdp) => {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
};

const app = await startApp('visu');
const browser = await launchChromium();
try {
  const markup = generatedImage();
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  await page.addInitScript(stampArrivals);
  await page.route(
    (url) => url.pathname === `/Views/Visualization/ProcessImages/${NAME}`,
    (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: markup }),
  );
  await page.route(
    (url) => url.pathname === '/api/visualization/processImages',
    async (route) => {
      const response = await route.fetch();
      const list = await response.json();
      list.push({ name: NAME, title: 'Bench 2000', stationNumber: null, pvs: [] });
      await route.fulfill({ response, json: list });
    },
  );
  await page.route(
    (url) => url.pathname === '/api/Pv/all',
    async (route) => {
      const response = await route.fetch();
      const items = await response.json();
      for (let i = 0; i < ELEMENTS; i++) items.push({ config: config(i), value: null });
      await route.fulfill({ response, json: items });
    },
  );
  const pvSockets = new Set();
  let pvConnections = 0;
  await page.routeWebSocket(/\/hubs\/pv/, (ws) => {
    pvConnections++;
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => ws.send(message));
    pvSockets.add(ws);
    ws.onClose(() => pvSockets.delete(ws));
  });

  await page.goto(`${app.url}/login?returnUrl=%2Fvisualization`);
  await page.getByLabel('Benutzername').fill('admin');
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.locator(`[data-image="${NAME}"]`).waitFor({ timeout: 60_000 });

  // Opening: from the click in the list to the frame after the last element of the image is bound.
  // As a user does, the pointer reaches the card first and clicks a moment later (the screen
  // fetches ahead on hover and while the list is idle).
  await page.locator(`[data-image="${NAME}"]`).hover();
  await page.waitForTimeout(300);
  const openMs = await page.evaluate(async (name) => {
    const t0 = performance.now();
    /** @type {HTMLElement} */ (document.querySelector(`[data-image="${name}"]`)).click();
    for (;;) {
      const last = document.querySelector('[data-testid="process-image"] [data-pv-fill="AnaIn-9901996"]');
      if (last && last.getAttribute('height') !== '30') break;
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    }
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    return performance.now() - t0;
  }, NAME);
  for (let i = 0; i < 50 && pvSockets.size === 0; i++) await page.waitForTimeout(100);
  if (pvSockets.size === 0) throw new Error('the PV channel did not connect');

  const cdp = await context.newCDPSession(page);
  const imageSelector = '[data-testid="process-image"]';

  // Idle baseline on the same page: the image open and subscribed, no values changing.
  const idle = await page.evaluate(watchFrames, { ms: SECONDS * 1000, selector: imageSelector });

  const heapStart = await heap(cdp);
  let tick = 0;
  const sendBatches = () =>
    setInterval(() => {
      const record = batchRecord(++tick);
      for (const ws of pvSockets) ws.send(record);
    }, 1000);
  let timer = sendBatches();
  const live = await page.evaluate(watchFrames, { ms: SECONDS * 1000, selector: imageSelector });
  clearInterval(timer);
  if (process.env.BENCH_VISU_DEBUG)
    console.log(
      'arrivals',
      live.arrivals.length,
      'write callbacks',
      live.writes.length,
      'sockets',
      pvSockets.size,
      'connections',
      pvConnections,
      await page.locator(`[data-pv="${key(ELEMENTS - 1)}"]`).textContent(),
    );
  await page.waitForTimeout(500);
  const heapEnd = await heap(cdp);
  const texts = await page.evaluate(
    () => document.querySelectorAll('[data-testid="process-image"] text[data-pv]').length,
  );

  // BENCH_VISU_TRACE=<file>: a Chrome trace of 5 s more of batches (for DevTools' Performance
  // panel), taken after the figures so that tracing does not weigh on them.
  if (process.env.BENCH_VISU_TRACE) {
    timer = sendBatches();
    await cdp.send('Tracing.start', {
      categories:
        'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.frame,v8.execute,blink,cc',
      transferMode: 'ReturnAsStream',
    });
    await page.waitForTimeout(5000);
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    const { stream } = await complete;
    const chunks = [];
    for (;;) {
      const { data, eof, base64Encoded } = await cdp.send('IO.read', { handle: stream });
      chunks.push(Buffer.from(data, base64Encoded ? 'base64' : 'utf8'));
      if (eof) break;
    }
    await cdp.send('IO.close', { handle: stream });
    writeFileSync(process.env.BENCH_VISU_TRACE, Buffer.concat(chunks));
    clearInterval(timer);
  }

  // BENCH_VISU_PROFILE=<file>: a CPU profile (.cpuprofile) of 5 s more of batches.
  if (process.env.BENCH_VISU_PROFILE) {
    timer = sendBatches();
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.waitForTimeout(5000);
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(process.env.BENCH_VISU_PROFILE, JSON.stringify(profile));
    clearInterval(timer);
  }

  // Value-to-screen per batch: from the record's arrival at the page's socket to the last DOM
  // write it caused (the observer sees each frame's writes together), and how many frames began
  // in between (1: every element written in the first frame after the arrival).
  const perBatch = live.arrivals.flatMap((at, i) => {
    const until = live.arrivals[i + 1] ?? Infinity;
    const writes = live.writes.filter((w) => w.at >= at && w.at < until);
    if (writes.length === 0) return [];
    const lastAt = writes.at(-1).at;
    return [
      {
        ms: lastAt - at,
        frames: live.frameStarts.filter((f) => f > at && f <= lastAt).length,
        elements: writes.reduce((n, w) => n + w.elements, 0),
        // The longest frame interval ending within 200 ms of the arrival: what the batch cost.
        frame: Math.max(
          ...live.frameStarts.flatMap((f, k) => (f > at && f <= at + 200 ? [live.intervals[k]] : [])),
        ),
      },
    ];
  });

  const batches = Array.from({ length: 10 }, (_, t) =>
    Array.from({ length: ELEMENTS }, (_, i) => value(i, t).doubleValue),
  );
  const baselineRun = { markup, batches, ms: SECONDS * 1000 };
  const baseline = await page.evaluate(baselineInPage, { ...baselineRun, mode: 'rerender' });
  const plain = await page.evaluate(baselineInPage, { ...baselineRun, mode: 'writes' });

  const over = (intervals) => intervals.slice(1).filter((ms) => ms > 17.7).length;
  const frames = stats(live.intervals.slice(1));
  const idleFrames = stats(idle.intervals.slice(1));
  const baseFrames = stats(baseline.intervals.slice(1));
  const renders = stats(baseline.costs);
  const plainFrames = stats(plain.intervals.slice(1));
  const plainWrites = stats(plain.costs);
  const delay = stats(perBatch.map((b) => b.ms));
  const late = stats(perBatch.map((b) => b.frames));
  const written = stats(perBatch.map((b) => b.elements));
  const batchFrame = stats(perBatch.map((b) => b.frame));
  const figures = {
    'bound elements (text values shown)': { value: ELEMENTS, baseline: texts },
    'opening (click to all bound, ms; budget 500)': { value: round(openMs), baseline: NaN },
    'frame interval p95 / max (ms; budget 16.7; baseline: no values changing)': {
      value: `${round(frames.p95)} / ${round(frames.max)}`,
      baseline: `${round(idleFrames.p95)} / ${round(idleFrames.max)}`,
    },
    'frames over 16.7 ms + 1 ms (baseline: no values changing)': {
      value: over(live.intervals),
      baseline: over(idle.intervals),
    },
    'longest frame interval within 200 ms of each batch p50 / max (ms)': {
      value: `${round(batchFrame.p50)} / ${round(batchFrame.max)}`,
      baseline: NaN,
    },
    'frames of re-creating the SVG per batch: p95 / max (ms), over 17.7 ms': {
      value: NaN,
      baseline: `${round(baseFrames.p95)} / ${round(baseFrames.max)}, ${over(baseline.intervals)}`,
    },
    'the same writes alone in a plain page (the floor): frames p95 / max (ms), over 17.7 ms': {
      value: NaN,
      baseline: `${round(plainFrames.p95)} / ${round(plainFrames.max)}, ${over(plain.intervals)}`,
    },
    'script of those writes per batch p50 / max (ms)': {
      value: NaN,
      baseline: `${round(plainWrites.p50)} / ${round(plainWrites.max)}`,
    },
    'batch arrival to its last element written (ms; baseline: re-creating the SVG) p50 / max': {
      value: `${round(delay.p50)} / ${round(delay.max)}`,
      baseline: `${round(renders.p50)} / ${round(renders.max)}`,
    },
    'frames begun from arrival to the last element written (budget 1) p50 / max': {
      value: `${late.p50} / ${late.max}`,
      baseline: NaN,
    },
    'elements written per batch min / p50': {
      value: `${Math.min(...perBatch.map((b) => b.elements))} / ${written.p50}`,
      baseline: NaN,
    },
    'batches measured': { value: perBatch.length, baseline: baseline.costs.length },
    'heap start → end (MB)': {
      value: `${round(heapStart / 1e6)} → ${round(heapEnd / 1e6)}`,
      baseline: NaN,
    },
    'live phase (s)': { value: SECONDS, baseline: SECONDS },
  };
  report('visualization', figures);
} finally {
  await browser.close();
  await app.stop();
}
