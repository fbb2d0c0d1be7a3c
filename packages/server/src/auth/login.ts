import type { LoginErrorCode, LoginRequest } from '@leitwarte/core';
import type { Store } from '../store/index.js';
import type { UserRow } from '../store/users-repository.js';
import type { BotCheck } from './bot-check.js';
import type { LoginCsrf } from './login-csrf.js';
import { decoyPasswordHash, verifyPassword } from './passwords.js';
import { AddressThrottle, NameLockouts } from './login-throttle.js';
import { checkSecondFactorCode } from './second-factor-code.js';
import type { ActiveSession, SessionService } from './sessions.js';
import { LicenceExceededError, type Licence } from './licence.js';

/**
 * A refused step: the login codes, a code that is not (or no longer) valid, or an address
 * with too many failed logins (answered as 'loginNotPossible' with 429).
 */
export type LoginRefusalCode = LoginErrorCode | 'secondFactorCodeInvalid' | 'addressThrottled';

export type LoginResult =
  | { ok: true; secret: string; session: ActiveSession }
  | { ok: 'secondFactor'; userId: number; username: string }
  | { ok: false; code: LoginRefusalCode };

/** What a login checks besides the password: the bot check, and how long a lockout lasts. */
export interface LoginPolicy {
  botCheck: BotCheck;
  lockoutMs: number;
}

export interface LoginServiceOptions {
  store: Store;
  sessions: SessionService;
  csrf: LoginCsrf;
  maxFailures: number;
  /** Failed logins from one address within `addressWindowMs` after which it must wait. */
  addressMaxFailures: number;
  addressWindowMs: number;
  /** The licence limits a new session must stay within; none: no limits (tests of other parts). */
  licence?: Licence;
  now?: () => number;
}

/**
 * Password login with bot check and second factor. Unknown user and wrong password get the same
 * refusal after the same work, and an unknown name is locked out after the same count as a
 * user (so a lockout tells nothing about who exists); failed passwords and failed codes
 * together count toward the lockout (maxFailures in a row, then the user is locked, others
 * unaffected). An address with too many failures is refused before any password is checked. A user with a second
 * factor gets no session from the password alone, and the failures are cleared only once the
 * whole login succeeded, so guessing codes cannot be restarted with the password. Every outcome is
 * audited.
 */
export function createLoginService(options: LoginServiceOptions) {
  const { store, sessions, csrf, maxFailures } = options;
  const now = options.now ?? Date.now;
  const names = new NameLockouts(maxFailures, now);
  const addresses = new AddressThrottle(options.addressMaxFailures, options.addressWindowMs, now);

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

  /** Counts a failure; locks the user when it is one too many. */
  async function fail(user: UserRow, reason: LoginRefusalCode, remote: string, lockoutMs: number) {
    addresses.fail(remote);
    const at = now();
    const failures = await store.users.recordFailure(user.id, at);
    await audit('login.failed', user.username, user.id, remote, { reason, failures });
    if (failures < maxFailures) return { ok: false as const, code: reason };
    await store.users.lockUntil(user.id, at + lockoutMs, at);
    await audit('login.lockout', user.username, user.id, remote, { until: at + lockoutMs });
    return { ok: false as const, code: 'lockedOut' as const };
  }

  const locked = (user: UserRow) => user.locked_until !== null && user.locked_until > now();

  /** A name that is no (enabled) user goes through the same steps as a user, counted in memory. */
  async function failUnknown(username: string, remote: string, lockoutMs: number) {
    if (names.locked(username)) {
      await audit('login.failed', username, null, remote, { reason: 'lockedOut' });
      return { ok: false as const, code: 'lockedOut' as const };
    }
    addresses.fail(remote);
    const locks = names.fail(username, lockoutMs);
    await audit('login.failed', username, null, remote, { reason: 'invalidCredentials' });
    if (!locks) return { ok: false as const, code: 'invalidCredentials' as const };
    await audit('login.lockout', username, null, remote, { until: now() + lockoutMs });
    return { ok: false as const, code: 'lockedOut' as const };
  }

  /** Refuses an address with too many recent failures, before any password work. */
  async function throttled(username: string, remote: string): Promise<boolean> {
    const until = addresses.blockedUntil(remote);
    if (until === null) return false;
    await audit('login.refused', username, null, remote, { reason: 'addressThrottled', until });
    return true;
  }

  async function open(user: UserRow, remote: string, detail?: object): Promise<LoginResult> {
    const licence = options.licence;
    let created: Awaited<ReturnType<SessionService['create']>>;
    try {
      created = await sessions.create(
        user.id,
        licence === undefined ? undefined : (trx) => licence.admitLogin(trx, user.id),
      );
    } catch (error) {
      if (!(error instanceof LicenceExceededError)) throw error;
      await audit('login.refused', user.username, user.id, remote, {
        reason: 'licenseExceeded',
        limit: error.limit,
      });
      return { ok: false, code: 'licenseExceeded' };
    }
    const { secret, session } = created;
    await store.users.clearFailures(user.id, now());
    await audit('login', user.username, user.id, remote, detail);
    return { ok: true, secret, session };
  }

  return {
    async login(
      request: LoginRequest,
      csrfCookie: string | undefined,
      remote: string,
      policy: LoginPolicy,
    ): Promise<LoginResult> {
      const csrfCheck = csrf.check(request.csrfToken, csrfCookie);
      if (csrfCheck !== 'ok') {
        const code = csrfCheck === 'expired' ? 'csrfTokenExpired' : 'csrfTokenIncorrect';
        await audit('login.failed', request.username, null, remote, { reason: code });
        return { ok: false, code };
      }
      const bot = await policy.botCheck.verify(request.recaptchaToken, remote);
      if (bot !== 'ok') {
        const code = bot === 'unavailable' ? 'loginNotPossible' : 'recaptchaNotValidated';
        await audit('login.failed', request.username, null, remote, { reason: code });
        return { ok: false, code };
      }
      if (await throttled(request.username, remote)) return { ok: false, code: 'addressThrottled' };
      const user = await store.users.byName(request.username);
      const passwordOk = await verifyPassword(
        user?.password_hash ?? (await decoyPasswordHash()),
        request.password,
      );
      if (user === undefined || user.disabled === 1) {
        return failUnknown(request.username, remote, policy.lockoutMs);
      }
      if (locked(user)) {
        await audit('login.failed', user.username, user.id, remote, { reason: 'lockedOut' });
        return { ok: false, code: 'lockedOut' };
      }
      if (!passwordOk) return fail(user, 'invalidCredentials', remote, policy.lockoutMs);
      if (user.totp_enabled === 1) {
        await audit('login.password', user.username, user.id, remote, { next: 'secondFactor' });
        return { ok: 'secondFactor', userId: user.id, username: user.username };
      }
      return open(user, remote);
    },

    /** The second step: a code of the authenticator app or a recovery code, for a pending login. */
    async verifySecondFactor(
      userId: number,
      code: string,
      remote: string,
      policy: Pick<LoginPolicy, 'lockoutMs'>,
    ): Promise<LoginResult> {
      const user = await store.users.byId(userId);
      if (user === undefined) return { ok: false, code: 'userNotLoaded' };
      if (await throttled(user.username, remote)) return { ok: false, code: 'addressThrottled' };
      if (user.disabled === 1) {
        await audit('login.failed', user.username, user.id, remote, { reason: 'invalidCredentials' });
        return { ok: false, code: 'invalidCredentials' };
      }
      // Reset by an administrator meanwhile: the pending step is void, the login starts over.
      if (user.totp_enabled !== 1) return { ok: false, code: 'loginTimeLimitExceeded' };
      if (locked(user)) {
        await audit('login.failed', user.username, user.id, remote, { reason: 'lockedOut' });
        return { ok: false, code: 'lockedOut' };
      }
      const used = await checkSecondFactorCode(store, user, code, now());
      if (used === null) return fail(user, 'secondFactorCodeInvalid', remote, policy.lockoutMs);
      return open(user, remote, { secondFactor: used });
    },

    async logout(session: ActiveSession, remote: string): Promise<void> {
      await sessions.end(session.sessionId, 'logout');
      await audit('logout', session.username, session.userId, remote);
    },
  };
}
export type LoginService = ReturnType<typeof createLoginService>;
