import type { MaintenanceNotification, ProcessValue } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import { withLiveRuntime } from './live-figures';

const loaded: MaintenanceNotification = {
  index: 0,
  pvRef: { type: 'RechenWert', nr: 1020 },
  serviceMessageType: 'Top',
  messageText: 'Brunnenpumpe 1: Wartungsintervall erreicht',
  runtimeType: 'Betriebszeit',
  runtimeDimension: 'Days',
  pvDim: 'h',
  currentRuntime: 100,
  targetRuntime: 8000 / 24,
  remainingRuntime: 8000 / 24 - 100,
  runtimeEndType: 'Active',
  due: false,
};

const live = (value: number, upper = 8000): ProcessValue => ({
  pvRef: loaded.pvRef,
  quality: 'Good',
  timestamp: 0,
  type: 'RuntimeValue',
  runtimeValue: { lower: 0, lowerMid: 0, upperMid: 7200, upper, value, runtimeType: 'Betriebszeit' },
});

describe('a notification with the live runtime (screens §3)', () => {
  it('takes current and target from the live value, scaled to its dimension', () => {
    const next = withLiveRuntime(loaded, live(8040));
    expect(next.currentRuntime).toBeCloseTo(335);
    expect(next.targetRuntime).toBeCloseTo(8000 / 24);
    expect(next.remainingRuntime).toBeCloseTo(-40 / 24);
    expect(next.due).toBe(true);
    expect(next.messageText).toBe(loaded.messageText);
  });
  it('follows a changed limit of its kind', () => {
    expect(withLiveRuntime(loaded, live(2400, 4800)).targetRuntime).toBe(200);
  });
  it('stays as loaded without a live runtime value', () => {
    expect(withLiveRuntime(loaded, undefined)).toBe(loaded);
  });
});
