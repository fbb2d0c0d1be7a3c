/** Where a login lands when no (acceptable) return address was given. */
export const DEFAULT_LANDING = '/overview';

const AUTH_PATHS = ['/login', '/logout'];
const PROBE_ORIGIN = 'https://leitwarte.invalid';

/**
 * The return address if it is a same-origin relative path, else the default landing page.
 * Open-redirect guard: only "/path" is accepted — never "//host", "/\host", schemes or control
 * characters — and the login/logout pages themselves are refused so a login cannot loop.
 */
export function safeReturnUrl(raw: string | null | undefined): string {
  if (!raw || raw.length > 2048) return DEFAULT_LANDING;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return DEFAULT_LANDING;
  // Browsers strip tabs/newlines and treat backslashes as slashes, which could turn the path into "//host".
  if ([...raw].some(isUnsafeChar)) return DEFAULT_LANDING;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return DEFAULT_LANDING;
  }
  if (url.origin !== PROBE_ORIGIN) return DEFAULT_LANDING;
  if (isAuthPath(url.pathname)) return DEFAULT_LANDING;
  return `${url.pathname}${url.search}${url.hash}`;
}

function isUnsafeChar(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f || char === '\\';
}

/** The return address of a location: path plus query (calls §2). */
export function returnUrlOf(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}

/** Whether a path is one of the login/logout pages, which never become a return address. */
export function isAuthPath(pathname: string): boolean {
  return AUTH_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** The logout page address carrying the return address (calls §8: any 401 goes there). */
export function logoutUrlFor(location: { pathname: string; search: string }): string {
  return `/logout?returnUrl=${encodeURIComponent(returnUrlOf(location))}`;
}

/** The login page address keeping a return address, if any. */
export function loginUrlWith(returnUrl: string | null): string {
  return returnUrl ? `/login?returnUrl=${encodeURIComponent(returnUrl)}` : '/login';
}
