import { describe, expect, it } from 'vitest';
import {
  advancePeriod,
  correctivePower,
  ENERGY_PERIOD_MS,
  energyPeriod,
  formatPeriodRestTime,
  periodMeanPower,
  periodRestSeconds,
  powerFactor,
  startAccumulator,
  trendPower,
} from './energy.js';

const T = Date.UTC(2025, 5, 10, 8, 0, 0);

describe('period rest time display (screens §9: MM:SS)', () => {
  it('pads minutes and seconds', () => {
    expect(formatPeriodRestTime(900)).toBe('15:00');
    expect(formatPeriodRestTime(65)).toBe('01:05');
    expect(formatPeriodRestTime(0)).toBe('00:00');
    expect(formatPeriodRestTime(-3)).toBe('00:00');
    expect(formatPeriodRestTime(Number.NaN)).toBe('00:00');
  });
});

describe('measuring period arithmetic (15-minute period)', () => {
  it('aligns periods to quarter hours and counts the rest in whole seconds', () => {
    expect(energyPeriod(T + 7 * 60_000 + 500)).toEqual({ start: T, end: T + ENERGY_PERIOD_MS });
    expect(periodRestSeconds(T)).toBe(900);
    expect(periodRestSeconds(T + 14 * 60_000 + 59_500)).toBe(1);
  });
  it('mean, trend and corrective power', () => {
    // 5 minutes at 120 kW, now drawing 180 kW, setpoint 150 kW.
    const p = { energyKws: 120 * 300, elapsedSeconds: 300, powerKw: 180, periodSeconds: 900 };
    expect(periodMeanPower(p)).toBe(120);
    expect(trendPower(p)).toBeCloseTo((120 * 300 + 180 * 600) / 900);
    // Remaining budget 150*900 - 36000 = 99000 kWs over 600 s = 165 kW: shed 15 kW.
    expect(correctivePower(p, 150)).toBeCloseTo(-15);
    expect(correctivePower({ ...p, elapsedSeconds: 900 }, 150)).toBe(0);
    expect(periodMeanPower({ ...p, elapsedSeconds: 0, energyKws: 0 })).toBe(180);
  });
  it('integrates held powers and splits at period boundaries', () => {
    let acc = startAccumulator(T + 10 * 60_000);
    let step = advancePeriod(acc, T + 15 * 60_000, { grid: 100, chp: 40 });
    expect(step.completed).toEqual([
      { start: T, meanKw: { grid: (100 * 300) / 900, chp: (40 * 300) / 900 } },
    ]);
    acc = step.acc;
    expect(acc).toEqual({ start: T + ENERGY_PERIOD_MS, at: T + ENERGY_PERIOD_MS, energyKws: {} });
    step = advancePeriod(acc, T + 45 * 60_000 + 90_000, { grid: 60 });
    expect(step.completed.map((c) => c.meanKw.grid)).toEqual([60, 60]);
    expect(step.acc.energyKws.grid).toBe(60 * 90);
    expect(advancePeriod(step.acc, T, { grid: 1 }).completed).toEqual([]);
  });
  it('cos phi from active and reactive power', () => {
    expect(powerFactor(0, 0)).toBe(1);
    expect(powerFactor(80, 60)).toBe(0.8);
    expect(powerFactor(-80, 60)).toBe(0.8);
  });
});
