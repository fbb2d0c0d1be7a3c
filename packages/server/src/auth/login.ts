import { LOGIN_LOCKOUT_MS, type LoginErrorCode, type LoginRequest } from '@leitwarte/core';
import type { Store } from '../store/index.js';
import type { LoginCsrf } from './login-csrf.js';
import { decoyPasswordHash, verifyPassword } from './passwords.js';
import type { ActiveSession, SessionService } from './sessions.js';

export type LoginResult =
  { ok: true; secret: string; session: ActiveSession } | { ok: false; code: LoginErrorCode };

export interface LoginServiceOptions {
  store: Store;
  sessions: SessionService;
  csrf: LoginCsrf;
  maxFailures: number;
  now?: () => number;
}

/**
 * Password login. Unknown user and wrong password get the same refusal after the same work;
 * after maxFailures consecutive failures the user is locked for 5 minutes, other users are
 * unaffected. Every outcome is audited.
 */
export function createLoginService(options: LoginServiceOptions) {
  const { store, sessions, csrf, maxFailures } = options;
  const now = options.now ?? Date.now;

  async function audit(
    action: string,
    username: string,
    userId: number | null,
    remote: string,
    detail?: object,
  ) {
    await store.audit.append({
      at: now(),
      userId,
      username,
      action,
      object: `user:${username}`,
      detail: detail === undefined ? null : { ...detail },
      remoteAddress: remote,
    });
  }

  return {
    async login(request: LoginRequest, csrfCookie: string | undefined, remote: string): Promise<LoginResult> {
      const csrfCheck = csrf.check(request.csrfToken, csrfCookie);
      if (csrfCheck !== 'ok') {
        const code = csrfCheck === 'expired' ? 'csrfTokenExpired' : 'csrfTokenIncorrect';
        await audit('login.failed', request.username, null, remote, { reason: code });
        return { ok: false, code };
      }
      const user = await store.users.byName(request.username);
      const passwordOk = await verifyPassword(
        user?.password_hash ?? (await decoyPasswordHash()),
        request.password,
      );
      const at = now();
      if (user === undefined || user.disabled === 1) {
        await audit('login.failed', request.username, null, remote, { reason: 'invalidCredentials' });
        return { ok: false, code: 'invalidCredentials' };
      }
      if (user.locked_until !== null && user.locked_until > at) {
        await audit('login.failed', user.username, user.id, remote, { reason: 'lockedOut' });
        return { ok: false, code: 'lockedOut' };
      }
      if (!passwordOk) {
        const failures = await store.users.recordFailure(user.id, at);
        await audit('login.failed', user.username, user.id, remote, {
          reason: 'invalidCredentials',
          failures,
        });
        if (failures >= maxFailures) {
          await store.users.lockUntil(user.id, at + LOGIN_LOCKOUT_MS, at);
          await audit('login.lockout', user.username, user.id, remote, { until: at + LOGIN_LOCKOUT_MS });
          return { ok: false, code: 'lockedOut' };
        }
        return { ok: false, code: 'invalidCredentials' };
      }
      await store.users.clearFailures(user.id, at);
      const { secret, session } = await sessions.create(user.id);
      await audit('login', user.username, user.id, remote);
      return { ok: true, secret, session };
    },

    async logout(session: ActiveSession, remote: string): Promise<void> {
      await sessions.end(session.sessionId, 'logout');
      await audit('logout', session.username, session.userId, remote);
    },
  };
}
export type LoginService = ReturnType<typeof createLoginService>;
