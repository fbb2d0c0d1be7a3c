import { describe, expect, it } from 'vitest';
import { OpenAlertSet } from './open-alert-count';

const alert = (id: number, pending: boolean) => ({ id, pending, acknowledgedAt: pending ? null : 1 });

describe('count of open unacknowledged alerts', () => {
  it('starts from the open alerts and follows new, acknowledged and deleted alerts', () => {
    const set = new OpenAlertSet();
    // Open alerts include acknowledged ones that are still active: they are not counted.
    set.reset([alert(1, true), alert(2, true), alert(3, false)]);
    expect(set.count).toBe(2);
    set.track(alert(4, true));
    expect(set.count).toBe(3);
    // It went, but is still unacknowledged.
    set.track(alert(4, true));
    expect(set.count).toBe(3);
    set.track(alert(1, false));
    expect(set.count).toBe(2);
    set.trackAll([alert(2, false), alert(4, false)]);
    expect(set.count).toBe(0);
    set.trackAll([alert(5, true), alert(6, true)]);
    set.delete([5, 99]);
    expect(set.count).toBe(1);
    set.reset([]);
    expect(set.count).toBe(0);
  });

  it('ignores payloads that are no alerts', () => {
    const set = new OpenAlertSet();
    set.reset(null);
    set.track({ nope: true });
    set.trackAll('x');
    set.delete(undefined);
    expect(set.count).toBe(0);
  });
});
