import { describe, expect, it } from 'vitest';
import { ALARM_PLAN_MEMBER_SLOTS, ALARM_PLAN_PRIORITY_FLAGS } from './constants.js';
import {
  alertsForPriority,
  countStep,
  memberSlots,
  planKey,
  priorityFlags,
  resolvePlanDefault,
} from './plan-rules.js';
import { callNumberError, callNumberNameError, normaliseCallNumber } from './call-number.js';

describe('plan action defaults (screens §3 "Action payloads": plan entries, 2 means toggle)', () => {
  it('0 switches off, 1 on, 2 toggles the current state', () => {
    expect(resolvePlanDefault(0, true)).toBe(false);
    expect(resolvePlanDefault(1, false)).toBe(true);
    expect(resolvePlanDefault(2, true)).toBe(false);
    expect(resolvePlanDefault(2, false)).toBe(true);
  });
  it('refuses anything else', () => {
    expect(() => resolvePlanDefault(3, true)).toThrow(RangeError);
    expect(() => resolvePlanDefault(0.5, true)).toThrow(RangeError);
  });
});

describe('alarm plan bindings (screens §9: at least 10 priority flags and 20 member slots)', () => {
  it('has at least 10 flags and 20 slots', () => {
    expect(ALARM_PLAN_PRIORITY_FLAGS).toBeGreaterThanOrEqual(10);
    expect(ALARM_PLAN_MEMBER_SLOTS).toBeGreaterThanOrEqual(20);
  });
  it('expands active priorities to flags and recipients to slots', () => {
    const flags = priorityFlags([1, 2, 9]);
    expect(flags).toHaveLength(ALARM_PLAN_PRIORITY_FLAGS);
    expect(flags.filter(Boolean)).toHaveLength(3);
    expect(alertsForPriority(flags, 2)).toBe(true);
    expect(alertsForPriority(flags, 3)).toBe(false);
    expect(alertsForPriority(flags, 42)).toBe(false);
    const slots = memberSlots([4, 7]);
    expect(slots).toHaveLength(ALARM_PLAN_MEMBER_SLOTS);
    expect(slots.slice(0, 3)).toEqual([4, 7, null]);
  });
  it('refuses priorities outside 0 to 9 and more than 20 recipients', () => {
    expect(() => priorityFlags([10])).toThrow(RangeError);
    expect(() => priorityFlags([-1])).toThrow(RangeError);
    expect(() => memberSlots(Array.from({ length: 21 }, (_, i) => i))).toThrow(RangeError);
  });
  it('keys a plan by station and plan number (calls §3)', () => {
    expect(planKey({ station: 11, planNumber: 2 })).toBe('11/2');
  });
});

describe('alerting caps (screens §8: alarm count or call-number changes exceeded)', () => {
  it('counts up to the cap and then reports exceeded without counting', () => {
    expect(countStep(0, 2)).toEqual({ count: 1, exceeded: false });
    expect(countStep(1, 2)).toEqual({ count: 2, exceeded: false });
    expect(countStep(2, 2)).toEqual({ count: 2, exceeded: true });
    expect(countStep(0, 0)).toEqual({ count: 0, exceeded: true });
  });
});

describe('call numbers (validated: number format, name not empty)', () => {
  it('accepts German mobile and landline numbers in usual notations', () => {
    for (const n of [
      '0151-23456789',
      '+49 6641 4711-20',
      '0661/123456',
      '004915112345678',
      '  0170 1234567 ',
    ]) {
      expect(callNumberError(n)).toBeNull();
    }
    expect(normaliseCallNumber('  0170   1234567 ')).toBe('0170 1234567');
  });
  it('refuses empty, letters, doubled separators and numbers no country dials', () => {
    expect(callNumberError('')).toMatch(/nicht leer/);
    expect(callNumberError('0151-ABC')).toMatch(/Ungültige Rufnummer/);
    expect(callNumberError('0151--234567')).toMatch(/Ungültige Rufnummer/);
    expect(callNumberError('+-49123456')).toMatch(/Ungültige Rufnummer/);
    expect(callNumberError('1234')).toMatch(/nationalen Format \(DE\)/);
    expect(callNumberError('1'.repeat(21))).toMatch(/Ungültige Rufnummer/);
  });
  it('refuses empty or over-long names and control characters', () => {
    expect(callNumberNameError('Bereitschaft Wasser')).toBeNull();
    expect(callNumberNameError('   ')).toBe('Name darf nicht leer sein.');
    expect(callNumberNameError('x'.repeat(65))).toMatch(/höchstens 64/);
    expect(callNumberNameError('a\u0007b')).toMatch(/Steuerzeichen/);
  });
});
