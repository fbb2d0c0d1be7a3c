/// <reference lib="dom" />
/* global document, requestAnimationFrame, MutationObserver */
// The day report with today's rows live (issue "Reports", Performance): the demo's day report of
// today in headless Chromium while the simulator changes its values every second and the
// reportdata channel brings today's figures; frame intervals, long tasks and the page's CPU time
// (script, style, layout per second) over a measured span
// (budget: no frame over 16.7 ms), the live cell changes that reached the table in that span
// (proof that the figures are live), and as the same-run baseline yesterday's day report, whose
// rows are all closed and take no live values. Writes bench/results/reports-live-day.json.
import { chromium } from 'playwright-core';
import { percentile, report, startServer } from '../support.mjs';

const PASSWORD = 'Bench-Admin-Password-1';
const SPAN_MS = Number(process.env.BENCH_REPORT_LIVE_MS ?? 20_000);
const FRAME_MS = 16.7;

/** yyyy-MM-dd of a day in the plant's zone (the demo plant is in Europe/Berlin). */
const dayIn = (t) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(t);

/** Runs in the page: frame intervals, long tasks and changed table cells for `ms`. */
async function watchFrames({ ms }) {
  const table = document.querySelector('table.report-table');
  let changes = 0;
  const observer = new MutationObserver((records) => {
    changes += records.length;
  });
  observer.observe(table, { childList: true, subtree: true, characterData: true });
  const longTasks = [];
  const tasks = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  tasks.observe({ type: 'longtask' });
  const intervals = [];
  await new Promise((resolve) => {
    const started = performance.now();
    let last = 0;
    const tick = (now) => {
      if (last > 0) intervals.push(now - last);
      last = now;
      if (now - started >= ms) resolve(undefined);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  observer.disconnect();
  tasks.disconnect();
  return { intervals, longTasks, changes };
}

const summary = (name, { intervals, longTasks, changes, scriptMsPerS, renderMsPerS }) => {
  const sorted = [...intervals].sort((a, b) => a - b);
  const round = (n) => Math.round(n * 10) / 10;
  return {
    name,
    frames: intervals.length,
    'p50 ms': round(percentile(sorted, 50)),
    'p95 ms': round(percentile(sorted, 95)),
    'max ms': round(sorted.at(-1) ?? NaN),
    'over 16.7 ms': intervals.filter((i) => i > FRAME_MS + 1).length,
    'long tasks': longTasks.length,
    'cell changes': changes,
    'script ms/s': round(scriptMsPerS),
    'style+layout ms/s': round(renderMsPerS),
  };
};

// A short generated history: the report's closed rows come from it, the bench measures the live part.
const app = await startServer({ LEITWARTE_BACKFILL_DAYS: '2' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${app.url}/login`);
  await page.getByLabel('Benutzername').fill('admin');
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });

  const measure = async (date) => {
    await page.goto(`${app.url}/reports/day?report=1&date=${date}`);
    await page.locator('table.report-table tbody tr').first().waitFor({ timeout: 120_000 });
    // Let the first live figures arrive and settle before measuring.
    await page.waitForTimeout(3_000);
    // The page's own CPU time (script, style and layout) in the span: less shaken by a busy
    // machine than frame intervals, which other processes stretch.
    const cpu = await page.context().newCDPSession(page);
    await cpu.send('Performance.enable');
    const metrics = async () =>
      Object.fromEntries((await cpu.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const before = await metrics();
    const frames = await page.evaluate(watchFrames, { ms: SPAN_MS });
    const after = await metrics();
    const perSecond = (name) => ((after[name] - before[name]) * 1000) / (SPAN_MS / 1000);
    await cpu.detach();
    return {
      ...frames,
      scriptMsPerS: perSecond('ScriptDuration'),
      renderMsPerS: perSecond('RecalcStyleDuration') + perSecond('LayoutDuration'),
    };
  };
  const yesterday = await measure(dayIn(Date.now() - 86_400_000));
  const today = await measure(dayIn(Date.now()));
  const rows = [
    summary('today, live at 1 Hz', today),
    summary('yesterday (baseline, no live rows)', yesterday),
  ];
  const ratio = (key) => Math.round((rows[0][key] / rows[1][key]) * 100) / 100;
  report('reports-live-day', {
    today: rows[0],
    yesterday: rows[1],
    'p95 today / baseline': ratio('p95 ms'),
    'max today / baseline': ratio('max ms'),
    'script today / baseline': ratio('script ms/s'),
  });
  if (today.changes === 0) {
    console.error('no live change reached the table: the measurement says nothing');
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await app.stop();
}
