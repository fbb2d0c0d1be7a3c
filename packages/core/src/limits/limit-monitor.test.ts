import { describe, expect, it } from 'vitest';
import {
  LIMIT_NORMAL,
  limitHysteresis,
  stepLimitMonitor,
  type LimitMonitorState,
  type LimitWatch,
} from './limit-monitor.js';

/** Feeds values (or clock-only checks, undefined) at one-second steps and collects the events. */
function run(watch: LimitWatch, values: (number | undefined)[], hysteresis: number) {
  let state: LimitMonitorState = LIMIT_NORMAL;
  const events: string[] = [];
  values.forEach((value, i) => {
    const step = stepLimitMonitor(state, watch, value, i * 1000, hysteresis);
    state = step.state;
    events.push(step.event ?? '-');
  });
  return { events, state };
}

describe('analog limit monitoring (screens §3 limit config: limit, delayTime)', () => {
  const top: LimitWatch = { limitType: 'Top', limit: 4, delayTime: 0 };
  const bottom: LimitWatch = { limitType: 'Bottom', limit: 1, delayTime: 0 };

  it('an upper limit comes when reached and goes when the value falls below it by the hysteresis', () => {
    expect(run(top, [3.9, 4, 4.2, 3.95, 3.9, 3.89], 0.1).events).toEqual([
      '-',
      'coming',
      '-',
      '-',
      '-',
      'going',
    ]);
  });

  it('a lower limit comes when reached and goes above it plus the hysteresis', () => {
    expect(run(bottom, [1.5, 1, 0.8, 1.05, 1.11], 0.1).events).toEqual(['-', 'coming', '-', '-', 'going']);
  });

  it('does not flap while the value wanders around the limit', () => {
    const wandering = [3.98, 4.01, 3.99, 4.02, 3.97, 4.0, 3.96, 4.01];
    const { events } = run(top, wandering, 0.05);
    expect(events.filter((e) => e === 'coming')).toHaveLength(1);
    expect(events).not.toContain('going');
    // Without hysteresis the same values would raise an alert every other second.
    expect(run(top, wandering, 0).events.filter((e) => e === 'coming').length).toBeGreaterThan(1);
  });

  it('holds the coming alert back for the delay time, also while the value stands still', () => {
    const delayed = { ...top, delayTime: 3 };
    expect(run(delayed, [4.5, undefined, undefined, undefined], 0).events).toEqual(['-', '-', '-', 'coming']);
  });

  it('a violation shorter than the delay time raises nothing', () => {
    const delayed = { ...top, delayTime: 3 };
    const { events, state } = run(delayed, [4.5, 4.6, 3.5, undefined, undefined, undefined], 0);
    expect(events).not.toContain('coming');
    expect(state).toEqual(LIMIT_NORMAL);
  });
});

describe('hysteresis', () => {
  it('is 1 % of the domain span by default, or the given percentage; none without both bounds', () => {
    expect(limitHysteresis({ min: 0, max: 5 })).toBeCloseTo(0.05);
    expect(limitHysteresis({ min: -20, max: 60 }, 2)).toBeCloseTo(1.6);
    expect(limitHysteresis({ min: 0, max: null })).toBe(0);
    expect(limitHysteresis(null)).toBe(0);
  });
});
