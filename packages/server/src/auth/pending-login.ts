import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SECOND_FACTOR_PENDING_MS } from '@leitwarte/core';

/** HttpOnly cookie that carries a login between the password and the second factor. */
export const PENDING_LOGIN_COOKIE = 'lw_login_pending';

export type PendingCheck = { ok: true; userId: number } | { ok: false; reason: 'expired' | 'incorrect' };

/**
 * The state between password and code, signed so any server process can check it:
 * `userId.expiresAt.nonce.mac`. It grants nothing but the right to send codes for that user
 * until it expires (5 minutes); once the login is complete it is spent.
 */
export function createPendingLogin(secret: string, now: () => number = Date.now) {
  const spent = new Map<string, number>();
  const mac = (body: string) => createHmac('sha256', secret).update(`pending.${body}`).digest('base64url');
  return {
    issue(userId: number): { token: string; expiresAt: number } {
      const expiresAt = now() + SECOND_FACTOR_PENDING_MS;
      const body = `${userId}.${expiresAt}.${randomBytes(16).toString('base64url')}`;
      return { token: `${body}.${mac(body)}`, expiresAt };
    },
    check(token: string | undefined): PendingCheck {
      const match =
        token === undefined ? null : /^(\d{1,12})\.(\d{1,15})\.([\w-]{1,64})\.([\w-]{1,64})$/.exec(token);
      if (match === null) return { ok: false, reason: 'incorrect' };
      const [, userId = '', expires = '', nonce = '', signature = ''] = match;
      const expected = Buffer.from(mac(`${userId}.${expires}.${nonce}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given) || spent.has(nonce)) {
        return { ok: false, reason: 'incorrect' };
      }
      if (Number(expires) < now()) return { ok: false, reason: 'expired' };
      return { ok: true, userId: Number(userId) };
    },
    /** Marks a token used; remembered until it would have expired anyway. */
    spend(token: string | undefined): void {
      const [, expires, nonce] = (token ?? '').split('.');
      const at = now();
      for (const [key, until] of spent) if (until < at) spent.delete(key);
      if (nonce !== undefined) spent.set(nonce, Number(expires));
    },
  };
}
export type PendingLogin = ReturnType<typeof createPendingLogin>;
