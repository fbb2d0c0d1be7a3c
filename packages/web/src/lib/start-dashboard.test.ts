import { describe, expect, it } from 'vitest';
import { chooseDashboard } from './start-dashboard';

const config = { defaultDashboardId: 1, dashboards: [{ id: 1 }, { id: 2 }] };

describe('start dashboard (screens §4 dashboard defaults)', () => {
  it('shows the dashboard asked for, else the user choice, else the plant default', () => {
    expect(chooseDashboard(7, 2, config)).toBe(7);
    expect(chooseDashboard(null, 2, config)).toBe(2);
    expect(chooseDashboard(null, null, config)).toBe(1);
  });
  it('falls back to the default when the chosen dashboard is gone, and to none without dashboards', () => {
    expect(chooseDashboard(null, 9, config)).toBe(1);
    expect(chooseDashboard(null, null, { defaultDashboardId: null, dashboards: [{ id: 4 }] })).toBe(4);
    expect(chooseDashboard(null, null, { defaultDashboardId: null, dashboards: [] })).toBeNull();
  });
});
