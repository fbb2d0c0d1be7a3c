import { describe, expect, it } from 'vitest';
import { niceDistance, schematicMap } from './map-projection';

describe('schematic station map (map widget without tiles)', () => {
  it('rounds the scale bar to 1, 2 or 5 times a power of ten', () => {
    expect(niceDistance(740)).toBe(500);
    expect(niceDistance(1999)).toBe(1000);
    expect(niceDistance(2400)).toBe(2000);
    expect(niceDistance(0)).toBe(1);
  });

  it('keeps every station inside the drawing, north up and true to scale', () => {
    const points = [
      { latitude: 50.55, longitude: 9.6 },
      { latitude: 50.65, longitude: 9.7 },
      { latitude: 50.6, longitude: 9.65 },
    ];
    const map = schematicMap(points, 400, 260, 20);
    const projected = points.map(map.project);
    for (const p of projected) {
      expect(p.x).toBeGreaterThanOrEqual(20 - 1e-9);
      expect(p.x).toBeLessThanOrEqual(380 + 1e-9);
      expect(p.y).toBeGreaterThanOrEqual(20 - 1e-9);
      expect(p.y).toBeLessThanOrEqual(240 + 1e-9);
    }
    // North is up: the northern station is drawn higher.
    expect(projected[1]!.y).toBeLessThan(projected[0]!.y);
    // 0.1° of latitude is about 11.1 km; the scale bar says how many units a metre is.
    const unitsPerMetre = map.scaleBar.length / map.scaleBar.metres;
    const northSouth = (projected[0]!.y - projected[1]!.y) / unitsPerMetre;
    expect(northSouth).toBeGreaterThan(11_000);
    expect(northSouth).toBeLessThan(11_200);
    expect([1000, 2000, 5000, 10_000]).toContain(map.scaleBar.metres);
  });

  it('draws a single station in the middle', () => {
    const map = schematicMap([{ latitude: 50.6, longitude: 9.6 }], 400, 260);
    expect(map.project({ latitude: 50.6, longitude: 9.6 })).toEqual({ x: 200, y: 130 });
    expect(Number.isFinite(map.scaleBar.length)).toBe(true);
  });
});
