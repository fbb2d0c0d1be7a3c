import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Cookie that binds a login form's CSRF token to the browser that asked for it. */
export const LOGIN_CSRF_COOKIE = 'lw_login_csrf';

/** How long a login form's token is valid. */
export const LOGIN_CSRF_TTL_MS = 30 * 60_000;

export type LoginCsrfCheck = 'ok' | 'expired' | 'incorrect';

/**
 * Tokens for the login form (double submit, signed): `nonce.expiresAt.mac`. The nonce also
 * goes into an HttpOnly cookie; a token is accepted only with its own cookie, unexpired and
 * signed by this server.
 */
export function createLoginCsrf(secret: string, now: () => number = Date.now) {
  const mac = (nonce: string, expiresAt: number) =>
    createHmac('sha256', secret).update(`${nonce}.${expiresAt}`).digest('base64url');
  return {
    issue(): { token: string; nonce: string; expiresAt: number } {
      const nonce = randomBytes(18).toString('base64url');
      const expiresAt = now() + LOGIN_CSRF_TTL_MS;
      return { token: `${nonce}.${expiresAt}.${mac(nonce, expiresAt)}`, nonce, expiresAt };
    },
    check(token: string, cookieNonce: string | undefined): LoginCsrfCheck {
      const [nonce, expires, signature, ...rest] = token.split('.');
      if (nonce === undefined || expires === undefined || signature === undefined || rest.length > 0) {
        return 'incorrect';
      }
      if (!/^\d{1,15}$/.test(expires) || cookieNonce === undefined || cookieNonce !== nonce)
        return 'incorrect';
      const expected = Buffer.from(mac(nonce, Number(expires)));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'incorrect';
      return Number(expires) < now() ? 'expired' : 'ok';
    },
  };
}
export type LoginCsrf = ReturnType<typeof createLoginCsrf>;
