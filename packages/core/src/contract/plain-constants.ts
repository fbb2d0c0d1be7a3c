// No schemas here: the web app's entry and login page import these, and a schema would pull the
// schema library into the first download.

/** Header carrying the session's CSRF token on state-changing calls. */
export const CSRF_HEADER = 'x-csrf-token';

/** Reason codes of a refused login; the client maps each to its catalogue text (screens §8). */
export const LOGIN_ERROR_CODES = [
  'invalidCredentials',
  'lockedOut',
  'csrfTokenExpired',
  'csrfTokenIncorrect',
  'recaptchaNotValidated',
  'loginNotPossible',
  'loginTimeLimitExceeded',
  'userNotLoaded',
  'licenseExceeded',
] as const;
export type LoginErrorCode = (typeof LOGIN_ERROR_CODES)[number];
