import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDrawingWidth } from './drawing-width';

// 800 pixels of 1 s each: 790 pixels are on the same resolution level, 80 on another.
const view = { start: 1_000_000, end: 1_800_000 };

describe('useDrawingWidth', () => {
  it('takes the first width and one on another level at once, one on the same level after the frame', async () => {
    const { result } = renderHook(() => useDrawingWidth(view));
    act(() => result.current[1](800));
    expect(result.current[0]).toBe(800);
    act(() => result.current[1](790));
    expect(result.current[0]).toBe(800);
    await waitFor(() => expect(result.current[0]).toBe(790));
    act(() => result.current[1](80));
    expect(result.current[0]).toBe(80);
  });

  it('leaves a waiting width behind once another level came', async () => {
    const { result } = renderHook(() => useDrawingWidth(view));
    act(() => result.current[1](800));
    act(() => {
      result.current[1](790);
      result.current[1](80);
    });
    expect(result.current[0]).toBe(80);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current[0]).toBe(80);
  });
});
