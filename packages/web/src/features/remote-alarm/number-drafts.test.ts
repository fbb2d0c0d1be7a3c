import type { AlarmCallNumber } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import { changedInputs, draftOf, draftProblems } from './number-drafts';

const stored: AlarmCallNumber = {
  id: 3,
  name: 'Thomas Becker',
  number: '0160-98765431',
  active: true,
  categoryId: 2,
  channel: 'voice',
};

describe('call number drafts (validated as the server does: E.164 or national, e-mail addresses)', () => {
  it('finds nothing wrong with a stored number, and names what is wrong as typed', () => {
    expect(draftProblems(draftOf(stored), 'DE')).toEqual({});
    expect(draftProblems({ ...draftOf(stored), number: '0160 12' }, 'DE')).toEqual({
      number: 'remoteAlarm.edit.problems.phoneInvalid',
    });
    expect(draftProblems({ ...draftOf(stored), channel: 'email' }, 'DE')).toEqual({
      number: 'remoteAlarm.edit.problems.email',
    });
    expect(draftProblems({ ...draftOf(stored), name: '  ' }, 'DE')).toEqual({
      name: 'remoteAlarm.edit.problems.nameEmpty',
    });
  });

  it('sends only new and changed numbers, trimmed', () => {
    const byId = new Map([[3, stored]]);
    expect(changedInputs([draftOf(stored)], byId)).toEqual([]);
    const changed = changedInputs(
      [
        { ...draftOf(stored), name: ' Thomas Becker (Meister) ' },
        {
          key: 'new1',
          name: 'Leitstelle',
          number: 'k.weber@zv-talaue.example',
          channel: 'email',
          categoryId: null,
          active: true,
        },
      ],
      byId,
    );
    expect(changed).toEqual([
      {
        id: 3,
        name: 'Thomas Becker (Meister)',
        number: '0160-98765431',
        active: true,
        categoryId: 2,
        channel: 'voice',
      },
      {
        name: 'Leitstelle',
        number: 'k.weber@zv-talaue.example',
        active: true,
        categoryId: null,
        channel: 'email',
      },
    ]);
  });
});
