import { CSRF_HEADER } from '@leitwarte/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../test-support/fake-server';
import { getLoginCsrfToken, login, logout } from './auth';
import { ApiError, NetworkError, apiRequest, setSessionCsrfToken, setUnauthorizedHandler } from './http';
import { getAllPvs } from './pv';
import { getUserInfo } from './user-management';

const unauthorized = () =>
  json(401, { statusCode: 401, error: 'Unauthorized', code: 'sessionExpired', message: 'no session' });

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
  setSessionCsrfToken(null);
});

describe('apiRequest', () => {
  it('sends the cookie session with every call', async () => {
    fakeServer({ 'GET /api/Pv/all': () => json(200, []) });
    await getAllPvs();
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
  });

  it('turns any 401 into the logout redirect (calls §8)', async () => {
    fakeServer({ 'GET /api/Pv/all': unauthorized, 'GET /api/UserManagement/info': unauthorized });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);

    await expect(getAllPvs()).rejects.toBeInstanceOf(ApiError);
    await expect(getUserInfo()).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('does not redirect on the login flow’s own 401s', async () => {
    fakeServer({
      'GET /api/auth/csrf': unauthorized,
      'POST /api/auth/login': () =>
        json(401, { statusCode: 401, error: 'Unauthorized', code: 'invalidCredentials', message: 'x' }),
      'POST /api/auth/logout': unauthorized,
    });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);

    await expect(getLoginCsrfToken()).rejects.toMatchObject({ status: 401 });
    await expect(login({ csrfToken: 't', username: 'u', password: 'p' })).rejects.toMatchObject({
      code: 'invalidCredentials',
    });
    setSessionCsrfToken('stale');
    await expect(logout()).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('logout reads the session token first when it is not known, and skips when there is no session', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    let session = true;
    const server = fakeServer({
      'GET /api/UserManagement/info': () =>
        session ? json(200, { csrfToken: 'from-info' }) : unauthorized(),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });

    await logout();
    expect(server.calls('POST', '/api/auth/logout')[0]?.headers[CSRF_HEADER]).toBe('from-info');

    session = false;
    await logout();
    expect(server.calls('POST', '/api/auth/logout')).toHaveLength(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('logout retries once with a fresh token when its token was refused', async () => {
    let attempt = 0;
    const server = fakeServer({
      'GET /api/UserManagement/info': () => json(200, { csrfToken: 'fresh' }),
      'POST /api/auth/logout': () =>
        ++attempt === 1
          ? json(403, { statusCode: 403, error: 'Forbidden', code: 'csrfTokenIncorrect', message: 'x' })
          : new Response(null, { status: 204 }),
    });
    setSessionCsrfToken('stale');
    await logout();
    expect(server.calls('POST', '/api/auth/logout').map((r) => r.headers[CSRF_HEADER])).toEqual([
      'stale',
      'fresh',
    ]);
  });

  it('does not redirect on other errors', async () => {
    fakeServer({
      'GET /api/Pv/all': () => json(403, { statusCode: 403, error: 'Forbidden', message: 'no' }),
    });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(getAllPvs()).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends the session CSRF token on writes but not on reads', async () => {
    const server = fakeServer({
      'GET /api/UserManagement/info': () => json(200, { csrfToken: 'session-token', username: 'a' }),
      'POST /api/anything': () => new Response(null, { status: 204 }),
    });
    await getUserInfo();
    await apiRequest('/api/anything', { method: 'POST', body: { a: 1 } });

    expect(server.calls('GET', '/api/UserManagement/info')[0]?.headers[CSRF_HEADER]).toBeUndefined();
    expect(server.calls('POST', '/api/anything')[0]?.headers[CSRF_HEADER]).toBe('session-token');
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(getAllPvs()).rejects.toBeInstanceOf(NetworkError);
  });
});
