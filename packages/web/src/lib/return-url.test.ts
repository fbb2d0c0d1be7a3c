import { describe, expect, it } from 'vitest';
import { DEFAULT_LANDING, loginUrlWith, logoutUrlFor, safeReturnUrl } from './return-url';

describe('safeReturnUrl (open-redirect guard)', () => {
  it.each([
    ['/overview', '/overview'],
    [
      '/charts/realtime-trendline?pv=AnaIn-100001&pv=AnaIn-100002',
      '/charts/realtime-trendline?pv=AnaIn-100001&pv=AnaIn-100002',
    ],
    ['/overview#station-3', '/overview#station-3'],
    ['/', '/'],
  ])('keeps the same-origin path %s', (raw, expected) => {
    expect(safeReturnUrl(raw)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['overview'],
    ['//evil.example/phish'],
    ['/\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    [' /overview'],
    ['/login'],
    ['/login/verify?returnUrl=/x'],
    ['/logout?returnUrl=/overview'],
    ['/overview/../login'],
    [`/${'a'.repeat(3000)}`],
  ])('falls back to the landing page for %j', (raw) => {
    expect(safeReturnUrl(raw)).toBe(DEFAULT_LANDING);
  });
});

describe('logout and login addresses', () => {
  it('carries path plus query to the logout page (calls §2)', () => {
    expect(logoutUrlFor({ pathname: '/overview', search: '?filter=Pumpe 1' })).toBe(
      '/logout?returnUrl=%2Foverview%3Ffilter%3DPumpe%201',
    );
  });

  it('keeps the return address on the way to the login page', () => {
    expect(loginUrlWith('/overview?x=1')).toBe('/login?returnUrl=%2Foverview%3Fx%3D1');
    expect(loginUrlWith(null)).toBe('/login');
  });
});
