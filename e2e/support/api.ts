import { postLogin } from '../../packages/server/src/auth/login-client';
import { ADMIN_PASSWORD } from './server-process.js';

/** Logs in through the login form's calls (form token, bot check), as the web app does; returns the reply. */
export function logIn(url: string, username = 'admin', password = ADMIN_PASSWORD): Promise<Response> {
  return postLogin(url, username, password);
}

/** The session cookie (`lw_session=…`) of a successful login; throws when refused. */
export async function sessionCookie(url: string, username?: string, password?: string): Promise<string> {
  const reply = await logIn(url, username, password);
  if (reply.status !== 200) throw new Error(`login refused: ${reply.status}`);
  const cookie = reply.headers.getSetCookie().find((c) => c.startsWith('lw_session='));
  if (cookie === undefined) throw new Error('login set no session cookie');
  return cookie.split(';', 1)[0]!;
}
