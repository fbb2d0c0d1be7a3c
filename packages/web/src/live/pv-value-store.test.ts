import type { ProcessValue } from '@leitwarte/core';
import { describe, expect, it, vi } from 'vitest';
import type { FrameScheduler } from './frame-scheduler';
import { PvValueStore } from './pv-value-store';

/** A scheduler whose frames run only when the test says so. */
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

const analog = (
  nr: number,
  value: number,
  timestamp = 1000,
  quality: ProcessValue['quality'] = 'Good',
): ProcessValue => ({
  pvRef: { type: 'AnaIn', nr },
  type: 'DoubleValue',
  doubleValue: value,
  quality,
  timestamp,
});

describe('PvValueStore', () => {
  it('applies queued batches once per frame, latest value per PV winning', () => {
    const frames = manualFrames();
    const store = new PvValueStore(frames.scheduler);
    const listener = vi.fn();
    store.subscribe('AnaIn-100001', listener);

    store.enqueue([analog(100001, 1, 1)]);
    store.enqueue([analog(100001, 2, 2)]);
    store.enqueue([analog(100001, 3, 3)]);

    expect(frames.pending()).toBe(1);
    expect(store.get('AnaIn-100001')).toBeUndefined();
    expect(listener).not.toHaveBeenCalled();

    frames.runFrame();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get('AnaIn-100001')).toMatchObject({ doubleValue: 3 });
  });

  it('notifies only the listeners of keys in the batch', () => {
    const frames = manualFrames();
    const store = new PvValueStore(frames.scheduler);
    const first = vi.fn();
    const second = vi.fn();
    store.subscribe('AnaIn-100001', first);
    store.subscribe('AnaIn-100002', second);

    store.enqueue([analog(100001, 5)]);
    frames.runFrame();

    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
  });

  it('does not notify when a value arrives unchanged', () => {
    const frames = manualFrames();
    const store = new PvValueStore(frames.scheduler);
    const listener = vi.fn();
    store.subscribe('AnaIn-100001', listener);

    store.enqueue([analog(100001, 5, 10)]);
    frames.runFrame();
    store.enqueue([analog(100001, 5, 10)]);
    frames.runFrame();
    expect(listener).toHaveBeenCalledTimes(1);

    // Same reading, new quality: that is a change the operator must see.
    store.enqueue([analog(100001, 5, 10, 'Bad')]);
    frames.runFrame();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('stops notifying after unsubscribe', () => {
    const frames = manualFrames();
    const store = new PvValueStore(frames.scheduler);
    const listener = vi.fn();
    const unsubscribe = store.subscribe('AnaIn-100001', listener);
    unsubscribe();
    store.enqueue([analog(100001, 5)]);
    frames.runFrame();
    expect(listener).not.toHaveBeenCalled();
  });

  it('seeds at once but never rolls a newer value back', () => {
    const frames = manualFrames();
    const store = new PvValueStore(frames.scheduler);
    const listener = vi.fn();
    store.subscribe('AnaIn-100001', listener);

    store.seed([analog(100001, 7, 200)]);
    expect(store.get('AnaIn-100001')).toMatchObject({ doubleValue: 7 });
    expect(listener).toHaveBeenCalledTimes(1);

    store.seed([analog(100001, 6, 100)]);
    expect(store.get('AnaIn-100001')).toMatchObject({ doubleValue: 7 });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(frames.pending()).toBe(0);
  });

  it('forgets everything on clear and drops queued values', () => {
    const frames = manualFrames();
    const store = new PvValueStore(frames.scheduler);
    const listener = vi.fn();
    store.subscribe('AnaIn-100001', listener);
    store.seed([analog(100001, 1)]);
    store.enqueue([analog(100001, 2, 2000)]);

    store.clear();
    expect(store.get('AnaIn-100001')).toBeUndefined();
    expect(frames.pending()).toBe(0);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
