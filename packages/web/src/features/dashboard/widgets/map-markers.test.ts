import { describe, expect, it } from 'vitest';
import { markerAlarm, markerState } from './map-markers';

const priorities = new Map([
  [1, { name: 'Alarm', color: 'rgba(229, 57, 53, 1)' }],
  [6, { name: 'Hinweis', color: 'rgba(67, 160, 71, 1)' }],
]);

describe('map markers', () => {
  it('fill by dial state: a live link green, busy yellow, faults red, unknown grey', () => {
    expect(markerState('Connected')).toBe('ok');
    expect(markerState('NotConnected')).toBe('ok');
    expect(markerState('HangingUp')).toBe('busy');
    expect(markerState('TimeOut')).toBe('fault');
    expect(markerState('ConnectionError')).toBe('fault');
    expect(markerState('NotDefined')).toBe('unknown');
  });

  it("ring in the system config's colour of the most urgent open alert, none without alerts", () => {
    expect(markerAlarm({ count: 0, active: 0, topPriority: null }, priorities)).toBeNull();
    expect(markerAlarm({ count: 2, active: 1, topPriority: 1 }, priorities)).toEqual({
      priority: 1,
      name: 'Alarm',
      color: 'rgba(229, 57, 53, 1)',
    });
    // A priority the system config does not name still shows as an alarm.
    expect(markerAlarm({ count: 1, active: 0, topPriority: 4 }, priorities)).toMatchObject({
      priority: 4,
      name: '4',
    });
  });
});
