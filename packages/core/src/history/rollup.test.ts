import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUARTER_HOUR_MS } from './archive.js';
import { measurementOf, mergeRollups, rollupMean, rollupOf, rollupSamples, type Rollup } from './rollup.js';
import { quarterHourStart } from './periods.js';

// Issue "Historian": rollups hold last (Aktuell), mean, min, max and count (screens §3 measurement types).

const samples = fc.array(
  fc.record({
    t: fc.integer({ min: 0, max: 10 * QUARTER_HOUR_MS }),
    v: fc.double({ min: -1e3, max: 1e3, noNaN: true }),
  }),
  { minLength: 1, maxLength: 200 },
);

/** The direct computation the rollups must equal. */
function direct(all: { t: number; v: number }[], period: number) {
  const rows = all.filter((s) => quarterHourStart(s.t) === period);
  const sorted = [...rows].sort((a, b) => a.t - b.t);
  return {
    count: rows.length,
    mean: rows.reduce((a, s) => a + s.v, 0) / rows.length,
    min: Math.min(...rows.map((s) => s.v)),
    max: Math.max(...rows.map((s) => s.v)),
    first: sorted[0]?.t,
    lastT: sorted[sorted.length - 1]?.t,
  };
}

describe('rollups', () => {
  it('equal a direct computation, in any arrival order and split into any batches', () => {
    fc.assert(
      fc.property(samples, fc.integer({ min: 1, max: 50 }), (all, batch) => {
        // Incremental: rollups of batches merged, as ingest does.
        const merged = new Map<number, Rollup>();
        for (let i = 0; i < all.length; i += batch) {
          for (const r of rollupSamples(all.slice(i, i + batch), quarterHourStart)) {
            const old = merged.get(r.t);
            merged.set(r.t, old ? mergeRollups(old, r) : r);
          }
        }
        for (const r of merged.values()) {
          const d = direct(all, r.t);
          expect(r.count).toBe(d.count);
          expect(rollupMean(r)).toBeCloseTo(d.mean, 6);
          // -0 and 0 are the same reading: of a tie between them either is the minimum and the
          // maximum, so the sign of zero is folded (x + 0 turns -0 into 0) before comparing.
          expect(measurementOf(r, 'Minwert') + 0).toBe(d.min + 0);
          expect(measurementOf(r, 'Maxwert') + 0).toBe(d.max + 0);
          expect(r.firstT).toBe(d.first);
          expect(r.lastT).toBe(d.lastT);
          expect(all.filter((s) => s.t === r.lastT).map((s) => s.v)).toContain(measurementOf(r, 'Aktuell'));
          expect(all).toContainEqual({ t: r.minT, v: r.minV });
          expect(all).toContainEqual({ t: r.maxT, v: r.maxV });
        }
        expect([...merged.keys()].sort()).toEqual([...new Set(all.map((s) => quarterHourStart(s.t)))].sort());
      }),
    );
  });

  it('takes the later arrival as Aktuell at equal times', () => {
    const r = rollupOf(0, 5, 1);
    const merged = mergeRollups(r, rollupOf(0, 5, 2));
    expect(measurementOf(merged, 'Aktuell')).toBe(2);
    expect(measurementOf(merged, 'Mittelwert')).toBe(1.5);
  });
});
