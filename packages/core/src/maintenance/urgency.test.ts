import { describe, expect, it } from 'vitest';
import { maintenanceUrgency } from './urgency.js';

describe('maintenance urgency', () => {
  it('is overdue once the target is reached, whatever the dimension', () => {
    expect(maintenanceUrgency(8000, 0)).toBe('overdue');
    expect(maintenanceUrgency(8000 / 24, -1)).toBe('overdue');
  });
  it('is due soon within the last tenth of the target', () => {
    expect(maintenanceUrgency(8000, 799)).toBe('dueSoon');
    expect(maintenanceUrgency(8000, 800)).toBe('ok');
    expect(maintenanceUrgency(8000 / 730.5, 799 / 730.5)).toBe('dueSoon');
  });
  it('a target that is not set is never urgent', () => {
    expect(maintenanceUrgency(0, -5)).toBe('ok');
  });
});
