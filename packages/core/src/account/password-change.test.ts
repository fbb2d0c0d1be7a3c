import { describe, expect, it } from 'vitest';
import { meetsPasswordPolicy, passwordChangeIssues } from './password-change.js';

const policy = { minLength: 10, requireDigit: true, requireUpper: true, requireLower: true };

describe('password policy (screens §5, §8)', () => {
  it('needs the minimum length with one digit, one upper-case and one lower-case letter', () => {
    expect(meetsPasswordPolicy(policy, 'Abcdefghi1')).toBe(true);
    expect(meetsPasswordPolicy(policy, 'Abcdefgh1')).toBe(false);
    expect(meetsPasswordPolicy(policy, 'abcdefghi1')).toBe(false);
    expect(meetsPasswordPolicy(policy, 'ABCDEFGHI1')).toBe(false);
    expect(meetsPasswordPolicy(policy, 'Abcdefghij')).toBe(false);
    expect(meetsPasswordPolicy(policy, 'Äöüßäöüßä1')).toBe(true);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(meetsPasswordPolicy({ ...policy, minLength: 4 }, 'A1😀')).toBe(false);
  });

  it('lets a relaxed policy drop the character classes', () => {
    const relaxed = { minLength: 4, requireDigit: false, requireUpper: false, requireLower: false };
    expect(meetsPasswordPolicy(relaxed, '....')).toBe(true);
  });

  it('needs a new password different from the previous one and a matching confirmation', () => {
    expect(
      passwordChangeIssues(policy, {
        oldPassword: 'Abcdefghi1',
        newPassword: 'Abcdefghi1',
        newConfirmation: 'Abcdefghi2',
      }),
    ).toEqual(['sameAsPrevious', 'confirmationMismatch']);
    expect(
      passwordChangeIssues(policy, { oldPassword: 'x', newPassword: 'short', newConfirmation: 'short' }),
    ).toEqual(['policy']);
    expect(
      passwordChangeIssues(policy, {
        oldPassword: 'x',
        newPassword: 'Abcdefghi1',
        newConfirmation: 'Abcdefghi1',
      }),
    ).toEqual([]);
  });
});
