import type { Alert } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import { AlertListStore } from './alert-list-store';
import { applyAlertChanges, laterAlert, type ListWindow } from './alert-merge';

const T0 = Date.UTC(2026, 0, 10, 8);
function alert(id: number, comingAt: number, overrides: Partial<Alert> = {}): Alert {
  return {
    id,
    source: `DigiIn-${id}`,
    bindingKind: 'device',
    bindingKey: `DigiIn-${id}`,
    pv: { type: 'DigiIn', nr: 100_000 + id },
    station: 1,
    limitType: null,
    priority: 2,
    message: `Meldung ${id}`,
    description: 'Pumpe',
    value: 1,
    limit: null,
    state: 'coming',
    active: true,
    pending: true,
    comingAt,
    goingAt: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    ackOrigin: null,
    ...overrides,
  };
}
const acknowledged = (a: Alert, at: number): Alert => ({
  ...a,
  state: 'acknowledged',
  pending: false,
  acknowledgedAt: at,
  acknowledgedBy: 'betrieb',
  ackOrigin: 'user',
});
const gone = (a: Alert, at: number): Alert => ({ ...a, state: 'going', active: false, goingAt: at });
const open: ListWindow = { start: T0 - 3_600_000, end: T0, followsNow: true };

describe('merging live alert changes', () => {
  const loaded = { rows: [alert(2, T0 - 1000), alert(1, T0 - 2000)], total: 5 };

  it('adds new alerts on top, newest first, and counts them in the total', () => {
    const next = applyAlertChanges(
      loaded,
      [
        { kind: 'upsert', alerts: [alert(3, T0 + 10)] },
        { kind: 'upsert', alerts: [alert(4, T0 + 20)] },
      ],
      open,
    );
    expect(next.rows.map((a) => a.id)).toEqual([4, 3, 2, 1]);
    expect(next.total).toBe(7);
  });

  it('replaces known rows in place and keeps the order', () => {
    const next = applyAlertChanges(
      loaded,
      [{ kind: 'upsert', alerts: [acknowledged(alert(1, T0 - 2000), T0)] }],
      open,
    );
    expect(next.rows.map((a) => a.id)).toEqual([2, 1]);
    expect(next.rows[1]?.state).toBe('acknowledged');
    expect(next.total).toBe(5);
  });

  it('drops deleted alerts and lowers the total', () => {
    const next = applyAlertChanges(loaded, [{ kind: 'delete', ids: [2, 99] }], open);
    expect(next.rows.map((a) => a.id)).toEqual([1]);
    expect(next.total).toBe(4);
  });

  it('leaves out alerts outside a window that does not follow now', () => {
    const fixed: ListWindow = { ...open, followsNow: false };
    const next = applyAlertChanges(
      loaded,
      [{ kind: 'upsert', alerts: [alert(3, T0 + 10), alert(5, T0 - 7_200_000)] }],
      fixed,
    );
    expect(next).toBe(loaded);
  });

  it('never moves an alert back: an older state does not undo going or acknowledging', () => {
    const base = alert(1, T0);
    const done = acknowledged(gone(base, T0 + 5), T0 + 9);
    expect(laterAlert(done, base)).toEqual({ ...done, state: 'acknowledged' });
    const merged = laterAlert(acknowledged(base, T0 + 9), gone(base, T0 + 5));
    expect(merged).toMatchObject({
      state: 'acknowledged',
      active: false,
      goingAt: T0 + 5,
      acknowledgedAt: T0 + 9,
    });
  });
});

describe('the alert list store', () => {
  function manualFrames() {
    const callbacks = new Map<number, () => void>();
    let next = 1;
    return {
      scheduler: {
        request: (callback: () => void) => {
          callbacks.set(next, callback);
          return next++;
        },
        cancel: (handle: number) => void callbacks.delete(handle),
      },
      pending: () => callbacks.size,
      run: () => {
        const due = [...callbacks.values()];
        callbacks.clear();
        for (const callback of due) callback();
      },
    };
  }

  it('applies a burst of changes in one frame and one notification', () => {
    const frames = manualFrames();
    const store = new AlertListStore(frames.scheduler);
    store.load([alert(1, T0 - 10)], 1, open);
    let notified = 0;
    store.subscribe(() => (notified += 1));
    for (let id = 2; id <= 1001; id++) store.enqueue({ kind: 'upsert', alerts: [alert(id, T0 + id)] });
    expect(frames.pending()).toBe(1);
    expect(store.getSnapshot().rows).toHaveLength(1);
    frames.run();
    expect(notified).toBe(1);
    expect(store.getSnapshot().rows).toHaveLength(1001);
    expect(store.getSnapshot().rows[0]?.id).toBe(1001);
  });

  it('applies changes that arrived while loading on top of the reply', () => {
    const frames = manualFrames();
    const store = new AlertListStore(frames.scheduler);
    store.beginLoad();
    store.enqueue({ kind: 'upsert', alerts: [acknowledged(alert(1, T0 - 10), T0)] });
    store.enqueue({ kind: 'upsert', alerts: [alert(2, T0 + 5)] });
    expect(frames.pending()).toBe(0);
    // The reply was computed before the acknowledgement and the new alert.
    store.load([alert(1, T0 - 10)], 1, open);
    const { rows, total } = store.getSnapshot();
    expect(rows.map((a) => [a.id, a.state])).toEqual([
      [2, 'coming'],
      [1, 'acknowledged'],
    ]);
    expect(total).toBe(2);
  });
});

describe('the open alerts a subscription starts with', () => {
  it('update known rows but add none, so alerts the limit left out stay out', () => {
    const loaded = { rows: [alert(2, T0 - 1000)], total: 3 };
    const next = applyAlertChanges(
      loaded,
      [{ kind: 'refresh', alerts: [gone(alert(2, T0 - 1000), T0), alert(1, T0 - 2000)] }],
      open,
    );
    expect(next.rows.map((a) => [a.id, a.state])).toEqual([[2, 'going']]);
    expect(next.total).toBe(3);
  });
});
