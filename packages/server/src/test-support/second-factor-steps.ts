import { postLogin, setCookieOf, type LoginForm, openLoginForm } from '../auth/login-client.js';
import { totpCode } from '../auth/totp.js';

/** A session as a non-browser client holds it. */
export interface Session {
  cookie: string;
  csrfToken: string;
}

/** Logs in where no second factor is asked; throws otherwise. */
export async function sessionFor(url: string, username: string, password: string): Promise<Session> {
  const reply = await postLogin(url, username, password);
  const body = (await reply.json()) as { user?: { csrfToken: string } };
  const cookie = setCookieOf(reply, 'lw_session');
  if (reply.status !== 200 || body.user === undefined || cookie === undefined)
    throw new Error(`login of ${username}: ${reply.status} ${JSON.stringify(body)}`);
  return { cookie, csrfToken: body.user.csrfToken };
}

/** A state-changing call of a session. */
export function post(url: string, path: string, session: Session, body?: unknown) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      cookie: session.cookie,
      'x-csrf-token': session.csrfToken,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Switches the second factor on for the session's user; the secret and the recovery codes. */
export async function enrol(url: string, session: Session, now = Date.now()) {
  const start = await post(url, '/api/account/second-factor/enrolment', session);
  const { secret } = (await start.json()) as { secret: string };
  const confirm = await post(url, '/api/account/second-factor/enrolment/confirm', session, {
    code: totpCode(secret, now),
  });
  const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

/** The password step of a login with second factor: the pending cookie and the form to continue with. */
export async function passwordStep(url: string, username: string, password: string) {
  const form = await openLoginForm(url);
  const reply = await postLogin(url, username, password, form);
  return {
    reply,
    form,
    pending: setCookieOf(reply, 'lw_login_pending'),
    body: (await reply.json()) as { secondFactorRequired?: boolean; code?: string; user?: unknown },
  };
}

/** POST /api/auth/login/verify with the form's token and the pending cookie. */
export async function verifyStep(url: string, form: LoginForm, pending: string | undefined, code: string) {
  const reply = await fetch(`${url}/api/auth/login/verify`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: [form.cookie, pending].filter(Boolean).join('; '),
    },
    body: JSON.stringify({ csrfToken: form.csrfToken, code }),
  });
  const body = (await reply.json()) as { code?: string; user?: { csrfToken: string } };
  return { status: reply.status, body, session: setCookieOf(reply, 'lw_session') };
}
