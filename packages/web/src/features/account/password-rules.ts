import {
  DOMAIN_PASSWORD_CHANGE_REFUSED,
  passwordChangeIssues,
  type PasswordChange,
  type PasswordChangeReply,
  type PasswordIssue,
  type PasswordPolicy,
} from '@leitwarte/core';
import type { ParseKeys } from 'i18next';

/** The catalogue texts that state the policy, with the minimum length (screens §5). */
export function policyTextKeys(policy: PasswordPolicy): ParseKeys[] {
  if (policy.requireDigit && policy.requireUpper && policy.requireLower)
    return ['account.password.policyAll'];
  const keys: ParseKeys[] = ['account.password.policyLength'];
  if (policy.requireDigit) keys.push('account.password.policyDigit');
  if (policy.requireUpper) keys.push('account.password.policyUpper');
  if (policy.requireLower) keys.push('account.password.policyLower');
  return keys;
}

/** Which field shows which issue; only fields the user has filled in complain. */
export interface FieldIssues {
  oldPassword: PasswordIssue[];
  newPassword: PasswordIssue[];
  newConfirmation: PasswordIssue[];
}

/** The issues found while typing, by the same rule the server applies. */
export function issuesWhileTyping(policy: PasswordPolicy, change: PasswordChange): FieldIssues {
  return fieldIssues(
    passwordChangeIssues(policy, change).filter(
      (issue) =>
        (issue === 'policy' && change.newPassword !== '') ||
        (issue === 'sameAsPrevious' && change.newPassword !== '' && change.oldPassword !== '') ||
        (issue === 'confirmationMismatch' && change.newConfirmation !== ''),
    ),
  );
}

/** Issues placed at their fields. */
export function fieldIssues(issues: readonly PasswordIssue[]): FieldIssues {
  return {
    oldPassword: issues.filter((issue) => issue === 'oldPasswordWrong'),
    newPassword: issues.filter((issue) => issue === 'policy' || issue === 'sameAsPrevious'),
    newConfirmation: issues.filter((issue) => issue === 'confirmationMismatch'),
  };
}

/** May the change be sent: every field filled in and no rule broken. */
export function canSubmit(policy: PasswordPolicy, change: PasswordChange): boolean {
  const filled = change.oldPassword !== '' && change.newPassword !== '' && change.newConfirmation !== '';
  return filled && passwordChangeIssues(policy, change).length === 0;
}

/** A refusal without a field to show it at: the domain text from the catalogue, or the reply's text. */
export function refusalKey(reply: PasswordChangeReply): ParseKeys | null {
  if (reply.errorMessage === DOMAIN_PASSWORD_CHANGE_REFUSED) return 'account.password.domainManaged';
  return null;
}
