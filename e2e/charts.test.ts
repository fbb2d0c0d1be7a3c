import type { ChartConfig, PvRef } from '@leitwarte/core';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, type TestServer } from '../packages/server/src/test-support/test-server';
import { LoginPage } from './pages/login-page.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';
import { createChart, levelPvs, writeChartHistory } from './support/chart-history.js';

/** What the plot wrapper tells about its last drawing (DOM contract of the chart screens). */
interface PlotState {
  state: string | undefined;
  draws: number;
  points: number;
  start: number;
  end: number;
  scales: { key: string; distr: 'linear' | 'log'; dir: 1 | -1; min: number; max: number }[];
}

const key = (pv: PvRef) => `${pv.type}-${pv.nr}`;

async function plotState(page: Page): Promise<PlotState> {
  return page.evaluate(() => {
    const screen = document.querySelector<HTMLElement>('[data-testid="chart-screen"]');
    const plot = document.querySelector<HTMLElement>('[data-testid="chart-plot"]');
    return {
      state: screen?.dataset.state,
      draws: Number(plot?.dataset.draws ?? 0),
      points: Number(plot?.dataset.points ?? 0),
      start: Number(plot?.dataset.rangeStart ?? NaN),
      end: Number(plot?.dataset.rangeEnd ?? NaN),
      scales: JSON.parse(plot?.dataset.scales ?? '[]') as PlotState['scales'],
    };
  });
}

/**
 * Waits until the chart's batches are all loaded and its plot has drawn points. The screen's
 * state must be of the view the plot shows: after a zoom or pan the plot shows the new view at
 * once, the screen takes it over a moment later.
 */
async function waitForDrawn(page: Page): Promise<PlotState> {
  await page.waitForFunction(
    () => {
      const screen = document.querySelector<HTMLElement>('[data-testid="chart-screen"]');
      const plot = document.querySelector<HTMLElement>('[data-testid="chart-plot"]');
      const near = (a: string | undefined, b: string | undefined) => Math.abs(Number(a) - Number(b)) <= 1;
      return (
        screen?.dataset.state === 'done' &&
        near(screen.dataset.viewStart, plot?.dataset.rangeStart) &&
        near(screen.dataset.viewEnd, plot?.dataset.rangeEnd) &&
        Number(plot?.dataset.points ?? 0) > 0
      );
    },
    undefined,
    { timeout: 20_000 },
  );
  return plotState(page);
}

/**
 * Waits until the screen has taken over a view the plot reports: the address carries it
 * (`from`, `to`: shorter than `spanBelow`, or with `from` moved from `awayFrom` by more than
 * `by`), the screen's state is of it, and its data is loaded. The plot reports a zoom or pan a
 * moment after the last input, so the screen's requests follow only then.
 */
async function waitForView(
  page: Page,
  check: { spanBelow?: number; awayFrom?: number; by?: number },
): Promise<PlotState> {
  await page.waitForFunction(
    ({ spanBelow, awayFrom, by }) => {
      const url = new URL(location.href);
      if (!url.searchParams.has('from') || !url.searchParams.has('to')) return false;
      const from = Number(url.searchParams.get('from'));
      const to = Number(url.searchParams.get('to'));
      const screen = document.querySelector<HTMLElement>('[data-testid="chart-screen"]');
      if (Number(screen?.dataset.viewStart) !== from || Number(screen?.dataset.viewEnd) !== to) return false;
      if (spanBelow !== undefined && !(to - from < spanBelow)) return false;
      return awayFrom === undefined || Math.abs(from - awayFrom) > (by ?? 0);
    },
    check,
    { timeout: 10_000 },
  );
  return waitForDrawn(page);
}

/** The plot's drawing area on screen (uPlot's overlay over the canvas). */
async function plotArea(page: Page) {
  const over = page.locator('[data-testid="chart-plot"] .u-over').first();
  const box = await over.boundingBox();
  if (box === null) throw new Error('the plot has no drawing area');
  return box;
}

/** Time and range of every chart data call the page makes. */
function recordDataCalls(page: Page) {
  const calls: { path: string; start: number; end: number; width: number }[] = [];
  const listener = (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/charts/data/') || url.pathname.endsWith('-date')) return;
    calls.push({
      path: url.pathname,
      start: Number(url.searchParams.get('startDate')),
      end: Number(url.searchParams.get('endDate')),
      width: Number(url.searchParams.get('width')),
    });
  };
  page.on('request', listener);
  return { calls, stop: () => page.off('request', listener) };
}

describe('charts', () => {
  let server: TestServer;
  let browser: Browser;
  let levels: PvRef[];
  let archive: ChartConfig;
  let axes: ChartConfig;
  let live: ChartConfig;

  /** A signed-in browser page on a path of the app. */
  async function signedIn(path: string): Promise<Page> {
    const { page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent(path)}`);
    await login.logIn('admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === path.split('?')[0], { timeout: 15_000 });
    return page;
  }

  beforeAll(async () => {
    server = await startAppServer();
    levels = levelPvs(server).slice(0, 3);
    // Four days of minutes for three tank levels. The archive charts span two local days: today
    // alone is empty just after midnight (the history ends at the last quarter hour), yesterday
    // is always complete, so the tests hold at any time of day.
    await writeChartHistory(server, levels, 4);
    const [first, second, third] = levels as [PvRef, PvRef, PvRef];
    archive = await createChart(server, {
      type: 'Measurement',
      title: 'Browsertest: Füllstände',
      timeSpanFactor: 2,
      timeSpanUnit: 'Day',
      series: [{ pv: first }, { pv: second }],
    });
    axes = await createChart(server, {
      type: 'Measurement',
      title: 'Browsertest: Achsen',
      timeSpanFactor: 2,
      timeSpanUnit: 'Day',
      series: [
        { pv: first, axisYIsLogarithmic: true, axisYLogarithmicBase: 10 },
        { pv: third, axisYReverse: true },
      ],
    });
    live = await createChart(server, {
      type: 'LiveMeasurement',
      title: 'Browsertest: Live',
      timeSpanFactor: 1,
      timeSpanUnit: 'Hour',
      series: [{ pv: first }],
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens an archive chart from the directory, zooms, adds an annotation that is still there after a reload', async () => {
    const page = await signedIn('/charts');
    await page.locator(`a[href="/charts/archive/${archive.id}"]`).click();
    await page.waitForURL(`**/charts/archive/${archive.id}*`);
    const opened = await waitForDrawn(page);
    // Two local days by the chart's config, yesterday and today (an hour less or more when the
    // clocks change), ending at midnight.
    expect(opened.end - opened.start).toBeGreaterThanOrEqual(47 * 3600_000 - 1);
    expect(opened.end - opened.start).toBeLessThanOrEqual(49 * 3600_000);
    expect(opened.end).toBeGreaterThan(Date.now());
    // The legend follows once the data is drawn.
    await page.getByTestId('chart-legend').waitFor({ state: 'visible' });
    for (const pv of levels.slice(0, 2)) {
      await expect(
        page.locator(`[data-testid="chart-legend"] [data-series-key="${key(pv)}"]`).count(),
      ).resolves.toBe(1);
    }

    // Drag-select over the middle third of the plot zooms the time axis to about that third.
    const box = await plotArea(page);
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 3, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, y, { steps: 5 });
    await page.mouse.move(box.x + (2 * box.width) / 3, y, { steps: 5 });
    await page.mouse.up();
    const span = opened.end - opened.start;
    // The view is in the address, so a reload keeps it.
    const zoomed = await waitForView(page, { spanBelow: span / 2 });
    expect((zoomed.end - zoomed.start) / span).toBeGreaterThan(0.25);
    expect((zoomed.end - zoomed.start) / span).toBeLessThan(0.42);
    expect(zoomed.start).toBeGreaterThan(opened.start);
    const url = new URL(page.url());
    expect(Number(url.searchParams.get('from'))).toBeCloseTo(zoomed.start, -3);
    expect(Number(url.searchParams.get('to'))).toBeCloseTo(zoomed.end, -3);

    // Add mode, a click on the plot, the dialog with that time: a text, save.
    const text = `Browsertest: Spülung ${Date.now()}`;
    await page.getByTestId('annotation-add').click();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 3);
    const dialog = page.getByTestId('annotation-dialog');
    await dialog.waitFor({ state: 'visible' });
    await dialog.locator('textarea').first().fill(text);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const marker = page.locator(`[data-testid="annotation-marker"][title="${text}"]`);
    await marker.waitFor({ state: 'visible' });
    const id = await marker.getAttribute('data-annotation-id');
    expect(Number(id)).toBeGreaterThan(0);
    // The server keeps it near the clicked time (the middle of the zoomed view).
    const saved = await server.services.domain.annotations.get(Number(id));
    expect(saved?.text).toBe(text);
    expect(Math.abs((saved?.timestamp ?? 0) - (zoomed.start + zoomed.end) / 2)).toBeLessThan(
      (zoomed.end - zoomed.start) / 20,
    );

    await page.reload();
    const reloaded = await waitForDrawn(page);
    expect(reloaded.start).toBeCloseTo(zoomed.start, -3);
    expect(reloaded.end).toBeCloseTo(zoomed.end, -3);
    await page
      .locator(`[data-testid="annotation-marker"][data-annotation-id="${id}"]`)
      .waitFor({ state: 'visible' });
    await expect(page.locator(`[data-annotation-id="${id}"]`).getAttribute('title')).resolves.toBe(text);
    await page.context().close();
  });

  it('moves a live chart on its own', async () => {
    const { context, page } = await newPage(browser);
    // The page's clock, under the test's control but running on by itself.
    await context.clock.install();
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent(`/charts/live/${live.id}`)}`);
    await login.logIn('admin', TEST_ADMIN_PASSWORD);
    const first = await waitForDrawn(page);
    expect(first.end - first.start).toBeGreaterThan(59 * 60_000);
    expect(first.end - first.start).toBeLessThan(61 * 60_000);
    // A few seconds before the minute changes: the view moves on the first tick in the next
    // minute, without waiting up to a minute for it. Timers are not run by the jump.
    const pageNow = await page.evaluate(() => Date.now());
    const nextMinute = Math.ceil((pageNow + 1) / 60_000) * 60_000;
    if (nextMinute - pageNow > 3000) await page.clock.setSystemTime(nextMinute - 3000);
    // Within three 2-second ticks after the minute changed, the range has moved forward.
    await page.waitForFunction(
      (end) =>
        Number(document.querySelector<HTMLElement>('[data-testid="chart-plot"]')?.dataset.rangeEnd) > end,
      first.end,
      { timeout: 3000 + 3 * 2000 + 2000 },
    );
    const moved = await plotState(page);
    expect(moved.end - moved.start).toBeCloseTo(first.end - first.start, -3);
    // …and new live points keep coming (one after more than 5 s).
    await page.waitForFunction(
      (points) =>
        Number(document.querySelector<HTMLElement>('[data-testid="chart-plot"]')?.dataset.points) > points,
      moved.points,
      { timeout: 3 * 2000 + 6000 },
    );
    await context.close();
  });

  it('shows the PVs of a PV list in a realtime trend line', async () => {
    const [first, , third] = levels as [PvRef, PvRef, PvRef];
    const path = `/charts/realtime-trendline?pv=${key(first)}&pv=${key(third)}`;
    const page = await signedIn(path);
    await waitForDrawn(page);
    const legend = page.getByTestId('chart-legend');
    await legend.waitFor({ state: 'visible' });
    const keys = await legend
      .locator('[data-series-key]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-series-key')));
    expect(keys).toEqual([key(first), key(third)]);
    // Each row has a toggle that hides its series.
    const toggle = legend.locator(`[data-series-key="${key(third)}"] button[aria-pressed]`).first();
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
    await page.context().close();
  });

  it('renders a logarithmic and a reversed value axis', async () => {
    const page = await signedIn(`/charts/archive/${axes.id}`);
    const drawn = await waitForDrawn(page);
    expect(drawn.points).toBeGreaterThan(0);
    const log = drawn.scales.filter((s) => s.distr === 'log');
    const reversed = drawn.scales.filter((s) => s.dir === -1);
    expect(log).toHaveLength(1);
    expect(reversed).toHaveLength(1);
    expect(log[0]?.key).not.toBe(reversed[0]?.key);
    expect(log[0]?.dir).toBe(1);
    expect(reversed[0]?.distr).toBe('linear');
    expect(log[0]?.min).toBeGreaterThan(0);
    await page.context().close();
  });

  it('regroups its value axes in place when a pan leaves the data and comes back', async () => {
    const page = await signedIn(`/charts/archive/${archive.id}?start=-P2D`);
    const before = await waitForDrawn(page);
    // The two tanks' levels differ: one axis each.
    expect(before.scales).toHaveLength(2);
    const shownAxes = () =>
      page.evaluate(() => {
        const plot = document.querySelector('[data-testid="chart-plot"]');
        const axes = Array.from(plot?.querySelectorAll('.u-axis') ?? []);
        // The time axis is the first.
        return axes.filter((a) => !a.classList.contains('u-off')).length - 1;
      });
    expect(await shownAxes()).toBe(2);
    await page.evaluate(() => {
      const root = document.querySelector('[data-testid="chart-plot"] .uplot');
      if (root) root.setAttribute('data-first-build', 'yes');
    });
    const box = await plotArea(page);
    const pan = async (widths: number) => {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.keyboard.down('Shift');
      for (let i = 0; i < Math.abs(widths); i++) await page.mouse.wheel(0, Math.sign(widths) * box.width);
      await page.keyboard.up('Shift');
    };
    // Three views of two days back: four days of history end there, no series has a point,
    // both share the default axis.
    await pan(-3);
    await page.waitForFunction(
      (from) => {
        const url = new URL(location.href);
        const screen = document.querySelector<HTMLElement>('[data-testid="chart-screen"]');
        const plot = document.querySelector<HTMLElement>('[data-testid="chart-plot"]');
        return (
          Number(url.searchParams.get('from')) < from &&
          screen?.dataset.viewStart === url.searchParams.get('from') &&
          screen?.dataset.state === 'done' &&
          JSON.parse(plot?.dataset.scales ?? '[]').length === 1
        );
      },
      before.start - 5 * 86_400_000,
      { timeout: 10_000 },
    );
    expect((await plotState(page)).points).toBe(0);
    expect(await shownAxes()).toBe(1);
    // Back where the data is: two axes again, on the same plot, never built anew.
    await pan(3);
    const back = await waitForView(page, { awayFrom: before.start - 5 * 86_400_000, by: 86_400_000 });
    expect(back.scales).toHaveLength(2);
    expect(await shownAxes()).toBe(2);
    expect(await page.locator('[data-testid="chart-plot"] .uplot').count()).toBe(1);
    expect(await page.locator('[data-testid="chart-plot"] .uplot[data-first-build="yes"]').count()).toBe(1);
    await page.context().close();
  });

  it('fetches only the missing range after a pan', async () => {
    const page = await signedIn(`/charts/archive/${archive.id}?start=-P2D`);
    const before = await waitForDrawn(page);
    const recorder = recordDataCalls(page);
    // Horizontal wheel pans; half the plot's width moves the view by half its range.
    const box = await plotArea(page);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.down('Shift');
    await page.mouse.wheel(0, box.width / 2);
    await page.keyboard.up('Shift');
    const span = before.end - before.start;
    const after = await waitForView(page, { awayFrom: before.start, by: span / 10 });
    recorder.stop();
    const shift = after.start - before.start;
    expect(Math.abs(shift)).toBeGreaterThan(span / 10);
    expect(after.end - after.start).toBeCloseTo(span, -3);
    const calls = recorder.calls.filter((c) => c.path === `/api/charts/data/${archive.id}`);
    expect(calls.length).toBeGreaterThan(0);
    // Every call lies in the newly uncovered part; together they cover about that part only.
    const slack = span / 100;
    for (const call of calls) {
      if (shift > 0) expect(call.start).toBeGreaterThanOrEqual(before.end - slack);
      else expect(call.end).toBeLessThanOrEqual(before.start + slack);
    }
    const fetched = calls.reduce((sum, c) => sum + (c.end - c.start), 0);
    expect(fetched).toBeLessThanOrEqual(Math.abs(shift) + 2 * slack);
    expect(fetched).toBeGreaterThanOrEqual(Math.abs(shift) - slack);
    // The width asked for is the new part's share of the plot's width, not the whole width.
    for (const call of calls) expect(call.width).toBeLessThan(box.width * 0.75);
    await page.context().close();
  });
});
