import { describe, expect, it } from 'vitest';
import { createLoginCsrf, LOGIN_CSRF_TTL_MS } from './login-csrf.js';

describe('login form token', () => {
  it('is accepted with its own cookie until it expires, then reported expired', () => {
    let now = 1_000_000;
    const csrf = createLoginCsrf('secret', () => now);
    const { token, nonce } = csrf.issue();
    expect(csrf.check(token, nonce)).toBe('ok');
    now += LOGIN_CSRF_TTL_MS + 1;
    expect(csrf.check(token, nonce)).toBe('expired');
  });

  it('is refused with another cookie, another secret, or a changed expiry', () => {
    const csrf = createLoginCsrf('secret');
    const { token, nonce } = csrf.issue();
    expect(csrf.check(token, undefined)).toBe('incorrect');
    expect(csrf.check(token, `${nonce}x`)).toBe('incorrect');
    expect(createLoginCsrf('other').check(token, nonce)).toBe('incorrect');
    const [n, expires, mac] = token.split('.');
    expect(csrf.check(`${n}.${Number(expires) + 1}.${mac}`, nonce)).toBe('incorrect');
    expect(csrf.check('garbage', nonce)).toBe('incorrect');
  });
});
