import { describe, expect, it } from 'vitest';
import { primaryValue, pvKey, type ProcessValue } from '@leitwarte/core';
import { DEMO_PLANT_PATH, loadPlantDefinition } from '../../plant/index.js';
import type { StationUpdate } from '../data-source.js';
import { createSimulator } from './simulator.js';
import { QUIET_RATES, type SimulatorOptions } from './options.js';

const demo = loadPlantDefinition(DEMO_PLANT_PATH);

/** 10 June 2025, 10:00 in Berlin (CEST, UTC+2). */
const T0 = Date.UTC(2025, 5, 10, 8, 0, 0);

/**
 * The demo simulator on a fake clock, recording what it emits. Quiet (no random events)
 * unless the test passes rates.
 */
function harness(options: SimulatorOptions & { start?: number } = {}) {
  let t = options.start ?? T0;
  const sim = createSimulator(demo, {
    seed: 42,
    rates: QUIET_RATES,
    ...options,
    now: () => t,
    autoTick: false,
  });
  const latest = new Map<string, ProcessValue>();
  const batches: (readonly ProcessValue[])[] = [];
  const stations: StationUpdate[] = [];
  sim.onValues((batch) => {
    batches.push(batch);
    for (const v of batch) latest.set(pvKey(v.pvRef), v);
  });
  sim.onStations((updates) => stations.push(...updates));
  return {
    sim,
    latest,
    batches,
    stations,
    now: () => t,
    /** Advances the clock second by second, stepping the simulator, calling `each` after every step. */
    run(seconds: number, each?: () => void) {
      for (let i = 0; i < seconds; i++) {
        t += 1000;
        sim.step();
        each?.();
      }
    },
    /** Runs until the condition holds (true) or the time is up (false). */
    runUntil(condition: () => boolean, maxSeconds: number): boolean {
      for (let i = 0; i < maxSeconds; i++) {
        t += 1000;
        sim.step();
        if (condition()) return true;
      }
      return false;
    },
    num(key: string): number {
      const value = latest.get(key);
      if (!value) throw new Error(`no value for ${key}`);
      return Number(primaryValue(value));
    },
    bool(key: string): boolean {
      const value = latest.get(key);
      return value?.type === 'BoolValue' && value.boolValue;
    },
    value(key: string): ProcessValue {
      const value = latest.get(key);
      if (!value) throw new Error(`no value for ${key}`);
      return value;
    },
  };
}

function double(type: 'AnaOut' | 'AnaIn' | 'LaborWert', nr: number, doubleValue: number): ProcessValue {
  return { pvRef: { type, nr }, quality: 'Good', timestamp: 0, type: 'DoubleValue', doubleValue };
}

/** Keys of the demo plant used below (numbering as in plants/README.md). */
const K = {
  hbLevel: 'AnaIn-200010',
  hbSwitchOn: 'AnaOut-200010',
  hbSwitchOff: 'AnaOut-200011',
  netzpumpe1Enable: 'DigiOut-100030',
  netzpumpe2Enable: 'DigiOut-100033',
  netzpumpe1Running: 'DigiIn-100030',
  netzpumpe2Running: 'DigiIn-100033',
  sumpLevel: 'AnaIn-600010',
  sumpPump1: 'DigiIn-600030',
  sumpPump2: 'DigiIn-600033',
  hbOutletVolume: 'ZaehlWert-2060',
  blower1Running: 'DigiIn-1100030',
  blower1Hours: 'RechenWert-11030',
  blower1Cycles: 'RechenWert-11031',
  chlorineSetpoint: 'AnaOut-100900',
  oberauPressure: 'AnaIn-500070',
  oberauSetpoint: 'AnaOut-500070',
} as const;

const ref = (key: string) => {
  const [type, nr] = key.split('-') as [ProcessValue['pvRef']['type'], string];
  return { type, nr: Number(nr) };
};
const bool = (key: string, boolValue: boolean): ProcessValue => ({
  pvRef: ref(key),
  quality: 'Good',
  timestamp: 0,
  type: 'BoolValue',
  boolValue,
});

describe('simulated process', () => {
  it('an elevated tank falls while its pumps cannot run and rises while they run', async () => {
    const h = harness();
    await h.sim.start();
    await h.sim.write([
      { ref: ref(K.netzpumpe1Enable), value: bool(K.netzpumpe1Enable, false) },
      { ref: ref(K.netzpumpe2Enable), value: bool(K.netzpumpe2Enable, false) },
    ]);
    const before = h.num(K.hbLevel);
    h.run(900);
    const drained = h.num(K.hbLevel);
    expect(h.bool(K.netzpumpe1Running) || h.bool(K.netzpumpe2Running)).toBe(false);
    expect(drained).toBeLessThan(before - 0.02);
    await h.sim.write([
      { ref: ref(K.netzpumpe1Enable), value: bool(K.netzpumpe1Enable, true) },
      { ref: ref(K.netzpumpe2Enable), value: bool(K.netzpumpe2Enable, true) },
      { ref: ref(K.hbSwitchOn), value: double('AnaOut', 200010, 4.4) },
    ]);
    h.run(900);
    expect(h.bool(K.netzpumpe1Running) || h.bool(K.netzpumpe2Running)).toBe(true);
    expect(h.num(K.hbLevel)).toBeGreaterThan(drained + 0.02);
  });

  it('sump pumps start at the switch-on level and stop at the switch-off level (hysteresis)', async () => {
    const h = harness();
    await h.sim.start();
    const running = () => h.bool(K.sumpPump1) || h.bool(K.sumpPump2);
    let was = running();
    const starts: number[] = [];
    const stops: number[] = [];
    let rising = 0;
    let falling = 0;
    let last = h.num(K.sumpLevel);
    h.run(4 * 3600, () => {
      const level = h.num(K.sumpLevel);
      const now = running();
      if (now && !was) starts.push(level);
      if (!now && was) stops.push(level);
      if (!now && level > last + 0.01) rising++;
      if (now && level < last - 0.01) falling++;
      if (Math.abs(level - last) > 0.01) last = level;
      was = now;
    });
    expect(starts.length).toBeGreaterThanOrEqual(3);
    for (const level of starts) expect(level).toBeGreaterThanOrEqual(1.55);
    for (const level of stops) expect(level).toBeLessThanOrEqual(0.56);
    expect(rising).toBeGreaterThan(0);
    expect(falling).toBeGreaterThan(0);
  });

  it('a booster holds its pressure setpoint and follows a new one', async () => {
    const h = harness();
    await h.sim.start();
    h.run(60);
    expect(h.num(K.oberauPressure)).toBeCloseTo(4.6, 0);
    await h.sim.write([{ ref: ref(K.oberauSetpoint), value: double('AnaOut', 500070, 5.2) }]);
    h.run(5);
    expect(Math.abs(h.num(K.oberauPressure) - 5.2)).toBeLessThan(0.1);
  });

  it('the filter backwash runs in its time window (local time)', async () => {
    // 01:58 in Berlin (CEST).
    const h = harness({ start: Date.UTC(2025, 5, 9, 23, 58, 0) });
    await h.sim.start();
    expect(h.bool('DigiIn-100036')).toBe(false);
    h.run(180);
    expect(h.bool('DigiIn-100075')).toBe(true);
    expect(h.bool('DigiIn-100036')).toBe(true);
    expect(h.value('RechenWert-1038')).toMatchObject({ timeOfDayValue: { hour: 2, minutes: 0 } });
  });

  it('runtimes accrue while a blower runs and count its starts', async () => {
    const h = harness();
    await h.sim.start();
    const hours0 = h.num(K.blower1Hours);
    const cycles0 = h.num(K.blower1Cycles);
    let seconds = 0;
    let starts = 0;
    let was = h.bool(K.blower1Running);
    h.run(3600, () => {
      const now = h.bool(K.blower1Running);
      if (now) seconds++;
      if (now && !was) starts++;
      was = now;
    });
    expect(seconds).toBeGreaterThan(0);
    expect(starts).toBeGreaterThan(0);
    expect(Math.abs((h.num(K.blower1Hours) - hours0) * 3600 - seconds)).toBeLessThan(40);
    expect(h.num(K.blower1Cycles) - cycles0).toBe(starts);
  });
});

describe('counters (screens §3 Counter value)', () => {
  const counter = (h: ReturnType<typeof harness>) => {
    const v = h.value(K.hbOutletVolume);
    if (v.type !== 'CounterValue') throw new Error('not a counter');
    return v.counterValue;
  };

  it('totalise and restart the day value at local midnight', async () => {
    // 23:50 in Berlin.
    const h = harness({ start: Date.UTC(2025, 5, 10, 21, 50, 0) });
    await h.sim.start();
    const first = counter(h);
    h.run(599);
    const beforeMidnight = counter(h);
    expect(beforeMidnight.value).toBeGreaterThan(first.value);
    expect(beforeMidnight.day - first.day).toBeCloseTo(beforeMidnight.value - first.value, 0);
    h.run(600);
    const after = counter(h);
    const since = after.value - beforeMidnight.value;
    expect(since).toBeGreaterThan(0);
    expect(after.day).toBeLessThan(beforeMidnight.day);
    expect(Math.abs(after.day - since)).toBeLessThan(0.5);
    expect(Math.abs(after.month - (beforeMidnight.month + since))).toBeLessThan(0.5);
  });

  it('restart day, month and year at the turn of the year', async () => {
    // 23:55 on 31 December in Berlin (CET).
    const h = harness({ start: Date.UTC(2025, 11, 31, 22, 55, 0) });
    await h.sim.start();
    h.run(299);
    const before = counter(h);
    h.run(300);
    const after = counter(h);
    const since = after.value - before.value;
    for (const period of [after.day, after.month, after.year])
      expect(Math.abs(period - since)).toBeLessThan(0.5);
    expect(before.year).toBeGreaterThan(since);
  });
});

describe('writes come back as value changes', () => {
  it('setpoints, commands and times of day are confirmed at once, before the next tick', async () => {
    const h = harness();
    await h.sim.start();
    h.batches.length = 0;
    await h.sim.write([
      { ref: ref(K.chlorineSetpoint), value: double('AnaOut', 100900, 0.3) },
      { ref: ref('DigiOut-1100900'), value: bool('DigiOut-1100900', true) },
      {
        ref: ref('AnaOut-100075'),
        value: {
          pvRef: ref('AnaOut-100075'),
          quality: 'Good',
          timestamp: 0,
          type: 'TimeOfDayValue',
          timeOfDayValue: { hour: 3, minutes: 15 },
        },
      },
    ]);
    expect(h.batches).toHaveLength(1);
    expect(h.value(K.chlorineSetpoint)).toMatchObject({ doubleValue: 0.3, quality: 'Good', timestamp: T0 });
    expect(h.bool('DigiOut-1100900')).toBe(true);
    expect(h.value('AnaOut-100075')).toMatchObject({ timeOfDayValue: { hour: 3, minutes: 15 } });
  });

  it('refuses inputs, values outside the domain and NaN, and then applies nothing of the batch', async () => {
    const h = harness();
    await h.sim.start();
    h.batches.length = 0;
    const good = { ref: ref(K.chlorineSetpoint), value: double('AnaOut', 100900, 0.5) };
    await expect(
      h.sim.write([good, { ref: ref(K.hbLevel), value: double('AnaIn', 200010, 1) }]),
    ).rejects.toThrow(/AnaIn-200010: AnaIn is not writable/);
    await expect(
      h.sim.write([{ ref: ref(K.chlorineSetpoint), value: double('AnaOut', 100900, 2) }]),
    ).rejects.toThrow(/above the maximum 1/);
    await expect(
      h.sim.write([{ ref: ref(K.chlorineSetpoint), value: double('AnaOut', 100900, Number.NaN) }]),
    ).rejects.toThrow(/finite/);
    await expect(
      h.sim.write([{ ref: ref('AnaOut-100077'), value: double('AnaOut', 100077, 1) }]),
    ).rejects.toThrow(/unknown PV/);
    expect(h.batches).toHaveLength(0);
    expect(h.num(K.chlorineSetpoint)).toBe(0.25);
  });

  it('resets a counter, sets a runtime and acknowledges a failure', async () => {
    const h = harness({ rates: { failuresPerHour: 60 } });
    await h.sim.start();
    const energy = 'ZaehlWert-1020';
    await h.sim.write([
      {
        ref: ref(energy),
        value: {
          pvRef: ref(energy),
          quality: 'Good',
          timestamp: 0,
          type: 'CounterValue',
          counterValue: { value: 0, resetable: true, day: 0, month: 0, year: 0 },
        },
      },
      {
        ref: ref('RechenWert-1020'),
        value: {
          pvRef: ref('RechenWert-1020'),
          quality: 'Good',
          timestamp: 0,
          type: 'RuntimeValue',
          runtimeValue: {
            lower: 0,
            lowerMid: 0,
            upperMid: 900,
            upper: 1000,
            value: 0,
            runtimeType: 'Betriebszeit',
          },
        },
      },
    ]);
    expect(h.value(energy)).toMatchObject({ counterValue: { value: 0 } });
    expect(h.value('RechenWert-1020')).toMatchObject({
      runtimeValue: { value: 0, upper: 1000, runtimeType: 'Betriebszeit' },
    });
    const isFailure = (v: ProcessValue) =>
      v.pvRef.type === 'DigiIn' && v.type === 'FailureStateValue' && v.failureStateValue === 1;
    expect(h.runUntil(() => h.batches.at(-1)?.some(isFailure) ?? false, 3600)).toBe(true);
    const key = pvKey(h.batches.at(-1)!.find(isFailure)!.pvRef);
    const ack: ProcessValue = {
      pvRef: ref(key),
      quality: 'Good',
      timestamp: 0,
      type: 'FailureStateValue',
      failureStateValue: 2,
    };
    await h.sim.write([{ ref: ref(key), value: ack }]);
    expect(h.num(key)).toBe(2);
    await expect(h.sim.write([{ ref: ref(key), value: ack }])).rejects.toThrow(/no unacknowledged failure/);
  });
});

describe('field connection', () => {
  it('losing it reports every value Bad once, then nothing; regaining it restores Good values', async () => {
    const h = harness();
    const states: string[] = [];
    h.sim.onConnectionState((s) => states.push(s));
    await h.sim.start();
    h.run(5);
    h.batches.length = 0;
    h.stations.length = 0;
    h.sim.setConnected(false);
    expect(states).toEqual(['Connecting', 'Connected', 'Disconnected']);
    expect(h.sim.connectionState()).toBe('Disconnected');
    expect(h.batches).toHaveLength(1);
    expect(h.batches[0]?.length).toBe(demo.pvs.length);
    expect(h.batches[0]?.every((v) => v.quality === 'Bad')).toBe(true);
    expect(h.stations.every((s) => s.dialState === 'NotDefined')).toBe(true);
    h.run(30);
    expect(h.batches).toHaveLength(1);
    await expect(
      h.sim.write([{ ref: ref(K.chlorineSetpoint), value: double('AnaOut', 100900, 0.3) }]),
    ).rejects.toThrow(/no connection/);
    h.sim.setConnected(true);
    expect(states.at(-1)).toBe('Connecting');
    h.run(1);
    expect(states.at(-1)).toBe('Connected');
    expect(h.value(K.hbLevel).quality).toBe('Good');
    expect(h.stations.filter((s) => s.stationNumber === 1).at(-1)?.dialState).toBe('Connected');
  });
});

describe('dial-up stations', () => {
  it('report only while connected, call in on schedule and on request, and count connections', async () => {
    const h = harness();
    await h.sim.start();
    expect(h.latest.has('AnaIn-1000010')).toBe(false);
    h.run(70);
    expect(h.latest.has('AnaIn-1000010')).toBe(true);
    const connected = h.stations.filter((s) => s.stationNumber === 10 && s.dialState === 'Connected');
    expect(connected.at(-1)?.dialCounters).toMatchObject({ mobileNetworkStandard: 'GSM', dayCounter: 1 });
    h.run(60);
    expect(h.stations.filter((s) => s.stationNumber === 10).at(-1)?.dialState).toBe('NotConnected');
    await h.sim.dial(10, 'Connect');
    h.run(7);
    expect(h.stations.filter((s) => s.stationNumber === 10).at(-1)).toMatchObject({
      dialState: 'Connected',
      dialCounters: { dayCounter: 2 },
    });
    await h.sim.dial(10, 'Disconnect');
    h.run(3);
    expect(h.stations.filter((s) => s.stationNumber === 10).at(-1)?.dialState).toBe('NotConnected');
    await expect(h.sim.dial(1, 'Disconnect')).rejects.toThrow(/permanent/);
  });
});

describe('liveliness and determinism', () => {
  it('the overview visibly changes within a few seconds', async () => {
    const h = harness({ rates: {} });
    await h.sim.start();
    h.batches.length = 0;
    h.run(3);
    const changed = new Set(h.batches.flat().map((v) => pvKey(v.pvRef)));
    expect(changed.size).toBeGreaterThan(30);
    expect(h.batches.flat().every((v) => v.timestamp > T0)).toBe(true);
  });

  it('the default rates produce failures and sensor trouble now and then', async () => {
    const h = harness({ rates: {} });
    await h.sim.start();
    h.run(6 * 3600);
    const all = h.batches.flat();
    expect(all.some((v) => v.type === 'FailureStateValue' && v.failureStateValue === 1)).toBe(true);
    expect(all.some((v) => v.quality === 'Uncertain' || v.quality === 'Bad')).toBe(true);
  });

  it('the same seed and clock give the same history', async () => {
    const a = harness({ rates: {}, seed: 7 });
    const b = harness({ rates: {}, seed: 7 });
    await a.sim.start();
    await b.sim.start();
    a.run(600);
    b.run(600);
    expect(b.batches).toEqual(a.batches);
    expect(b.stations).toEqual(a.stations);
  });
});
