import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGOUT_KEY } from '../../lib/auto-logout/activity-tracker';
import { fakeServer, json } from '../../test-support/fake-server';
import { operator } from '../../test-support/fixtures';
import { renderApp } from '../../test-support/render';

const SLOW = { timeout: 5000 };
const csrf = () => json(200, { csrfToken: 'c', expiresAt: Date.now() + 60_000 });

function sessionServer(user = operator) {
  return fakeServer({
    'GET /api/UserManagement/info': () => json(200, user),
    'POST /api/UserManagement/renew-lease': () => json(200, { idleTimeoutMs: user.idleTimeoutMs }),
    'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    'GET /api/auth/csrf': csrf,
  });
}

const location = () => screen.getByTestId('location').textContent;

describe('logout page after an automatic logout (screens §4, §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
    window.localStorage.clear();
  });

  it('ends the session, says why, counts down and keeps the return address for the login', async () => {
    const server = sessionServer();
    renderApp('/logout?returnUrl=%2Faccount%3Ftab%3D1&reason=inactivity');
    expect((await screen.findByTestId('logout-reason', {}, SLOW)).textContent).toBe(
      'Sie wurden nach längerer Inaktivität automatisch abgemeldet.',
    );
    expect(server.calls('POST', '/api/auth/logout')).toHaveLength(1);
    expect(window.localStorage.getItem(LOGOUT_KEY)).not.toBeNull();
    expect(screen.getByText('Nach der Anmeldung geht es weiter mit „/account?tab=1“.')).toBeDefined();
    expect(screen.getByTestId('logout-countdown').textContent).toBe('Weiter zur Anmeldung in 10 s');
    await waitFor(
      () => expect(screen.getByTestId('logout-countdown').textContent).toBe('Weiter zur Anmeldung in 9 s'),
      { timeout: 2500 },
    );

    fireEvent.click(screen.getByRole('link', { name: 'Erneut anmelden' }));
    await waitFor(() => expect(location()).toBe('/login?returnUrl=%2Faccount%3Ftab%3D1'));
    expect(await screen.findByRole('heading', { name: 'Anmeldung' }, SLOW)).toBeDefined();
  });

  it('goes to the login page by itself when the countdown ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionServer();
    renderApp('/logout?returnUrl=%2Foverview&reason=inactivity');
    await screen.findByTestId('logout-countdown', {}, SLOW);
    await vi.advanceTimersByTimeAsync(10_000);
    await waitFor(() => expect(location()).toBe('/login?returnUrl=%2Foverview'));
  });

  it('does not end a session again that another tab ended', async () => {
    const server = sessionServer();
    renderApp('/logout?returnUrl=%2Foverview&reason=elsewhere');
    expect((await screen.findByTestId('logout-reason', {}, SLOW)).textContent).toBe(
      'Sie wurden in einem anderen Fenster abgemeldet.',
    );
    expect(server.calls('POST', '/api/auth/logout')).toHaveLength(0);
  });
});

describe('auto logout in the shell (screens §9)', () => {
  afterEach(() => window.localStorage.clear());

  it("follows the server's idle timeout and leaves with the return address", async () => {
    const server = sessionServer({ ...operator, idleTimeoutMs: 1500 });
    renderApp('/no/such/page?x=1');
    await screen.findByRole('heading', { name: 'Seite nicht gefunden' }, SLOW);
    // Starting counts as activity: the lease is renewed once.
    expect(server.calls('POST', '/api/UserManagement/renew-lease')).toHaveLength(1);
    await waitFor(
      () => expect(location()).toBe('/logout?returnUrl=%2Fno%2Fsuch%2Fpage%3Fx%3D1&reason=inactivity'),
      SLOW,
    );
    expect(await screen.findByTestId('logout-reason', {}, SLOW)).toBeDefined();
  });

  it('leaves when another tab logs out', async () => {
    sessionServer();
    renderApp('/no/such/page');
    await screen.findByRole('heading', { name: 'Seite nicht gefunden' }, SLOW);
    window.dispatchEvent(new StorageEvent('storage', { key: LOGOUT_KEY, newValue: String(Date.now()) }));
    await waitFor(() => expect(location()).toBe('/logout?returnUrl=%2Fno%2Fsuch%2Fpage&reason=elsewhere'));
  });
});
