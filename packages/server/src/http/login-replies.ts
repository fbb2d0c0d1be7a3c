import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginRefusalCode } from '../auth/login.js';
import type { Services } from '../services.js';

const LOGIN_STATUS: Record<LoginRefusalCode, number> = {
  invalidCredentials: 401,
  secondFactorCodeInvalid: 401,
  lockedOut: 423,
  csrfTokenExpired: 403,
  csrfTokenIncorrect: 403,
  recaptchaNotValidated: 403,
  loginNotPossible: 503,
  loginTimeLimitExceeded: 403,
  userNotLoaded: 500,
  addressThrottled: 429,
  licenseExceeded: 403,
};

// The client shows its catalogue text by code; these are for API users and logs.
const LOGIN_MESSAGE: Record<LoginRefusalCode, string> = {
  invalidCredentials: 'Invalid credentials',
  secondFactorCodeInvalid: 'The code is not valid or was used already',
  lockedOut: 'User is locked out for 5 minutes after too many invalid login attempts',
  csrfTokenExpired: 'CSRF token expired, try again',
  csrfTokenIncorrect: 'Transmitted token is incorrect',
  recaptchaNotValidated: 'Bot check could not be validated',
  loginNotPossible: 'Login currently not possible, try later',
  loginTimeLimitExceeded: 'Login time limit exceeded, try again',
  userNotLoaded: 'User could not be loaded',
  addressThrottled: 'Too many failed logins from this address, try later',
  licenseExceeded: 'License exceeded',
};

// The client knows the catalogue's codes; a throttled address reads "login currently not possible".
const CLIENT_CODE: Partial<Record<LoginRefusalCode, string>> = { addressThrottled: 'loginNotPossible' };

/** Answers a refused login step in the error shape every route uses, with the reason code. */
export function refuseLogin(reply: FastifyReply, code: LoginRefusalCode) {
  const statusCode = LOGIN_STATUS[code];
  return reply.code(statusCode).send({
    statusCode,
    error: 'Login refused',
    code: CLIENT_CODE[code] ?? code,
    message: LOGIN_MESSAGE[code],
  });
}

/** Attributes of every login cookie: HttpOnly, SameSite=Strict, Secure under TLS. */
export function cookieBase(services: Services, request: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: services.config.secureCookies || request.protocol === 'https',
  };
}
