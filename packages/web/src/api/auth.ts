import type {
  BotCheckChallenge,
  CsrfReply,
  LoginOutcome,
  LoginReply,
  LoginRequest,
  LoginVerifyRequest,
  UserInfo,
} from '@leitwarte/core';
import { ApiError, apiRequest, hasSessionCsrfToken, setSessionCsrfToken } from './http';

// The login flow's own calls never trigger the 401 redirect: their 401 is the answer, not an expiry.
const loginFlow = { redirectOnUnauthorized: false } as const;

/** GET /api/auth/csrf: a token for the login form (the server binds it to a pre-login cookie). */
export function getLoginCsrfToken(signal?: AbortSignal): Promise<CsrfReply> {
  return apiRequest<CsrfReply>('/api/auth/csrf', { ...loginFlow, signal });
}

/** GET /api/auth/bot-check: a proof-of-work challenge, or the reCAPTCHA site key. */
export function getBotCheckChallenge(signal?: AbortSignal): Promise<BotCheckChallenge> {
  return apiRequest<BotCheckChallenge>('/api/auth/bot-check', { ...loginFlow, signal });
}

/**
 * POST /api/auth/login. With a session the session cookie is set and its CSRF token kept; a user
 * with a second factor gets `secondFactorRequired` instead and continues with verifyLogin.
 */
export async function login(request: LoginRequest): Promise<LoginOutcome> {
  const reply = await apiRequest<LoginOutcome>('/api/auth/login', {
    ...loginFlow,
    method: 'POST',
    body: request,
  });
  if ('user' in reply) setSessionCsrfToken(reply.user.csrfToken);
  return reply;
}

/** POST /api/auth/login/verify: the code of the authenticator app or a recovery code; opens the session. */
export async function verifyLogin(request: LoginVerifyRequest): Promise<LoginReply> {
  const reply = await apiRequest<LoginReply>('/api/auth/login/verify', {
    ...loginFlow,
    method: 'POST',
    body: request,
  });
  setSessionCsrfToken(reply.user.csrfToken);
  return reply;
}

/** The session's CSRF token from the user info; false when there is no session (any more). */
async function refreshSessionToken(): Promise<boolean> {
  try {
    const info = await apiRequest<UserInfo>('/api/UserManagement/info', loginFlow);
    setSessionCsrfToken(info.csrfToken);
    return true;
  } catch {
    return false;
  }
}

const isCsrfRefusal = (error: unknown) => error instanceof ApiError && error.code === 'csrfTokenIncorrect';

/**
 * POST /api/auth/logout. Ending a session needs its CSRF token; after a reload on the logout page the
 * token is not known yet (or is stale), so it is read from the user info first. The local token is
 * dropped whatever the server answers.
 */
export async function logout(): Promise<void> {
  try {
    if (!hasSessionCsrfToken() && !(await refreshSessionToken())) return;
    const send = () => apiRequest<unknown>('/api/auth/logout', { ...loginFlow, method: 'POST' });
    try {
      await send();
    } catch (error) {
      if (!isCsrfRefusal(error) || !(await refreshSessionToken())) throw error;
      await send();
    }
  } finally {
    setSessionCsrfToken(null);
  }
}
