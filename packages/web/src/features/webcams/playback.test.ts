import { describe, expect, it } from 'vitest';
import { frameDelayMs, nextPlaying, preloadIndexes, stepIndex } from './playback';

describe('webcam playback', () => {
  it('shows 1 to 60 images a second', () => {
    expect(frameDelayMs(1)).toBe(1000);
    expect(frameDelayMs(60)).toBeCloseTo(16.67, 1);
  });
  it('steps inside the archive and stops playing at its end', () => {
    expect(stepIndex(0, -1, 12)).toBe(0);
    expect(stepIndex(10, 5, 12)).toBe(11);
    expect(stepIndex(3, 1, 0)).toBe(0);
    expect(nextPlaying(10, 12)).toBe(11);
    expect(nextPlaying(11, 12)).toBeNull();
  });
  it('loads as many images ahead as are shown in a second, at least two', () => {
    expect(preloadIndexes(0, 12, 1)).toEqual([1, 2]);
    expect(preloadIndexes(5, 12, 10)).toEqual([6, 7, 8, 9, 10, 11]);
    expect(preloadIndexes(11, 12, 5)).toEqual([]);
  });
});
