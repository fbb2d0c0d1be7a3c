import { Type, type Static } from 'typebox';
import { ReplyStatus, literalUnion } from '../contract/common.js';
import type { PasswordPolicy } from '../alerts/system-contract.js';

/** POST /api/UserManagement/change-password (calls §3 password change). */
export const PasswordChangeSchema = Type.Object(
  {
    oldPassword: Type.String({ maxLength: 1024 }),
    newPassword: Type.String({ maxLength: 1024 }),
    newConfirmation: Type.String({ maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type PasswordChange = Static<typeof PasswordChangeSchema>;

/** Why a new password is refused; each has a text in the catalogues (screens §8). */
export const PASSWORD_ISSUES = [
  'oldPasswordWrong',
  'policy',
  'sameAsPrevious',
  'confirmationMismatch',
] as const;
export type PasswordIssue = (typeof PASSWORD_ISSUES)[number];

export const PasswordChangeReplySchema = Type.Object({
  status: ReplyStatus,
  errorMessage: Type.String(),
  issues: Type.Array(literalUnion(PASSWORD_ISSUES)),
});
export type PasswordChangeReply = Static<typeof PasswordChangeReplySchema>;

/** Does the password satisfy the policy: minimum length, one digit, one upper- and one lower-case letter? */
export function meetsPasswordPolicy(policy: PasswordPolicy, password: string): boolean {
  if ([...password].length < policy.minLength) return false;
  if (policy.requireDigit && !/\p{Nd}/u.test(password)) return false;
  if (policy.requireUpper && !/\p{Lu}/u.test(password)) return false;
  if (policy.requireLower && !/\p{Ll}/u.test(password)) return false;
  return true;
}

/** The issues of a change request apart from the old password, which only the server can check (screens §5). */
export function passwordChangeIssues(policy: PasswordPolicy, change: PasswordChange): PasswordIssue[] {
  const issues: PasswordIssue[] = [];
  if (!meetsPasswordPolicy(policy, change.newPassword)) issues.push('policy');
  if (change.newPassword === change.oldPassword) issues.push('sameAsPrevious');
  if (change.newPassword !== change.newConfirmation) issues.push('confirmationMismatch');
  return issues;
}
