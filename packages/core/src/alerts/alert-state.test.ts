import { describe, expect, it } from 'vitest';
import {
  alertState,
  applyAlertEvent,
  isAlertOpen,
  isAlertPending,
  raisedAlert,
  type AlertLifecycle,
} from './alert-state.js';
import { bindingAckState, isAcknowledgedState } from './bindings.js';

describe('alert states (screens §4: pending, coming, going, acknowledged)', () => {
  it('a raised alert is coming and pending', () => {
    const alert = raisedAlert();
    expect(alertState(alert)).toBe('coming');
    expect(isAlertPending(alert)).toBe(true);
    expect(isAlertOpen(alert)).toBe(true);
  });

  it('coming → going when the condition clears, still pending; acknowledged then closes it', () => {
    const gone = applyAlertEvent(raisedAlert(), 'clear') as AlertLifecycle;
    expect(alertState(gone)).toBe('going');
    expect(isAlertPending(gone)).toBe(true);
    const done = applyAlertEvent(gone, 'acknowledge') as AlertLifecycle;
    expect(alertState(done)).toBe('acknowledged');
    expect(isAlertPending(done)).toBe(false);
    expect(isAlertOpen(done)).toBe(false);
  });

  it('coming → acknowledged by a user stays open until the condition clears', () => {
    const acked = applyAlertEvent(raisedAlert(), 'acknowledge') as AlertLifecycle;
    expect(alertState(acked)).toBe('acknowledged');
    expect(isAlertPending(acked)).toBe(false);
    expect(isAlertOpen(acked)).toBe(true);
    const closed = applyAlertEvent(acked, 'clear') as AlertLifecycle;
    expect(alertState(closed)).toBe('acknowledged');
    expect(isAlertOpen(closed)).toBe(false);
  });

  it('events that do not apply change nothing', () => {
    const gone = applyAlertEvent(raisedAlert(), 'clear') as AlertLifecycle;
    expect(applyAlertEvent(gone, 'clear')).toBeNull();
    const acked = applyAlertEvent(raisedAlert(), 'acknowledge') as AlertLifecycle;
    expect(applyAlertEvent(acked, 'acknowledge')).toBeNull();
  });
});

describe('binding acknowledgement state (screens §4: state 2 maps to true)', () => {
  it('0 without open alerts, 1 while one is not acknowledged, 2 when all are', () => {
    expect(bindingAckState([])).toBe(0);
    expect(bindingAckState([{ acknowledged: true }, { acknowledged: false }])).toBe(1);
    expect(bindingAckState([{ acknowledged: true }])).toBe(2);
    expect(isAcknowledgedState(2)).toBe(true);
    expect(isAcknowledgedState(1)).toBe(false);
    expect(isAcknowledgedState(0)).toBe(false);
  });
});
