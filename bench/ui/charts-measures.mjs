/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/* global document, requestAnimationFrame, MutationObserver, WheelEvent, MouseEvent, HTMLElement, Path2D, window */
// Functions run inside the page (page.evaluate): each is self-contained and measures with the
// page's own clock.

/**
 * Clicks a link of the chart directory and waits until the chart screen says all its data is
 * there (data-state done) and the plot has drawn points; `painted` is after the next frame.
 * `calls` are the requests made after the click (resource timing: start and last byte, ms after
 * the click, and the server's timing where it reports one), to see which waits on which.
 */
export async function timeOpenChart({ href, timeoutMs }) {
  const link = /** @type {HTMLAnchorElement | null} */ (document.querySelector(`a[href="${href}"]`));
  if (!link) throw new Error(`no link ${href}`);
  const ready = () => {
    const screen = /** @type {HTMLElement | null} */ (document.querySelector('[data-testid="chart-screen"]'));
    const plot = /** @type {HTMLElement | null} */ (document.querySelector('[data-testid="chart-plot"]'));
    return (
      screen?.dataset.state === 'done' &&
      Number(plot?.dataset.points ?? 0) > 0 &&
      Number(plot?.dataset.draws ?? 0) > 0
    );
  };
  performance.clearResourceTimings();
  const t0 = performance.now();
  const readyAt = await new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (ready()) {
        observer.disconnect();
        clearTimeout(timer);
        resolve(performance.now());
      }
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`chart not shown within ${timeoutMs} ms`));
    }, timeoutMs);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    link.click();
  });
  // After the frame that shows it: the callback after requestAnimationFrame runs once painted.
  await new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(undefined);
      channel.port2.postMessage(null);
    }),
  );
  const paintedAt = performance.now();
  const plot = /** @type {HTMLElement} */ (document.querySelector('[data-testid="chart-plot"]'));
  const calls = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'))
    .filter((e) => e.startTime >= t0)
    .map((e) => ({
      path: new URL(e.name).pathname,
      startMs: e.startTime - t0,
      endMs: e.responseEnd - t0,
      // The server's own part, where it says (Server-Timing: ms by name).
      server: Object.fromEntries((e.serverTiming ?? []).map((s) => [s.name, s.duration])),
    }));
  return {
    calls,
    readyMs: readyAt - t0,
    paintedMs: paintedAt - t0,
    draws: Number(plot.dataset.draws),
    points: Number(plot.dataset.points),
    width: plot.getBoundingClientRect().width,
  };
}

/**
 * Records requestAnimationFrame intervals for `ms`; with `wheel`, every frame sends a wheel event
 * to the plot: zooming in and out around its middle and panning (shift+wheel) forth and back.
 */
export async function wheelFrames({ ms, wheel }) {
  const plot = /** @type {HTMLElement} */ (document.querySelector('[data-testid="chart-plot"]'));
  const box = (plot.querySelector('.u-over') ?? plot).getBoundingClientRect();
  const clientX = box.left + box.width / 2;
  const clientY = box.top + box.height / 2;
  // Zoom in twice, out twice, pan forward twice, back twice: the view ends where it began.
  const pattern = [
    { deltaY: -100, shiftKey: false },
    { deltaY: -100, shiftKey: false },
    { deltaY: 100, shiftKey: false },
    { deltaY: 100, shiftKey: false },
    { deltaY: 100, shiftKey: true },
    { deltaY: 100, shiftKey: true },
    { deltaY: -100, shiftKey: true },
    { deltaY: -100, shiftKey: true },
  ];
  const longTasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const startRange = plot.dataset.rangeStart;
  const drawsBefore = Number(plot.dataset.draws ?? 0);
  const intervals = [];
  let rangesSeen = 0;
  let lastRange = `${plot.dataset.rangeStart}-${plot.dataset.rangeEnd}`;
  await new Promise((resolve) => {
    const started = performance.now();
    let last = 0;
    let n = 0;
    const tick = (now) => {
      if (last > 0) intervals.push(now - last);
      last = now;
      const range = `${plot.dataset.rangeStart}-${plot.dataset.rangeEnd}`;
      if (range !== lastRange) rangesSeen++;
      lastRange = range;
      if (wheel) {
        const step = pattern[n % pattern.length];
        // Looked up each time: a plot built anew (other axes) has another drawing area.
        const target = plot.querySelector('.u-over') ?? plot;
        target.dispatchEvent(
          new WheelEvent('wheel', {
            deltaY: step.deltaY,
            deltaMode: 0,
            shiftKey: step.shiftKey,
            clientX,
            clientY,
            bubbles: true,
            cancelable: true,
          }),
        );
      }
      n++;
      if (now - started >= ms) resolve(undefined);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  observer.disconnect();
  return {
    intervals,
    longTasks,
    rangeChanges: rangesSeen,
    draws: Number(plot.dataset.draws ?? 0) - drawsBefore,
    backAtStart: plot.dataset.rangeStart === startRange,
  };
}

/** Back to the chart's own range, as a double click on the plot does. */
export function resetPlotView() {
  const over = document.querySelector('[data-testid="chart-plot"] .u-over');
  over?.dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
}

/**
 * Zoom and pan gestures as an operator makes them: each gesture sends one wheel event per frame
 * for `steps` frames, then rests for `restMs`, in which the plot reports the settled range and
 * the data of the new view arrives and is drawn. Records every frame interval (gesture and
 * rest), where the slow ones (over `slowMs`) fell, the long tasks and how often the plot was
 * built anew.
 */
export async function gestureFrames({ gestures, slowMs }) {
  const plot = /** @type {HTMLElement} */ (document.querySelector('[data-testid="chart-plot"]'));
  const intervals = [];
  const slow = [];
  const longTasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  let rebuilds = 0;
  const built = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof HTMLElement && node.classList.contains('uplot')) rebuilds++;
  });
  built.observe(plot, { childList: true, subtree: true });
  const drawsBefore = Number(plot.dataset.draws ?? 0);
  for (const gesture of gestures) {
    const target = /** @type {HTMLElement} */ (plot.querySelector('.u-over') ?? plot);
    const box = target.getBoundingClientRect();
    await new Promise((resolve) => {
      let n = 0;
      let last = 0;
      let started = 0;
      const tick = (now) => {
        if (last > 0) {
          intervals.push(now - last);
          if (now - last > slowMs)
            slow.push(n <= gesture.steps ? gesture.name : `rest after ${gesture.name}`);
        }
        last = now;
        if (started === 0) started = now;
        if (n < gesture.steps)
          target.dispatchEvent(
            new WheelEvent('wheel', {
              deltaY: gesture.deltaY,
              deltaMode: 0,
              shiftKey: gesture.shiftKey,
              clientX: box.left + box.width * gesture.at,
              clientY: box.top + box.height / 2,
              bubbles: true,
              cancelable: true,
            }),
          );
        n++;
        if (n > gesture.steps && now - started >= gesture.steps * 16.7 + gesture.restMs) resolve(undefined);
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  }
  observer.disconnect();
  built.disconnect();
  return { intervals, slow, longTasks, rebuilds, draws: Number(plot.dataset.draws ?? 0) - drawsBefore };
}

/**
 * Draws two data sets with identical uPlot options into canvases of the same size (device
 * pixel ratio 1, no axes, legend or cursor, so the plot area is the canvas) and counts the
 * pixels that differ. Needs uPlot loaded in the page (window.uPlot).
 */
export async function comparePlots({ a, b, width, height, start, end, shiftPx = 0, traceB = null }) {
  /** @typedef {{ ctx: CanvasRenderingContext2D; bbox: { width: number } }} Drawn */
  const UPlot = /** @type {{ uPlot: new (o: object, d: number[][], el: HTMLElement) => Drawn }} */ (
    /** @type {unknown} */ (window)
  ).uPlot;
  const all = a.v.concat(b.v);
  let min = Infinity;
  let max = -Infinity;
  for (const v of all) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const shift = ((end - start) / width) * shiftPx;
  // `traceB`: the source of the chart's column tracing (traceByPixelColumn), to draw `b` as the
  // chart screens draw a line.
  const trace = traceB === null ? null : new Function(`return (${traceB})`)();
  const traced = (u, seriesIdx, idx0, idx1) => {
    const path = new Path2D();
    const xs = u.data[0];
    const values = u.data[seriesIdx];
    trace(
      idx0,
      idx1,
      (i) => Math.round(u.valToPos(xs[i], 'x', true)),
      (i) => values[i],
      (v) => Math.round(u.valToPos(v, 'y', true)),
      (x, y) => path.lineTo(x, y),
    );
    return { stroke: path, fill: null, clip: null, band: null, flags: 0 };
  };
  const draw = (data, paths) =>
    new Promise((resolve) => {
      const host = document.createElement('div');
      document.body.append(host);
      const options = {
        width,
        height,
        pxAlign: 1,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false, range: () => [start + shift, end + shift] },
          y: { range: () => [min, max] },
        },
        axes: [{ show: false }, { show: false }],
        series: [{}, { stroke: '#1f77b4', width: 1, points: { show: false }, ...(paths ? { paths } : {}) }],
        hooks: { draw: [(u) => resolve(u)] },
      };
      new UPlot(options, [data.t, data.v], host);
    });
  const [ua, ub] = /** @type {Drawn[]} */ (await Promise.all([draw(a, null), draw(b, trace && traced)]));
  const pa = ua.ctx.getImageData(0, 0, ua.ctx.canvas.width, ua.ctx.canvas.height).data;
  const pb = ub.ctx.getImageData(0, 0, ub.ctx.canvas.width, ub.ctx.canvas.height).data;
  const w = ua.ctx.canvas.width;
  const h = ua.ctx.canvas.height;
  // Ink of one drawing that the other has nowhere within one pixel: a line that moved, not a
  // different shade of the same line.
  const inkNear = (p, x, y) => {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx >= 0 && yy >= 0 && xx < w && yy < h && p[(yy * w + xx) * 4 + 3] !== 0) return true;
      }
    }
    return false;
  };
  let differing = 0;
  let inked = 0;
  let displaced = 0;
  for (let i = 0; i < pa.length; i += 4) {
    const inA = pa[i + 3] !== 0;
    const inB = pb[i + 3] !== 0;
    if (inA || inB) inked++;
    if (pa[i] !== pb[i] || pa[i + 1] !== pb[i + 1] || pa[i + 2] !== pb[i + 2] || pa[i + 3] !== pb[i + 3]) {
      differing++;
      const x = (i / 4) % w;
      const y = Math.floor(i / 4 / w);
      if ((inA && !inkNear(pb, x, y)) || (inB && !inkNear(pa, x, y))) displaced++;
    }
  }
  return {
    differing,
    displaced,
    inked,
    pixels: pa.length / 4,
    canvas: `${ua.ctx.canvas.width}×${ua.ctx.canvas.height}`,
    plotWidth: ua.bbox.width,
    pxRatio: window.devicePixelRatio,
  };
}
