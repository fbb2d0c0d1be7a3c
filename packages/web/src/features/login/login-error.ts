import { LOGIN_ERROR_CODES, type LoginErrorCode } from '@leitwarte/core';
import { ApiError, NetworkError } from '../../api/http';
import { NativeBridgeError } from '../../lib/native-bridge';

/** The login page could not obtain a CSRF token, so no login can be sent. */
export class LoginTokenUnavailableError extends Error {
  constructor(cause: unknown) {
    super('login CSRF token unavailable', { cause });
    this.name = 'LoginTokenUnavailableError';
  }
}

export type LoginErrorKey =
  | `login.errors.${LoginErrorCode}`
  | 'login.errors.tokenUnavailable'
  | 'native.errors.timeout'
  | 'errors.network'
  | 'errors.unknown';

function isLoginErrorCode(code: string | null): code is LoginErrorCode {
  return code !== null && (LOGIN_ERROR_CODES as readonly string[]).includes(code);
}

/** The catalogue text for a failed login (screens §8): by the server's code, else by what went wrong. */
export function loginErrorKey(error: unknown): LoginErrorKey {
  if (error instanceof LoginTokenUnavailableError) return 'login.errors.tokenUnavailable';
  if (error instanceof NetworkError) return 'errors.network';
  // Handed to the app, the login gave no session in time.
  if (error instanceof NativeBridgeError) return 'native.errors.timeout';
  if (!(error instanceof ApiError)) return 'errors.unknown';
  if (isLoginErrorCode(error.code)) return `login.errors.${error.code}`;
  // Without a code (e.g. an intermediary answered): say what the status most likely means.
  if (error.status === 401) return 'login.errors.invalidCredentials';
  if (error.status >= 500) return 'login.errors.loginNotPossible';
  return 'errors.unknown';
}

/** Whether the login failed on its CSRF token, which then must be fetched anew. */
export function isCsrfError(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.code === 'csrfTokenExpired' || error.code === 'csrfTokenIncorrect')
  );
}
