import type { BotCheckChallenge } from '@leitwarte/core';
import { solveProofOfWork } from './proof-of-work.js';

/** A login form as a client outside the browser holds it: the form token and its cookie. */
export interface LoginForm {
  csrfToken: string;
  /** `lw_login_csrf=…` for the Cookie header. */
  cookie: string;
}

const cookiePair = (reply: Response, name: string) =>
  reply.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';', 1)[0];

/** GET /api/auth/csrf: the login form's token and cookie. */
export async function openLoginForm(baseUrl: string): Promise<LoginForm> {
  const reply = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await reply.json()) as { csrfToken: string };
  return { csrfToken, cookie: cookiePair(reply, 'lw_login_csrf') ?? '' };
}

/**
 * GET /api/auth/bot-check and its answer, as the login page computes it. Only the proof of work can
 * be answered outside a browser; with reCAPTCHA configured this returns undefined.
 */
export async function answerBotCheck(baseUrl: string): Promise<string | undefined> {
  const challenge = (await (await fetch(`${baseUrl}/api/auth/bot-check`)).json()) as BotCheckChallenge;
  return challenge.kind === 'proofOfWork' ? solveProofOfWork(challenge) : undefined;
}

/** POST /api/auth/login with a fresh form and bot check answer; the raw reply. */
export async function postLogin(
  baseUrl: string,
  username: string,
  password: string,
  form?: LoginForm,
): Promise<Response> {
  const { csrfToken, cookie } = form ?? (await openLoginForm(baseUrl));
  const recaptchaToken = await answerBotCheck(baseUrl);
  return fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ csrfToken, recaptchaToken, username, password }),
  });
}

/** A cookie `name=value` the reply sets, if any. */
export function setCookieOf(reply: Response, name: string): string | undefined {
  return cookiePair(reply, name);
}
