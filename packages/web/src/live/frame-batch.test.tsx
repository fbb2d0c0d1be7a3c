import type { ProcessValue } from '@leitwarte/core';
import { cleanup, render, screen } from '@testing-library/react';
import { Profiler, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FrameBatch } from './frame-batch';
import type { FrameScheduler } from './frame-scheduler';
import { PvValueStore } from './pv-value-store';
import { usePvValue } from './use-pv-value';

type ActGlobal = typeof globalThis & { IS_REACT_ACT_ENVIRONMENT?: boolean };
const actEnvironment = (globalThis as ActGlobal).IS_REACT_ACT_ENVIRONMENT;
afterEach(() => {
  cleanup();
  (globalThis as ActGlobal).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});

/** Frames that run only when the test says so; each queued callback is its own frame callback. */
function manualFrames() {
  const callbacks = new Map<number, () => void>();
  let next = 1;
  const scheduler: FrameScheduler = {
    request: (callback) => {
      callbacks.set(next, callback);
      return next++;
    },
    cancel: (handle) => callbacks.delete(handle),
  };
  return {
    scheduler,
    pending: () => callbacks.size,
    runFrame: () => {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const callback of due) callback();
    },
  };
}

const value = (nr: number, doubleValue: number): ProcessValue => ({
  pvRef: { type: 'AnaIn', nr },
  type: 'DoubleValue',
  doubleValue,
  quality: 'Good',
  timestamp: doubleValue,
});

const macrotask = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('FrameBatch', () => {
  it('asks for one frame however many callbacks are queued, and forgets cancelled ones', () => {
    const frames = manualFrames();
    const batch = new FrameBatch(frames.scheduler);
    const ran: string[] = [];
    batch.request(() => ran.push('a'));
    const b = batch.request(() => ran.push('b'));
    batch.request(() => ran.push('c'));
    expect(frames.pending()).toBe(1);
    batch.cancel(b);
    frames.runFrame();
    expect(ran).toEqual(['a', 'c']);
    expect(frames.pending()).toBe(0);
    const only = batch.request(() => ran.push('d'));
    batch.cancel(only);
    expect(frames.pending()).toBe(0);
  });

  it('commits the values and the other live updates of one frame in one React commit, in that frame', async () => {
    // As in the browser: React schedules updates itself instead of leaving them to act().
    (globalThis as ActGlobal).IS_REACT_ACT_ENVIRONMENT = false;
    const frames = manualFrames();
    const batch = new FrameBatch(frames.scheduler);
    const store = new PvValueStore(batch);
    let commits = 0;
    let setTick: (n: number) => void = () => {};
    function Cell({ pv }: { pv: string }) {
      const current = usePvValue(pv, store);
      return <span data-testid={pv}>{current?.type === 'DoubleValue' ? current.doubleValue : '–'}</span>;
    }
    function Ticker() {
      const [tick, set] = useState(0);
      setTick = set;
      return <span data-testid="tick">{tick}</span>;
    }
    render(
      <Profiler id="dashboard" onRender={() => (commits += 1)}>
        <Cell pv="AnaIn-1" />
        <Cell pv="AnaIn-2" />
        <Ticker />
      </Profiler>,
    );
    await macrotask();
    const before = commits;

    store.enqueue([value(1, 10)]);
    store.enqueue([value(2, 20)]);
    batch.request(() => setTick(1));
    frames.runFrame();

    // Drawn in the frame itself, with one commit for all three changes.
    expect(commits - before).toBe(1);
    expect(screen.getByTestId('AnaIn-1').textContent).toBe('10');
    expect(screen.getByTestId('AnaIn-2').textContent).toBe('20');
    expect(screen.getByTestId('tick').textContent).toBe('1');
    await macrotask();
    expect(commits - before).toBe(1);
  });
});
