import { describe, expect, it } from 'vitest';
import { heatColour, heatGrid, localMidnight } from './heat-map-grid';

describe('heat map of quarter-hour values (screens §2 HeatMap)', () => {
  const now = new Date(2026, 5, 10, 15, 20).getTime();
  const at = (day: number, hour: number, minute: number) => new Date(2026, 5, day, hour, minute).getTime();

  it('averages the quarter-hours of each hour by day, oldest day first', () => {
    const grid = heatGrid(
      [
        { timestamp: at(10, 14, 0), value: 1 },
        { timestamp: at(10, 14, 15), value: 2 },
        { timestamp: at(10, 14, 30), value: 3 },
        { timestamp: at(10, 14, 45), value: null },
        { timestamp: at(9, 0, 0), value: 7 },
        { timestamp: at(1, 0, 0), value: 99 },
      ],
      now,
      2,
    );
    expect(grid.days).toEqual([localMidnight(at(9, 0, 0)), localMidnight(now)]);
    expect(grid.cells).toHaveLength(48);
    expect(grid.cells.find((c) => c.day === 1 && c.hour === 14)!.value).toBe(2);
    expect(grid.cells.find((c) => c.day === 0 && c.hour === 0)!.value).toBe(7);
    expect(grid.cells.filter((c) => c.value !== null)).toHaveLength(2);
    expect([grid.min, grid.max]).toEqual([2, 7]);
  });

  it('has no values and no range without data', () => {
    const grid = heatGrid([], now, 7);
    expect(grid.cells.every((c) => c.value === null)).toBe(true);
    expect(grid.min).toBeNull();
  });

  it('colours low blue and high red, clamped to the scale', () => {
    expect(heatColour(0, 0, 4)).toBe('hsl(240 75% 50%)');
    expect(heatColour(4, 0, 4)).toBe('hsl(0 75% 50%)');
    expect(heatColour(9, 0, 4)).toBe('hsl(0 75% 50%)');
    expect(heatColour(2, 2, 2)).toBe('hsl(120 75% 50%)');
  });
});
