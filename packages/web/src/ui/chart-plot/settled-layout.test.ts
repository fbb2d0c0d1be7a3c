import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { computeLayout } from './plot-data';
import { useSettledLayout } from './settled-layout';
import { plotSeries } from './test-series';

const series = [plotSeries('a'), plotSeries('b')];
const layoutOf = (a: number[], b: number[]) => computeLayout(series, [[], a, b]);

describe('useSettledLayout', () => {
  it('keeps the axes of the last complete points while the next view loads, then takes the new ones', () => {
    const complete = layoutOf([0, 10], [0, 10]);
    const part = layoutOf([0, 10], [400, 500]);
    const done = layoutOf([0, 10], [300, 600]);
    const hook = renderHook(({ fresh, ready }) => useSettledLayout(series, fresh, ready), {
      initialProps: { fresh: complete, ready: true },
    });
    expect(hook.result.current).toBe(complete);
    expect(complete.groups).toHaveLength(1);

    hook.rerender({ fresh: part, ready: false });
    expect(hook.result.current).toBe(complete);

    hook.rerender({ fresh: done, ready: true });
    expect(hook.result.current).toBe(done);
    expect(done.groups).toHaveLength(2);

    // Loading again: the axes of `done` stay, not those of the first complete points.
    hook.rerender({ fresh: part, ready: false });
    expect(hook.result.current).toBe(done);
  });

  it('takes the new axes at once when the series themselves changed', () => {
    const first = layoutOf([0, 10], [0, 10]);
    const hook = renderHook(({ list, fresh, ready }) => useSettledLayout(list, fresh, ready), {
      initialProps: { list: series, fresh: first, ready: true },
    });
    const other = [plotSeries('a'), plotSeries('c')];
    const fresh = computeLayout(other, [[], [0, 10], [50, 60]]);
    hook.rerender({ list: other, fresh, ready: false });
    expect(hook.result.current).toBe(fresh);
  });
});
