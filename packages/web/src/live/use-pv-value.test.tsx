import type { ProcessValue } from '@leitwarte/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FrameScheduler } from './frame-scheduler';
import { PvValueStore } from './pv-value-store';
import { usePvValue } from './use-pv-value';

afterEach(cleanup);

const noFrames: FrameScheduler = { request: () => 1, cancel: () => {} };

const value = (nr: number, doubleValue: number): ProcessValue => ({
  pvRef: { type: 'AnaIn', nr },
  type: 'DoubleValue',
  doubleValue,
  quality: 'Good',
  timestamp: doubleValue,
});

describe('usePvValue', () => {
  it('re-renders only the cells whose PV changed', () => {
    const store = new PvValueStore(noFrames);
    const renders = new Map<string, number>();
    function Cell({ pv }: { pv: string }) {
      renders.set(pv, (renders.get(pv) ?? 0) + 1);
      const current = usePvValue(pv, store);
      return <span data-testid={pv}>{current?.type === 'DoubleValue' ? current.doubleValue : '–'}</span>;
    }
    render(
      <>
        <Cell pv="AnaIn-1" />
        <Cell pv="AnaIn-2" />
        <Cell pv="AnaIn-3" />
      </>,
    );
    expect(renders.get('AnaIn-2')).toBe(1);

    act(() => {
      store.enqueue([value(2, 10), value(2, 11)]);
      store.flush();
    });

    expect(screen.getByTestId('AnaIn-2').textContent).toBe('11');
    expect(renders.get('AnaIn-2')).toBe(2);
    expect(renders.get('AnaIn-1')).toBe(1);
    expect(renders.get('AnaIn-3')).toBe(1);
  });
});
