import {
  advanceLiveWindow,
  LIVE_TICK_MS,
  pvKey,
  shouldAddLivePoint,
  type ProcessValue,
  type TimeWindow,
} from '@leitwarte/core';
import { useEffect, useRef, useState } from 'react';
import { frameBatch } from '../../live/frame-batch';
import { pvHub } from '../../live/pv-hub';
import { pvValueStore } from '../../live/pv-value-store';
import { liveWindowAt } from './chart-range';
import type { DataSeries, LiveTail } from './use-chart-data';

/** The number a chart draws of a live value; null for values without one or of bad quality. */
export function chartValueOf(value: ProcessValue | undefined): number | null {
  if (!value || value.quality === 'Bad') return null;
  switch (value.type) {
    case 'DoubleValue':
      return value.doubleValue;
    case 'BoolValue':
      return value.boolValue ? 1 : 0;
    case 'CounterValue':
      return value.counterValue.value;
    case 'FailureStateValue':
      return value.failureStateValue;
    default:
      return null;
  }
}

const tickers = new Set<() => void>();
let clock: ReturnType<typeof setInterval> | null = null;
let tickFrame: number | null = null;

function tickAll(): void {
  tickFrame = null;
  for (const ticker of [...tickers]) ticker();
}

/**
 * Runs `ticker` every live tick until the returned function is called. All live charts of the page
 * tick on one clock, in the page's frame batch: the charts that move together and the values that
 * arrive in the same frame are rendered and committed once.
 */
function onLiveTick(ticker: () => void): () => void {
  tickers.add(ticker);
  clock ??= setInterval(() => {
    tickFrame ??= frameBatch.request(tickAll);
  }, LIVE_TICK_MS);
  return () => {
    tickers.delete(ticker);
    if (tickers.size > 0 || clock === null) return;
    clearInterval(clock);
    clock = null;
    if (tickFrame !== null) frameBatch.cancel(tickFrame);
    tickFrame = null;
  };
}

/**
 * A live chart's motion (screens §4): while `enabled`, every 2-second tick moves the view forward
 * when the minute changed (to the end of the new minute, see liveWindowAt), and adds the current value of each series showing current values
 * (Aktuell) when more than 5 s passed since its last point. The values come from the PV channel,
 * subscribed while the chart follows them.
 */
export function useLiveChart(options: {
  enabled: boolean;
  series: readonly DataSeries[];
  view: TimeWindow;
  setView: (update: (view: TimeWindow) => TimeWindow) => void;
  lastPointAt: (key: string) => number | null;
}): LiveTail {
  const { enabled, series, view, setView, lastPointAt } = options;
  const [tail, setTail] = useState<LiveTail>(() => new Map());
  const latest = useRef({ series, view, setView, lastPointAt });
  useEffect(() => {
    latest.current = { series, view, setView, lastPointAt };
  });
  const refsKey = series.map((s) => pvKey(s.pv)).join(',');

  useEffect(() => {
    if (!enabled || refsKey === '') return;
    const refs = latest.current.series.map((s) => s.pv);
    const release = pvHub.acquire();
    void pvHub.subscribe(refs).catch(() => {});
    return () => {
      pvHub.unsubscribe(refs);
      release();
    };
  }, [enabled, refsKey]);

  useEffect(() => {
    if (!enabled) return;
    return onLiveTick(() => {
      const now = Date.now();
      const current = latest.current;
      const moved = (view: TimeWindow) => {
        const next = advanceLiveWindow(view, now);
        return next === view ? view : liveWindowAt(view.end - view.start, now);
      };
      current.setView(moved);
      const windowStart = moved(current.view).start;
      const added: { key: string; v: number }[] = [];
      for (const s of current.series) {
        if (s.measurementType !== 'Aktuell') continue;
        const v = chartValueOf(pvValueStore.get(pvKey(s.pv)));
        if (v !== null && shouldAddLivePoint(current.lastPointAt(s.key), now)) added.push({ key: s.key, v });
      }
      if (added.length === 0) return;
      setTail((previous) => {
        const next = new Map(previous);
        for (const { key, v } of added) {
          const old = next.get(key) ?? { t: [], v: [] };
          // Points that left the view are dropped, so the tail stays short.
          const from = old.t.findIndex((t) => t >= windowStart);
          const keep = from < 0 ? old.t.length : from;
          next.set(key, { t: [...old.t.slice(keep), now], v: [...old.v.slice(keep), v] });
        }
        return next;
      });
    });
  }, [enabled]);

  return tail;
}
