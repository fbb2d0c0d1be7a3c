/** Google's endpoint; a proxy or a compatible service can be configured instead. */
export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

// The login waits for this answer; a hanging verify endpoint must not hang the login form.
const VERIFY_TIMEOUT_MS = 5_000;

export type RecaptchaCheck = 'ok' | 'refused' | 'unavailable';

/** Asks the verify endpoint whether the token a browser got from reCAPTCHA is valid. */
export async function verifyRecaptcha(
  verifyUrl: string,
  secret: string,
  token: string,
  remoteIp: string,
): Promise<RecaptchaCheck> {
  if (token === '') return 'refused';
  let reply: Response;
  try {
    reply = await fetch(verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }).toString(),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
  } catch {
    return 'unavailable';
  }
  if (!reply.ok) return 'unavailable';
  try {
    const body = (await reply.json()) as { success?: unknown };
    return body.success === true ? 'ok' : 'refused';
  } catch {
    return 'unavailable';
  }
}
