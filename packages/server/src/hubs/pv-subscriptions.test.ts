import type { ProcessValue } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import { PvSubscriptions } from './pv-subscriptions.js';

const value = (nr: number, doubleValue: number): ProcessValue => ({
  pvRef: { type: 'AnaIn', nr },
  type: 'DoubleValue',
  doubleValue,
  quality: 'Good',
  timestamp: 0,
});

describe('PvSubscriptions', () => {
  it('keeps only the latest value per PV', () => {
    const subs = new PvSubscriptions();
    subs.add('AnaIn-1');
    for (let i = 0; i < 1000; i++) subs.offer('AnaIn-1', value(1, i));
    expect(subs.pendingCount).toBe(1);
    expect(subs.take(10)).toEqual([value(1, 999)]);
    expect(subs.pendingCount).toBe(0);
  });

  it('ignores values of PVs not subscribed and drops queued values on remove', () => {
    const subs = new PvSubscriptions();
    subs.offer('AnaIn-1', value(1, 1));
    expect(subs.pendingCount).toBe(0);
    subs.add('AnaIn-2');
    subs.offer('AnaIn-2', value(2, 1));
    subs.remove('AnaIn-2');
    expect(subs.pendingCount).toBe(0);
    expect(subs.has('AnaIn-2')).toBe(false);
  });

  it('caps a batch and leaves the rest, in order, for the next one', () => {
    const subs = new PvSubscriptions();
    for (let nr = 0; nr < 10; nr++) {
      subs.add(`AnaIn-${nr}`);
      subs.offer(`AnaIn-${nr}`, value(nr, nr));
    }
    expect(subs.take(4).map((v) => v.pvRef.nr)).toEqual([0, 1, 2, 3]);
    // A newer value of a waiting PV keeps its place in line.
    subs.offer('AnaIn-5', value(5, 50));
    expect(subs.take(4)).toEqual([value(4, 4), value(5, 50), value(6, 6), value(7, 7)]);
    expect(subs.take(4).map((v) => v.pvRef.nr)).toEqual([8, 9]);
  });
});
