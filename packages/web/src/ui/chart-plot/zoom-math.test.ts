import { describe, expect, it } from 'vitest';
import { isClick, panByPixels, wheelPixels, wheelZoomFactor, zoomAround, zoomAroundLog } from './zoom-math';

describe('zoom math', () => {
  it('zooms around the anchor so it keeps its place', () => {
    const zoomed = zoomAround({ min: 0, max: 100 }, 25, 0.5);
    expect(zoomed).toEqual({ min: 12.5, max: 62.5 });
    expect((25 - zoomed.min) / (zoomed.max - zoomed.min)).toBeCloseTo(0.25);
  });

  it('does not zoom in below the narrowest span', () => {
    const zoomed = zoomAround({ min: 0, max: 2 }, 1, 0.01, 1);
    expect(zoomed.max - zoomed.min).toBe(1);
  });

  it('zooms a logarithmic range on its exponents', () => {
    const zoomed = zoomAroundLog({ min: 1, max: 10_000 }, 100, 0.5);
    expect(zoomed.min).toBeCloseTo(10);
    expect(zoomed.max).toBeCloseTo(1000);
  });

  it('turns wheel travel into a span factor: down zooms out, up zooms in', () => {
    expect(wheelZoomFactor(400)).toBe(2);
    expect(wheelZoomFactor(-400)).toBe(0.5);
    expect(wheelZoomFactor(0)).toBe(1);
    expect(wheelPixels(3, 1, 500)).toBe(48);
    expect(wheelPixels(1, 2, 500)).toBe(500);
    expect(wheelPixels(7, 0, 500)).toBe(7);
  });

  it('pans by a share of the span per pixel', () => {
    expect(panByPixels({ min: 0, max: 100 }, 50, 500)).toEqual({ min: 10, max: 110 });
    expect(panByPixels({ min: 0, max: 100 }, -50, 500)).toEqual({ min: -10, max: 90 });
    expect(panByPixels({ min: 0, max: 100 }, 50, 0)).toEqual({ min: 0, max: 100 });
  });

  it('tells a click from a drag', () => {
    expect(isClick(10, 10, 12, 13)).toBe(true);
    expect(isClick(10, 10, 30, 10)).toBe(false);
  });
});
