// The simulator continues the archive (issue 20 "Values that look wrong"): a restart resumes from
// the last archived state instead of the definition's starting values, a day minimum has no value
// before the day's first reading, and on an empty archive the simulator tells the past week it ran
// and goes on live from its end.
import { describe, expect, it } from 'vitest';
import { primaryValue, pvKey, type ProcessValue } from '@leitwarte/core';
import { DEMO_PLANT_PATH, loadPlantDefinition } from '../../plant/index.js';
import type { ArchivedValue } from '../data-source.js';
import { createSimulator } from './simulator.js';
import { QUIET_RATES } from './options.js';

const demo = loadPlantDefinition(DEMO_PLANT_PATH);
/** PVs of the stations on a permanent line: a dial-up station's values come when it calls in. */
const onLine = new Set(demo.stations.filter((s) => s.connection === 'permanent').map((s) => s.number));
const permanentPvs = demo.pvs.filter((pv) => onLine.has(pv.station)).length;
/** 10 June 2025, 10:00 in Berlin. */
const T0 = Date.UTC(2025, 5, 10, 8, 0, 0);

const K = {
  rwbLevel: 'AnaIn-100010',
  hbLevel: 'AnaIn-200010',
  hbDayMin: 'MinMax-2010',
  hbDayMax: 'MinMax-2011',
  hbSwitchOn: 'AnaOut-200010',
  netzpumpe1Running: 'DigiIn-100030',
  netzpumpe2Running: 'DigiIn-100033',
  ruebLevel: 'AnaIn-900010',
} as const;

function simulator(start = T0, seed = 42) {
  let t = start;
  const sim = createSimulator(demo, { seed, rates: QUIET_RATES, now: () => t, autoTick: false });
  const latest = new Map<string, ProcessValue>();
  const firstImage: ProcessValue[] = [];
  sim.onValues((batch) => {
    if (firstImage.length === 0) firstImage.push(...batch);
    for (const v of batch) latest.set(pvKey(v.pvRef), v);
  });
  return {
    sim,
    latest,
    firstImage,
    num: (key: string) => Number(primaryValue(latest.get(key) as ProcessValue)),
    run(seconds: number, each?: () => void) {
      for (let i = 0; i < seconds; i++) {
        t += 1000;
        sim.step();
        each?.();
      }
    },
  };
}

/** What the archive keeps of a run: each PV's last archived number with its time. */
function archiveOf(latest: ReadonlyMap<string, ProcessValue>, at: number): Map<string, ArchivedValue> {
  const out = new Map<string, ArchivedValue>();
  for (const [key, value] of latest) {
    const v = primaryValue(value);
    const n = typeof v === 'boolean' ? Number(v) : typeof v === 'number' ? v : Number.NaN;
    if (value.type === 'CounterValue') out.set(key, { t: at, v: value.counterValue.value });
    else if (value.type === 'RuntimeValue') out.set(key, { t: at, v: value.runtimeValue.value });
    else if (value.type === 'TimeOfDayValue')
      out.set(key, { t: at, v: value.timeOfDayValue.hour * 256 + value.timeOfDayValue.minutes });
    else if (Number.isFinite(n)) out.set(key, { t: at, v: n });
  }
  return out;
}

describe('simulator and archive', () => {
  it('a restart continues from the archived state: levels, running pumps and written setpoints', async () => {
    const before = simulator();
    await before.sim.start();
    before.run(600);
    const archive = archiveOf(before.latest, T0 + 600_000);
    // An operator's switch point and a low elevated tank whose network pumps run.
    archive.set(K.hbSwitchOn, { t: T0, v: 2.2 });
    archive.set(K.hbLevel, { t: T0, v: 2.3 });
    archive.set(K.netzpumpe1Running, { t: T0, v: 1 });
    archive.set(K.ruebLevel, { t: T0, v: 1.8 });
    const after = simulator(T0 + 3_600_000, 7);
    after.sim.resume(archive);
    await after.sim.start();
    // No jump to the definition's starting values (3.8 m, an empty basin 0 m) ...
    expect(after.num(K.hbLevel)).toBeCloseTo(2.3, 1);
    expect(after.num(K.ruebLevel)).toBeCloseTo(1.8, 1);
    expect(after.num(K.hbSwitchOn)).toBe(2.2);
    // ... and the process goes on: the pump that ran still runs, and the clear-water tank it
    // draws from keeps moving (started from standstill it stood at 3 m for 25 minutes).
    expect(after.latest.get(K.netzpumpe1Running)).toMatchObject({ boolValue: true });
    const rwb: number[] = [];
    after.run(600, () => rwb.push(after.num(K.rwbLevel)));
    expect(new Set(rwb.map((v) => v.toFixed(2))).size).toBeGreaterThan(3);
    expect(after.latest.get(K.netzpumpe1Running)).toMatchObject({ boolValue: true });
  });

  it('starts with every value of the stations on line in its first image', async () => {
    const h = simulator();
    h.sim.resume(new Map([[K.hbLevel, { t: T0, v: 2.3 }]]));
    await h.sim.start();
    expect(h.firstImage.length).toBe(permanentPvs);
    for (const value of h.firstImage) {
      const v = primaryValue(value);
      if (typeof v === 'number') expect(Number.isFinite(v), pvKey(value.pvRef)).toBe(true);
    }
  });

  it('has no day minimum of 0 m before the day has one: it starts at the first reading', async () => {
    const h = simulator();
    await h.sim.start();
    const level = h.num(K.hbLevel);
    expect(level).toBeGreaterThan(1);
    expect(h.num(K.hbDayMin)).toBe(level);
    expect(h.num(K.hbDayMax)).toBe(level);
    h.run(1800);
    expect(h.num(K.hbDayMin)).toBeLessThanOrEqual(h.num(K.hbLevel));
    expect(h.num(K.hbDayMin)).toBeGreaterThan(1);
  });

  it('keeps a day minimum of the same local day over a restart, but not one of the day before', async () => {
    const archive = new Map<string, ArchivedValue>([
      [K.hbLevel, { t: T0 - 60_000, v: 3.1 }],
      [K.hbDayMin, { t: T0 - 60_000, v: 2.05 }],
      [K.hbDayMax, { t: T0 - 26 * 3_600_000, v: 4.4 }],
    ]);
    const h = simulator();
    h.sim.resume(archive);
    await h.sim.start();
    expect(h.num(K.hbDayMin)).toBe(2.05);
    expect(h.num(K.hbDayMax)).toBeCloseTo(3.1, 1);
  });

  it('tells the past week minute by minute and goes on live from where it ended', async () => {
    const from = T0 - 7 * 86_400_000;
    const h = simulator();
    const history = h.sim.history(from, T0, {
      prepare: () => new Map([[K.hbLevel, { t: from, v: 2.0 }]]),
    });
    expect(history.minutes).toBe(7 * 1440);
    const column = (key: string) => history.columns[history.keys.indexOf(key)] as Float64Array;
    const hb = column(K.hbLevel);
    expect(hb[0]).toBeCloseTo(2.0, 1);
    // Levels fill and empty: the elevated tank goes through its switch points every day.
    const lastDay = hb.subarray(6 * 1440);
    expect(Math.max(...lastDay) - Math.min(...lastDay)).toBeGreaterThan(1);
    expect(history.stations.length).toBeGreaterThan(0);
    await h.sim.start();
    expect(h.num(K.hbLevel)).toBeCloseTo(hb[hb.length - 1] as number, 1);
    expect(h.firstImage.length).toBe(permanentPvs);
  });
});
