import type { PvConfigsReply, SetConfigReply } from '@leitwarte/core';
import { postLogin } from '../../packages/server/src/auth/login-client';

/** A signed-in API session (cookie and CSRF token), for the calls that set a scene. */
export interface ApiSession {
  url: string;
  cookie: string;
  csrfToken: string;
}

export async function apiSession(url: string, username: string, password: string): Promise<ApiSession> {
  const reply = await postLogin(url, username, password);
  if (reply.status !== 200) throw new Error(`login refused: ${reply.status}`);
  const cookie = reply.headers
    .getSetCookie()
    .find((c) => c.startsWith('lw_session='))
    ?.split(';', 1)[0];
  if (!cookie) throw new Error('no session cookie');
  const { user } = (await reply.json()) as { user: { csrfToken: string } };
  return { url, cookie, csrfToken: user.csrfToken };
}

export async function call<T>(session: ApiSession, method: string, path: string, body?: unknown): Promise<T> {
  const reply = await fetch(`${session.url}${path}`, {
    method,
    headers: {
      cookie: session.cookie,
      'x-csrf-token': session.csrfToken,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${await reply.text()}`);
  return (await reply.json()) as T;
}

/** The switchgear temperature of the waterworks (station 1), whose top limit the tests move. */
const CABINET = { type: 'AnaIn', nr: 100001 } as const;

/**
 * An alarm in the demo as an operator causes one: the top limit of the waterworks' switchgear
 * temperature moved below the simulated temperature with priority 1 and no delay, so the alert
 * engine raises an alert at station 1 and its plans "Bereitschaft Wasser" (1/1) and
 * "Objektschutz" (1/2) start alerting.
 */
export async function raiseAlarmAtWaterworks(session: ApiSession, message: string): Promise<void> {
  const { configs } = await call<PvConfigsReply>(session, 'POST', '/api/Pv/configs', [CABINET]);
  const min = configs[0]?.domainConfig?.min;
  if (typeof min !== 'number') throw new Error('the switchgear temperature has no domain minimum');
  const limit = (limitType: 'Bottom' | 'Top', value: number, priority: number, text: string) => ({
    pvLimitRef: { pv: CABINET, limitType },
    limit: value,
    priority,
    delayTime: 0,
    description: '',
    message: text,
    notSet: false,
  });
  const reply = await call<SetConfigReply>(session, 'POST', '/api/Pv/AnaIn/set-limits', [
    limit('Bottom', min, 4, 'Schaltschrank: Frostgefahr'),
    limit('Top', min + 0.001, 1, message),
  ]);
  if (reply.status !== 'Success') throw new Error(`limits refused: ${JSON.stringify(reply)}`);
}

/** The confirmation link of a mail's text (quoted-printable already decoded by mailparser). */
export function confirmationLink(text: string | undefined): string {
  const link = /https?:\/\/\S+\/remote-alarm\/confirm\?token=[A-Za-z0-9._-]+/.exec(text ?? '')?.[0];
  if (!link) throw new Error(`no confirmation link in: ${text}`);
  return link;
}
