/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/* global document, window, requestAnimationFrame, MutationObserver, HTMLInputElement, ResizeObserver */
// Functions run inside the page (page.evaluate): each is self-contained and measures with the
// page's own clock, from the user's input to the frame after the list has changed.

/** Sets a text field as typing would and waits for the summary to change and the next frame. */
export async function timeFilterInput({ value }) {
  const input = /** @type {HTMLInputElement} */ (
    [...document.querySelectorAll('input[aria-label="Wert"]')].at(-1)
  );
  const summary = document.querySelector('[data-testid="alerts-summary"]');
  const before = summary.textContent;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const changed = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (summary.textContent !== before) {
        observer.disconnect();
        resolve(undefined);
      }
    });
    observer.observe(summary, { childList: true, subtree: true, characterData: true });
  });
  const t0 = performance.now();
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await changed;
  await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  return { ms: performance.now() - t0, summary: summary.textContent };
}

/** Clicks a column header and waits for the first row to change and the next frame. */
export async function timeSort({ label }) {
  const grid = document.querySelector('[role="grid"]');
  const header = [...grid.querySelectorAll('[role="columnheader"]')].find((h) =>
    (h.textContent ?? '').trim().startsWith(label),
  );
  const button = /** @type {HTMLElement} */ (header.querySelector('button') ?? header);
  const firstRow = () => grid.querySelector('.data-list__body-row[aria-rowindex="2"]')?.textContent ?? '';
  const before = firstRow();
  const t0 = performance.now();
  button.click();
  for (let i = 0; i < 600 && firstRow() === before; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  return { ms: performance.now() - t0, changed: firstRow() !== before };
}

/** Scrolls an element by `step` px every frame for `frames` frames; returns the frame intervals. */
export async function scrollFrames({ selector, frames, step }) {
  const element = document.querySelector(selector);
  const longTasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const intervals = [];
  await new Promise((resolve) => {
    let last = 0;
    let n = 0;
    const tick = (now) => {
      if (last > 0) intervals.push(now - last);
      last = now;
      element.scrollTop += step;
      if (++n > frames) resolve(undefined);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  observer.disconnect();
  return { intervals, longTasks, scrollTop: element.scrollTop };
}

/** Records the summary text at every frame until it shows `target` loaded alerts (or times out). */
export async function watchSummaryFrames({ target, timeoutMs }) {
  const summary = document.querySelector('[data-testid="alerts-summary"]');
  const loaded = () => Number((summary.textContent.match(/[\d.]+/g) ?? []).at(-1)?.replace(/\./g, ''));
  const frames = [];
  const started = performance.now();
  document.body.dataset.burstReady = 'yes';
  await new Promise((resolve) => {
    let last = performance.now();
    const tick = (now) => {
      frames.push({ at: now, interval: now - last, loaded: loaded() });
      last = now;
      if (loaded() >= target || now - started > timeoutMs) resolve(undefined);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return frames;
}

/** Baseline: the same rows rendered as a plain table, every row in the DOM. */
export function renderPlainTable({ rows }) {
  const t0 = performance.now();
  const box = document.createElement('div');
  box.id = 'plain-table';
  box.style.cssText = 'height:600px;overflow:auto';
  const table = document.createElement('table');
  const body = document.createElement('tbody');
  for (const row of rows) {
    const tr = document.createElement('tr');
    for (const value of [
      new Date(row.comingAt).toLocaleString('de-DE'),
      row.station,
      row.message,
      row.description,
      row.priority,
      row.state,
    ]) {
      const td = document.createElement('td');
      td.textContent = String(value);
      tr.append(td);
    }
    body.append(tr);
  }
  table.append(body);
  box.append(table);
  document.body.replaceChildren(box);
  box.getBoundingClientRect();
  return performance.now() - t0;
}

/** Baseline: a naive filter (normalising every row's text at every call) and a naive sort. */
export function naiveFilterAndSort({ rows, needle }) {
  const norm = (s) => String(s).toLowerCase().replace(/\s+/g, ' ').trim();
  const t0 = performance.now();
  const filtered = rows.filter((row) => norm(row.message).includes(norm(needle)));
  const t1 = performance.now();
  const sorted = rows.slice().sort((a, b) => String(a.message).localeCompare(String(b.message), 'de'));
  const t2 = performance.now();
  return { filterMs: t1 - t0, sortMs: t2 - t1, matched: filtered.length, first: sorted[0]?.id };
}

/**
 * In the page: frame intervals and React commits per rendered frame for `ms`. Commits are counted
 * up to each frame's layout, not between two animation-frame callbacks: the page's frame batch
 * commits in its own animation-frame callback, which may run before or after this watcher's in a
 * given frame (callbacks run in the order they were requested), so counting between the watcher's
 * callbacks can put two frames' commits into one interval. A ResizeObserver's callback runs in every
 * rendering update after all animation-frame callbacks and their microtasks; the watcher resizes a
 * one-pixel marker each frame so that it fires in every frame, and what was committed since the
 * last one is what this frame shows.
 */
export async function watchFrames({ ms }) {
  const hook = /** @type {any} */ (window).__benchCommits;
  const intervals = [];
  const perFrame = [];
  // Main-thread tasks over 50 ms: script and layout, as against frames long for painting.
  const longTasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const marker = document.createElement('div');
  marker.style.cssText = 'position:fixed;left:-10px;top:0;width:1px;height:1px;pointer-events:none';
  document.body.append(marker);
  let counting = false;
  const rendered = new ResizeObserver(() => {
    if (counting) perFrame.push(hook.count);
    hook.count = 0;
  });
  rendered.observe(marker);
  await new Promise((resolve) => {
    const start = performance.now();
    let last = start;
    let wide = false;
    const tick = (now) => {
      intervals.push(now - last);
      last = now;
      counting = true;
      wide = !wide;
      marker.style.width = wide ? '2px' : '1px';
      if (now - start > ms) resolve(undefined);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  // The last frame's layout.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  rendered.disconnect();
  marker.remove();
  observer.disconnect();
  return { intervals, perFrame, longTasks };
}

/** Before the app loads: a devtools hook that only counts React's commits. */
export function countCommits() {
  const counter = { count: 0, total: 0 };
  /** @type {any} */ (window).__benchCommits = counter;
  /** @type {any} */ (window).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberRoot: () => {
      counter.count += 1;
      counter.total += 1;
    },
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
  };
}
