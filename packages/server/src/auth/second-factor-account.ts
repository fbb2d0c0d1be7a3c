import type { SecondFactorDisable } from '@leitwarte/core';
import type { Store } from '../store/index.js';
import { verifyPassword } from './passwords.js';
import { generateRecoveryCodes } from './recovery-codes.js';
import { checkSecondFactorCode } from './second-factor-code.js';
import { generateTotpSecret, otpauthUri, verifyTotp } from './totp.js';

/** Name under which the authenticator app lists the account. */
export const TOTP_ISSUER = 'Leitwarte';

export interface AccountActor {
  userId: number;
  username: string;
  remoteAddress: string | null;
}

export type SecondFactorRefusal =
  'alreadyEnabled' | 'notEnabled' | 'notStarted' | 'codeInvalid' | 'passwordInvalid';

/**
 * A user's own second factor: start an enrolment (new secret), confirm it with a first code (on,
 * with recovery codes shown once), switch it off with a current code or the password; and the
 * administrators' reset. Every change and every refused attempt is audited.
 */
export function createSecondFactorAccount(store: Store, now: () => number = Date.now) {
  async function audit(actor: AccountActor, action: string, username: string, detail?: object) {
    await store.audit.append({
      at: now(),
      userId: actor.userId,
      username: actor.username,
      action,
      object: `user:${username}`,
      detail: detail === undefined ? null : { ...detail },
      remoteAddress: actor.remoteAddress,
    });
  }
  const userOf = async (id: number) => {
    const user = await store.users.byId(id);
    if (user === undefined) throw new Error(`user ${id} vanished`);
    return user;
  };

  return {
    async status(userId: number) {
      const user = await userOf(userId);
      const enabled = user.totp_enabled === 1;
      return {
        enabled,
        recoveryCodesLeft: enabled ? (JSON.parse(user.recovery_codes) as string[]).length : 0,
      };
    },

    async start(actor: AccountActor): Promise<{ secret: string; otpauthUri: string } | SecondFactorRefusal> {
      const secret = generateTotpSecret();
      if (!(await store.users.startTotpEnrolment(actor.userId, secret, now()))) return 'alreadyEnabled';
      await audit(actor, 'secondFactor.enrolment.started', actor.username);
      return { secret, otpauthUri: otpauthUri(TOTP_ISSUER, actor.username, secret) };
    },

    async confirm(
      actor: AccountActor,
      code: string,
    ): Promise<{ recoveryCodes: string[] } | SecondFactorRefusal> {
      const user = await userOf(actor.userId);
      if (user.totp_enabled === 1) return 'alreadyEnabled';
      if (user.totp_secret === null) return 'notStarted';
      const step = verifyTotp(user.totp_secret, code, now(), null);
      if (step === null) {
        await audit(actor, 'secondFactor.enrolment.refused', actor.username, { reason: 'codeInvalid' });
        return 'codeInvalid';
      }
      const { codes, hashes } = generateRecoveryCodes();
      await store.users.enableTotp(actor.userId, hashes, step, now());
      await audit(actor, 'secondFactor.enabled', actor.username);
      return { recoveryCodes: codes };
    },

    async disable(actor: AccountActor, proof: SecondFactorDisable): Promise<'ok' | SecondFactorRefusal> {
      const user = await userOf(actor.userId);
      if (user.totp_enabled !== 1) return 'notEnabled';
      const proven =
        proof.code !== undefined
          ? (await checkSecondFactorCode(store, user, proof.code, now())) === 'totp'
          : proof.password !== undefined && (await verifyPassword(user.password_hash, proof.password));
      if (!proven) {
        const reason = proof.code !== undefined ? 'codeInvalid' : 'passwordInvalid';
        await audit(actor, 'secondFactor.disable.refused', actor.username, { reason });
        return reason;
      }
      await store.users.disableTotp(actor.userId, now());
      await audit(actor, 'secondFactor.disabled', actor.username, {
        by: proof.code !== undefined ? 'code' : 'password',
      });
      return 'ok';
    },

    /** An administrator switches a user's second factor off (lost phone); false for an unknown user. */
    async reset(actor: AccountActor, userId: number): Promise<boolean> {
      const user = await store.users.byId(userId);
      if (user === undefined) return false;
      await store.users.disableTotp(userId, now());
      await store.audit.append({
        at: now(),
        userId: actor.userId,
        username: actor.username,
        action: 'user.secondFactor.reset',
        object: `user:${user.username}`,
        oldValue: user.totp_enabled === 1 ? 'enabled' : 'disabled',
        newValue: 'disabled',
        detail: null,
        remoteAddress: actor.remoteAddress,
      });
      return true;
    },
  };
}
export type SecondFactorAccount = ReturnType<typeof createSecondFactorAccount>;
