import { CSRF_HEADER } from '@leitwarte/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../test-support/fake-server';
import { operator } from '../test-support/fixtures';
import { renderApp } from '../test-support/render';

const unauthorized = () => json(401, { statusCode: 401, error: 'Unauthorized', message: 'no session' });

describe('401 → logout → login (calls §8)', () => {
  it('sends a user without session via the logout page to the login page, keeping the return address', async () => {
    const server = fakeServer({
      'GET /api/UserManagement/info': unauthorized,
      'POST /api/auth/logout': unauthorized,
      'GET /api/auth/csrf': () => json(200, { csrfToken: 'c', expiresAt: Date.now() + 60_000 }),
    });
    renderApp('/overview?filter=Pumpe');

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/login?returnUrl=%2Foverview%3Ffilter%3DPumpe',
      ),
    );
    // There is no session to end (the user info answered 401), so no logout call is sent.
    expect(server.calls('POST', '/api/auth/logout')).toHaveLength(0);
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeDefined();
  });

  it('logs out from the header: ends the session with its CSRF token and shows the login page', async () => {
    const server = fakeServer({
      'GET /api/UserManagement/info': () => json(200, operator),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
      'GET /api/auth/csrf': () => json(200, { csrfToken: 'c', expiresAt: Date.now() + 60_000 }),
    });
    renderApp('/no/such/page');
    fireEvent.click(await screen.findByRole('button', { name: 'Abmelden' }));

    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeDefined();
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(server.calls('POST', '/api/auth/logout')[0]?.headers[CSRF_HEADER]).toBe(operator.csrfToken);
  });

  it('still reaches the login page when the logout call cannot reach the server', async () => {
    let calls = 0;
    fakeServer({
      // A session at first, so the logout is attempted; then the network is gone.
      'GET /api/UserManagement/info': () => (++calls === 1 ? unauthorized() : json(200, operator)),
      'POST /api/auth/logout': () => Promise.reject(new TypeError('Failed to fetch')),
      'GET /api/auth/csrf': () => json(200, { csrfToken: 'c', expiresAt: Date.now() + 60_000 }),
    });
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login?returnUrl=%2F'));
  });

  it('shows the designed not-found page for unknown addresses of a logged-in user', async () => {
    fakeServer({
      'GET /api/UserManagement/info': () =>
        json(200, {
          id: 1,
          username: 'op',
          displayName: '',
          role: 'r',
          language: 'de',
          csrfToken: 't',
          idleTimeoutMs: 1,
        }),
    });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeDefined();
    expect(screen.getByText(/„\/no\/such\/page“/)).toBeDefined();
  });
});
