import type { Store } from '../store/index.js';
import type { UserRow } from '../store/users-repository.js';
import { consumeRecoveryCode } from './recovery-codes.js';
import { verifyTotp } from './totp.js';

/**
 * Checks a code against a user's second factor and uses it up: a six-digit code of the
 * authenticator app (each time step once), otherwise one of the recovery codes (each once).
 * Returns which kind was used, or null when the code is not valid (any more).
 */
export async function checkSecondFactorCode(
  store: Store,
  user: UserRow,
  code: string,
  nowMs: number,
): Promise<'totp' | 'recoveryCode' | null> {
  if (user.totp_secret === null) return null;
  const compact = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(compact)) {
    const step = verifyTotp(user.totp_secret, compact, nowMs, user.totp_last_step);
    if (step === null) return null;
    return (await store.users.claimTotpStep(user.id, step, nowMs)) ? 'totp' : null;
  }
  const remaining = consumeRecoveryCode(user.recovery_codes, compact);
  if (remaining === null) return null;
  return (await store.users.replaceRecoveryCodes(user.id, user.recovery_codes, remaining, nowMs))
    ? 'recoveryCode'
    : null;
}
