import type { LifecycleEntry } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import { bulkSaveOf, dateInputOf, draftsOf, hasChanges, msOfDateInput } from './lifecycle-drafts';

const pv = { type: 'DigiIn', nr: 100020 } as const;
const at = new Date(2024, 4, 7, 10, 15).getTime();
const entries: LifecycleEntry[] = [
  { id: 1, pvRef: pv, maintenanceTimestamp: at, text: 'Inspektion', kind: 'Inspektion', user: 'k' },
  { id: 2, pvRef: pv, maintenanceTimestamp: at + 86_400_000, text: 'Ölwechsel', kind: 'Wartung', user: 'k' },
  {
    id: 3,
    pvRef: pv,
    maintenanceTimestamp: at + 2 * 86_400_000,
    text: 'Lager',
    kind: 'Reparatur',
    user: 'k',
  },
];

describe('life-cycle bulk save (calls §3)', () => {
  it('nothing changed: nothing to send', () => {
    expect(hasChanges(bulkSaveOf(pv, entries, draftsOf(entries)))).toBe(false);
  });

  it('one added, two edited, one removed go into one request', () => {
    const drafts = draftsOf(entries);
    drafts[0] = { ...drafts[0]!, text: 'Inspektion, Lager geprüft' };
    drafts[1] = { ...drafts[1]!, date: '2024-06-01' };
    drafts[2] = { ...drafts[2]!, deleted: true };
    drafts.push({
      key: 'new-1',
      id: null,
      date: '2025-01-10',
      text: 'Neu',
      kind: 'Inspektion',
      deleted: false,
    });
    drafts.push({ key: 'new-2', id: null, date: '2025-01-11', text: 'weg', kind: 'x', deleted: true });
    const save = bulkSaveOf(pv, entries, drafts);
    expect(save.idsToDelete).toEqual([3]);
    expect(save.entriesToCreate).toEqual([
      { pvRef: pv, maintenanceTimestamp: msOfDateInput('2025-01-10'), text: 'Neu', kind: 'Inspektion' },
    ]);
    expect(save.entriesToUpdate).toEqual([
      { id: 1, pvRef: pv, maintenanceTimestamp: at, text: 'Inspektion, Lager geprüft', kind: 'Inspektion' },
      {
        id: 2,
        pvRef: pv,
        maintenanceTimestamp: msOfDateInput('2024-06-01'),
        text: 'Ölwechsel',
        kind: 'Wartung',
      },
    ]);
  });

  it('a day round-trips through the date field', () => {
    expect(dateInputOf(msOfDateInput('2024-02-29')!)).toBe('2024-02-29');
    expect(msOfDateInput('29.02.2024')).toBeNull();
  });
});
