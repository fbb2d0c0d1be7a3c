import type { PendingAlertState } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import { alertBindingKey, alertClasses, bindAlerts } from './alert-bindings';

describe('alert bindings of a process image (screens §4)', () => {
  it('knows the five binding kinds', () => {
    expect(alertBindingKey('device:DigiIn-100021')).toBe('device/DigiIn-100021');
    expect(alertBindingKey('stationConnection:1')).toBe('stationConnection/1');
    expect(alertBindingKey('stationLineConnection:1/2')).toBe('stationLineConnection/1/2');
    expect(alertBindingKey('pipeLeakage:1')).toBe('pipeLeakage/1');
    expect(alertBindingKey('alertLink:7')).toBe('alertLink/7');
    expect(alertBindingKey('pump:1')).toBeNull();
    expect(alertBindingKey(null)).toBeNull();
  });

  it('maps acknowledgement state 2 to acknowledged, 1 to unacknowledged, 0 to nothing', () => {
    const state = (ackState: 0 | 1 | 2): PendingAlertState => ({ kind: 'device', key: 'DigiIn-1', ackState });
    expect(alertClasses(state(2))).toEqual(['alert-acknowledged']);
    expect(alertClasses(state(1))).toEqual(['alert-unacknowledged']);
    expect(alertClasses(state(0))).toEqual([]);
    expect(alertClasses(undefined)).toEqual([]);
  });

  it('writes the classes on the bound elements as the states change', () => {
    document.body.innerHTML =
      '<svg xmlns="http://www.w3.org/2000/svg"><circle id="a" data-alert="device:DigiIn-100021"/></svg>';
    const states = new Map<string, PendingAlertState>();
    const write = bindAlerts(document.body, (key) => states.get(key));
    const el = document.getElementById('a')!;
    write();
    expect(el.getAttribute('class')).toBeNull();
    states.set('device/DigiIn-100021', { kind: 'device', key: 'DigiIn-100021', ackState: 1 });
    write();
    expect(el.classList.contains('alert-unacknowledged')).toBe(true);
    states.set('device/DigiIn-100021', { kind: 'device', key: 'DigiIn-100021', ackState: 2 });
    write();
    expect([...el.classList]).toEqual(['alert-acknowledged']);
  });
});
