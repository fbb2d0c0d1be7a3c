// Charts in headless Chromium with one year of one-minute history for 8 tank levels (issue 9
// "Performance"): from the click on a directory link to the painted chart (budget 250 ms on
// loopback), points per series transferred (budget 4 × width), the drawing of the M4-reduced
// data against the drawing of the raw data in 8 windows (pixel comparison, target 0 differing), the JS heap
// with the year chart shown (budget 100 MB) and frames while zooming and panning with the wheel
// (budget: none over 16.7 ms), both in one unbroken stream of wheel steps and in gestures with
// rests, in which the data of each settled view arrives and is drawn. Baselines measured in the
// same run: the same year with one series, the directory page's heap, idle frames, and the raw
// data drawn twice; the frames once more at half the CPU speed show the margin. Writes
// bench/results/charts.json.
import path from 'node:path';
import { snapToPixelColumns, traceByPixelColumn } from '@leitwarte/core';
import { chromium } from 'playwright-core';
import { ROOT, percentile, report } from '../support.mjs';
import {
  DAY_MS,
  PASSWORD,
  createChart,
  levelConfigs,
  parseExport,
  startApp,
  writeHistory,
} from './charts-data.mjs';
import * as measure from './charts-measures.mjs';

const WEB_ROOT = process.env.BENCH_WEB_ROOT ?? path.join(ROOT, 'packages/web/dist/');
const UPLOT = path.join(ROOT, 'node_modules/uplot/dist/uPlot.iife.min.js');
const SERIES = 8;
const DAYS = Number(process.env.BENCH_CHART_DAYS ?? 365);
const RUNS = 5;
const PIXEL_DAYS = 60;
const PIXEL_WINDOWS = 8;
// Windows 7 minutes and 13 seconds apart: the samples fall at other places of the columns.
const WINDOW_STEP_MS = 7 * 60_000 + 13_000;
const PIXEL_WIDTH = 1500;
const PIXEL_HEIGHT = 400;
const FRAME_MS = 16.7;
const SLOW_FRAME_MS = FRAME_MS + 2;
// Gestures with rests between them: zooming in at different places, panning both ways, zooming
// out; in each rest the range settles and the data of the new view arrives and is drawn.
const REST_MS = 700;
const zoomGesture = (name, deltaY, at) => ({ name, steps: 6, deltaY, shiftKey: false, at, restMs: REST_MS });
const panGesture = (name, deltaY) => ({ name, steps: 6, deltaY, shiftKey: true, at: 0.5, restMs: REST_MS });
const GESTURES = [
  zoomGesture('zoom in', -100, 0.7),
  panGesture('pan forward', 100),
  zoomGesture('zoom in', -100, 0.3),
  panGesture('pan back', -100),
  zoomGesture('zoom in', -100, 0.5),
  panGesture('pan forward', 100),
  zoomGesture('zoom out', 100, 0.5),
  zoomGesture('zoom out', 100, 0.5),
  panGesture('pan back', -100),
  zoomGesture('zoom out', 100, 0.5),
  zoomGesture('zoom out', 100, 0.5),
  zoomGesture('zoom out', 100, 0.5),
];

const round = (n) => Math.round(n * 10) / 10;
const median = (xs) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
const mb = (bytes) => round(bytes / 1024 / 1024);

const app = await startApp(WEB_ROOT);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const levels = levelConfigs(app.built.services.plant).slice(0, SERIES);
  if (levels.length < SERIES) throw new Error(`the plant has only ${levels.length} levels`);
  const fill = await writeHistory(app, levels, DAYS);
  // The one-minute samples themselves (M4 over raw): Auto would read the year's day values.
  const year = { factor: 1, unit: 'Year' };
  const raw = 'MeasurementArchive';
  const yearChart = await createChart(app, `Füllstände – ${SERIES} Behälter, ein Jahr`, levels, year, raw);
  const oneChart = await createChart(
    app,
    'Füllstand – ein Behälter, ein Jahr',
    levels.slice(0, 1),
    year,
    raw,
  );

  const context = await browser.newContext({
    locale: 'de-DE',
    viewport: { width: 1600, height: 1000 },
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  await page.goto(`${app.url}/login?returnUrl=%2Fcharts`);
  await page.getByLabel('Benutzername').fill('admin');
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForSelector(`a[href="/charts/archive/${yearChart}"]`, { timeout: 60_000 });

  // Every chart data call while a chart opens, with its request-to-last-byte time. Their bodies
  // are read after the runs: reading them while the chart opens would load the
  // machine in the very interval measured.
  let replies = [];
  let inFlight = 0;
  let settled = () => {};
  const isDataCall = (request) =>
    new URL(request.url()).pathname.startsWith('/api/charts/data/') && request.method() !== 'OPTIONS';
  page.on('request', (request) => {
    if (isDataCall(request)) inFlight++;
  });
  const ended = (request) => {
    if (!isDataCall(request)) return;
    inFlight--;
    if (inFlight === 0) settled();
  };
  page.on('requestfailed', ended);
  page.on('requestfinished', (request) => {
    if (!isDataCall(request)) return;
    replies.push({
      url: request.url(),
      width: Number(new URL(request.url()).searchParams.get('width')),
      ms: request.timing().responseEnd,
    });
    ended(request);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const heapUsed = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'JSHeapUsedSize').value;
  };

  // Fresh: the directory page loaded anew, so the chart screen renders for the first time with
  // the click (its code is fetched while the directory shows); the click comes once the page has
  // loaded all it loads (no request for 500 ms), as an operator's would, who first finds the
  // chart in the list. In the app: back to the directory within the running app, the chart
  // screen shown before.
  const open = async (chartId, fresh) => {
    if (fresh) await page.goto(`${app.url}/charts`, { waitUntil: 'networkidle' });
    else await page.goBack();
    await page.waitForSelector(`a[href="/charts/archive/${chartId}"]`);
    replies = [];
    const run = await page.evaluate(measure.timeOpenChart, {
      href: `/charts/archive/${chartId}`,
      timeoutMs: 30_000,
    });
    // A call may finish after the chart is done (a prefetch): let it be recorded.
    if (inFlight > 0) await new Promise((resolve) => (settled = () => resolve(undefined)));
    return { ...run, replies };
  };
  const yearRuns = [];
  const oneRuns = [];
  const inAppRuns = [];
  for (let i = 0; i < RUNS; i++) {
    yearRuns.push(await open(yearChart, true));
    inAppRuns.push(await open(yearChart, false));
    oneRuns.push(await open(oneChart, true));
  }
  if (process.env.BENCH_UI_DEBUG) {
    console.log(JSON.stringify(yearRuns.map(({ replies: _, calls: __, ...r }) => r)));
    for (const r of [...yearRuns, ...inAppRuns])
      console.log(r.calls.map((c) => `${c.path} ${round(c.startMs)}–${round(c.endMs)}`).join('\n'), '\n');
  }

  // The same calls again, after the measurement: the server answers them alike.
  const perSeries = [];
  for (const reply of yearRuns[0].replies) {
    const body = await (await context.request.get(reply.url)).json();
    for (const s of body.series ?? []) perSeries.push({ points: s.dataPoints.length, width: reply.width });
  }
  const maxPoints = Math.max(0, ...perSeries.map((s) => s.points));
  const maxRatio = Math.max(0, ...perSeries.map((s) => s.points / (s.width || 1)));
  const widths = [...new Set(perSeries.map((s) => s.width))];

  // Heap: the directory page, then the year chart shown.
  await page.goto(`${app.url}/charts`);
  await page.waitForSelector(`a[href="/charts/archive/${yearChart}"]`);
  const heapDirectory = await heapUsed();
  await page.evaluate(measure.timeOpenChart, { href: `/charts/archive/${yearChart}`, timeoutMs: 30_000 });
  const heapChart = await heapUsed();

  // Frames: idle first (baseline), then 2 s of wheel zooming and panning over the plot.
  const idle = await page.evaluate(measure.wheelFrames, { ms: 2000, wheel: false });
  const wheel = await page.evaluate(measure.wheelFrames, { ms: 2000, wheel: true });
  // Gestures with rests, from the chart's own range: each settled view fetches and draws its data.
  const resetView = async () => {
    await page.evaluate(measure.resetPlotView);
    await page.waitForTimeout(1000);
  };
  const gesturesWithRests = async () => {
    await resetView();
    const before = replies.length;
    const run = await page.evaluate(measure.gestureFrames, { gestures: GESTURES, slowMs: SLOW_FRAME_MS });
    return { ...run, replies: replies.length - before };
  };
  const rested = await gesturesWithRests();
  // Both again at half the CPU speed: the margin a slower machine has (figures, not budgets).
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 2 });
  await resetView();
  const wheelHalf = await page.evaluate(measure.wheelFrames, { ms: 2000, wheel: true });
  const restedHalf = await gesturesWithRests();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  if (process.env.BENCH_UI_DEBUG)
    console.log('slow frames with rests:', rested.slow, 'at half speed:', restedHalf.slow);

  // Pixels: 60 days of one level, raw and M4-reduced to the plot width, drawn alike, in
  // PIXEL_WINDOWS windows a few minutes apart (each cuts the columns elsewhere).
  const columns = (reply) => {
    const points = reply.series[0].dataPoints;
    return { t: points.map((p) => p.timestamp), v: points.map((p) => p.value) };
  };
  const blank = await context.newPage();
  await blank.setContent('<!doctype html><html><body style="margin:0"></body></html>');
  await blank.addScriptTag({ path: UPLOT });
  const traceB = traceByPixelColumn.toString();
  const lastEnd = Math.floor(Date.now() / 60_000) * 60_000 - DAY_MS;
  let rawSource = 'data call with reduce=false';
  const windows = [];
  for (let k = 0; k < PIXEL_WINDOWS; k++) {
    const end = lastEnd - k * WINDOW_STEP_MS;
    const start = end - PIXEL_DAYS * DAY_MS;
    const dataUrl = (extra) =>
      `${app.url}/api/charts/data/${oneChart}?startDate=${start}&endDate=${end}&source=MeasurementArchive&${extra}`;
    const m4 = columns(await (await context.request.get(dataUrl(`width=${PIXEL_WIDTH}`))).json());
    let rawData = columns(
      await (await context.request.get(dataUrl(`width=${PIXEL_WIDTH}&reduce=false`))).json(),
    );
    if (rawData.t.length <= 4 * PIXEL_WIDTH) {
      // The data call reduced anyway: the export is the server's other unreduced read.
      const info = await (await context.request.get(`${app.url}/api/UserManagement/info`)).json();
      const csv = await context.request.post(`${app.url}/api/charts/data/export`, {
        headers: { 'x-csrf-token': info.csrfToken },
        data: { chartId: oneChart, startDate: start, endDate: end, source: 'MeasurementArchive' },
      });
      rawData = parseExport(await csv.text());
      rawSource = 'CSV export (reduce=false not honoured)';
    }
    const plot = { width: PIXEL_WIDTH, height: PIXEL_HEIGHT, start, end };
    // M4 keeps the first, minimum, maximum and last sample of each pixel column; the chart draws
    // each of them at the start of its column (the rule of the core, as the app applies it),
    // else uPlot's rounding to the nearest pixel moves points late in a column into the next
    // one, and traces each column as uPlot traces the raw samples (traceByPixelColumn).
    const column = (end - start) / PIXEL_WIDTH;
    const drawn = { t: snapToPixelColumns(m4.t, start, column), v: m4.v };
    const pixels = await blank.evaluate(measure.comparePlots, { a: rawData, b: drawn, ...plot, traceB });
    windows.push({ start, end, m4, rawData, plot, pixels });
    if (process.env.BENCH_UI_DEBUG) {
      const outside = (d) => d.t.filter((t) => t < start || t >= end).length;
      console.log(
        `pixels, window ${k}: ${pixels.differing} differing; points outside [start, end): raw ${outside(rawData)}, M4 ${outside(m4)}`,
      );
    }
  }
  // Baselines on the first window.
  const { m4, rawData, plot, pixels } = windows[0];
  const unsnapped = await blank.evaluate(measure.comparePlots, { a: rawData, b: m4, ...plot, traceB });
  const untraced = await blank.evaluate(measure.comparePlots, {
    a: rawData,
    b: { t: snapToPixelColumns(m4.t, plot.start, (plot.end - plot.start) / PIXEL_WIDTH), v: m4.v },
    ...plot,
  });
  const same = await blank.evaluate(measure.comparePlots, { a: rawData, b: rawData, ...plot });
  // Baseline: as many raw points as M4 sends, taken at an even stride (naive thinning).
  const stride = Math.ceil(rawData.t.length / m4.t.length);
  const thinned = {
    t: rawData.t.filter((_, i) => i % stride === 0),
    v: rawData.v.filter((_, i) => i % stride === 0),
  };
  const naive = await blank.evaluate(measure.comparePlots, { a: rawData, b: thinned, ...plot });
  const differingAll = windows.reduce((sum, w) => sum + w.pixels.differing, 0);
  const inkedAll = windows.reduce((sum, w) => sum + w.pixels.inked, 0);
  const displacedAll = windows.reduce((sum, w) => sum + w.pixels.displaced, 0);
  const windowsDiffering = windows.filter((w) => w.pixels.differing > 0).length;

  const paint = yearRuns.map((r) => r.paintedMs);
  // Where the time from the click to the painted chart goes: each figure the median over the
  // runs of the ms after the click.
  const split = (runs) => {
    const at = (pick) => {
      const xs = runs.map(pick).filter((x) => Number.isFinite(x));
      return xs.length > 0 ? round(median(xs)) : '–';
    };
    const ends = (r, test) => Math.max(...r.calls.filter((c) => test(c.path)).map((c) => c.endMs));
    const starts = (r, test) => Math.min(...r.calls.filter((c) => test(c.path)).map((c) => c.startMs));
    const isConfig = (p) => /^\/api\/charts\/config\/\d+/.test(p);
    const isData = (p) => /^\/api\/charts\/data\//.test(p);
    return [
      `code ${at((r) => ends(r, (p) => p.endsWith('.js')))}`,
      `config+series ${at((r) => ends(r, isConfig))}`,
      `PV infos ${at((r) => ends(r, (p) => p === '/api/Pv/configs'))}`,
      `data request ${at((r) => starts(r, isData))}`,
      `data reply ${at((r) => ends(r, isData))}`,
      `done ${at((r) => r.readyMs)}`,
      `painted ${at((r) => r.paintedMs)}`,
    ].join(', ');
  };
  // The data call's part on the server, as its Server-Timing header says (median ms over the runs).
  const serverSplit = (runs) => {
    const data = runs.flatMap((r) => r.calls.filter((c) => /^\/api\/charts\/data\//.test(c.path)));
    const names = [...new Set(data.flatMap((c) => Object.keys(c.server)))];
    if (names.length === 0) return '–';
    return names.map((name) => `${name} ${round(median(data.map((c) => c.server[name] ?? NaN)))}`).join(', ');
  };
  const onePaint = oneRuns.map((r) => r.paintedMs);
  const frames = (r) => {
    const sorted = [...r.intervals].sort((a, b) => a - b);
    return `${round(percentile(sorted, 50))} / ${round(percentile(sorted, 95))} / ${round(sorted.at(-1) ?? NaN)}`;
  };
  const over = (r, ms) => `${r.intervals.filter((x) => x > ms).length} of ${r.intervals.length}`;
  const figures = {
    history: `${SERIES} series × ${DAYS} days of one-minute samples`,
    'history written (samples, ms)': `${fill.samples} in ${fill.ms}`,
    'closed days packed by the server (days, ms)': `${fill.packed.days} in ${fill.packed.ms}`,
    'click to painted, year × 8, first / median / max (ms)': `${round(paint[0])} / ${round(median(paint))} / ${round(Math.max(...paint))}`,
    'click to painted in the running app, year × 8, median / max (ms)': `${round(median(inAppRuns.map((r) => r.paintedMs)))} / ${round(Math.max(...inAppRuns.map((r) => r.paintedMs)))}`,
    'split, year × 8, fresh: ms after the click (median)': split(yearRuns),
    'split, year × 8, in the running app: ms after the click (median)': split(inAppRuns),
    'data call on the server, year × 8, fresh (ms, median)': serverSplit(yearRuns),
    'data call on the server, year × 8, in the running app (ms, median)': serverSplit(inAppRuns),
    'data call, request to last byte, year × 8, median (ms)': round(
      median(yearRuns.flatMap((r) => r.replies.map((reply) => reply.ms))),
    ),
    'click to data-state done, year × 8, median (ms)': round(median(yearRuns.map((r) => r.readyMs))),
    'baseline: click to painted, year × 1, median (ms)': round(median(onePaint)),
    'ratio year × 8 / year × 1 (median)': round(median(paint) / median(onePaint)),
    'data replies when opening, year × 8': yearRuns[0].replies.length,
    'width asked for (px)': widths.join(', '),
    'points per series transferred, max': maxPoints,
    'points per series / width, max (budget 4)': Math.round(maxRatio * 100) / 100,
    'ratio raw samples per series / transferred': round((DAYS * 1440) / (maxPoints || 1)),
    'points drawn (data-points)': yearRuns[0].points,
    'pixels: raw points / M4 points': `${rawData.t.length} / ${m4.t.length} (${PIXEL_DAYS} days, width ${PIXEL_WIDTH})`,
    'pixels: raw from': rawSource,
    [`pixels: differing, raw vs M4 as drawn, ${PIXEL_WINDOWS} windows (target 0)`]: `${differingAll} of ${inkedAll} inked, ${windowsDiffering} windows with any (${pixels.canvas} each)`,
    'pixels: raw vs M4 as drawn, ink with no ink of the other within 1 px': displacedAll,
    'baseline: differing, raw vs M4 snapped but drawn point by point / ink not within 1 px': `${untraced.differing} / ${untraced.displaced}`,
    'baseline: differing, raw vs M4 at its own times / ink not within 1 px': `${unsnapped.differing} / ${unsnapped.displaced}`,
    'baseline: differing, raw vs raw': same.differing,
    [`baseline: raw vs every ${stride}th raw point, differing / ink not within 1 px`]: `${naive.differing} / ${naive.displaced}`,
    'JS heap with the year chart, after GC (MB, budget 100)': mb(heapChart),
    'baseline: JS heap on the directory (MB)': mb(heapDirectory),
    'idle frame interval p50 / p95 / max (ms)': frames(idle),
    'wheel frame interval p50 / p95 / max (ms)': frames(wheel),
    'wheel frames over 16.7 ms': over(wheel, FRAME_MS),
    'wheel frames over 16.7 ms + 2 ms slack': over(wheel, FRAME_MS + 2),
    'baseline: idle frames over 16.7 ms / + 2 ms slack': `${over(idle, FRAME_MS)} / ${over(idle, FRAME_MS + 2)}`,
    'wheel: range changes seen / draws / long tasks': `${wheel.rangeChanges} / ${wheel.draws} / ${wheel.longTasks.length}`,
    [`${GESTURES.length} gestures with ${REST_MS} ms rests: frames over 16.7 ms + 2 ms slack`]: over(
      rested,
      SLOW_FRAME_MS,
    ),
    'gestures with rests: data replies / draws / plots built anew / long tasks': `${rested.replies} / ${rested.draws} / ${rested.rebuilds} / ${rested.longTasks.length}`,
    'half CPU speed (margin): wheel frames over 16.7 ms + 2 ms slack': over(wheelHalf, SLOW_FRAME_MS),
    'half CPU speed (margin): gestures with rests, frames over 16.7 ms + 2 ms slack': over(
      restedHalf,
      SLOW_FRAME_MS,
    ),
  };
  report('charts', figures);
  const failed = [];
  if (median(paint) > 250) failed.push(`click to painted ${round(median(paint))} ms`);
  const inApp = median(inAppRuns.map((r) => r.paintedMs));
  if (inApp > 250) failed.push(`click to painted in the running app ${round(inApp)} ms`);
  if (maxRatio > 4) failed.push(`${round(maxRatio)} × width points per series`);
  if (differingAll > 0) failed.push(`${differingAll} pixels differ in ${windowsDiffering} windows`);
  if (heapChart > 100 * 1024 * 1024) failed.push(`heap ${mb(heapChart)} MB`);
  if (wheel.rangeChanges === 0) failed.push('the wheel did not zoom or pan');
  const slow = wheel.intervals.filter((x) => x > SLOW_FRAME_MS).length;
  if (slow > 0) failed.push(`${slow} frames over 16.7 ms while zooming and panning`);
  const slowRested = rested.intervals.filter((x) => x > SLOW_FRAME_MS).length;
  if (rested.replies === 0) failed.push('no data arrived between the gestures');
  if (slowRested > 0) failed.push(`${slowRested} frames over 16.7 ms in gestures with rests`);
  if (failed.length > 0) console.log(`over budget: ${failed.join('; ')}`);
} finally {
  await browser.close();
  await app.stop();
}
