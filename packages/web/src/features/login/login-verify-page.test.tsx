import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as PvHubModule from '../../live/pv-hub';
import { fakeServer, json } from '../../test-support/fake-server';
import { operator } from '../../test-support/fixtures';
import { renderApp } from '../../test-support/render';

vi.mock('../../live/pv-hub', async (importOriginal) => {
  const actual = await importOriginal<typeof PvHubModule>();
  const { FakeHubConnection } = await import('../../test-support/fake-hub-connection');
  return { ...actual, pvHub: new actual.PvHub(() => new FakeHubConnection()) };
});

const csrf = () => json(200, { csrfToken: 'csrf-1', expiresAt: Date.now() + 600_000 });
const botCheck = () =>
  json(200, {
    kind: 'proofOfWork',
    challenge: 'n.1.2.sig',
    nonce: 'n',
    bits: 2,
    expiresAt: Date.now() + 120_000,
  });
const refused = (code: string, status: number) => () =>
  json(status, { statusCode: status, error: 'Login refused', code, message: 'refused' });

async function enterCode(code: string) {
  fireEvent.change(await screen.findByLabelText(/^Code/), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
}

describe('login verification (second factor)', () => {
  it('follows the password with the code page, keeping the return address', async () => {
    const server = fakeServer({
      'GET /api/auth/csrf': csrf,
      'GET /api/auth/bot-check': botCheck,
      'POST /api/auth/login': () =>
        json(200, { secondFactorRequired: true, expiresAt: Date.now() + 300_000 }),
      'POST /api/auth/login/verify': () => json(200, { user: operator }),
    });
    renderApp('/login?returnUrl=%2Fsomewhere');
    fireEvent.change(await screen.findByLabelText(/^Benutzername/), { target: { value: 'olga' } });
    fireEvent.change(screen.getByLabelText(/^Passwort/), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/login/verify?returnUrl=%2Fsomewhere'),
    );
    expect(await screen.findByRole('heading', { name: 'Anmeldung bestätigen' })).toBeDefined();
    await enterCode('123456');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/somewhere'));
    expect(server.calls('POST', '/api/auth/login/verify')[0]?.body).toEqual({
      csrfToken: 'csrf-1',
      code: '123456',
    });
  });

  it('says when the code is wrong and lets the user try again', async () => {
    fakeServer({
      'GET /api/auth/csrf': csrf,
      'POST /api/auth/login/verify': refused('secondFactorCodeInvalid', 401),
    });
    renderApp('/login/verify');
    await enterCode('000000');
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Der Code ist ungültig oder wurde bereits verwendet.',
    );
    expect((screen.getByLabelText(/^Code/) as HTMLInputElement).disabled).toBe(false);
  });

  it.each([
    [
      'loginTimeLimitExceeded',
      403,
      'Das Zeitlimit für die Anmeldung wurde überschritten, bitte erneut versuchen.',
    ],
    ['lockedOut', 423, 'Der Benutzer ist nach zu vielen ungültigen Anmeldeversuchen für 5 Minuten gesperrt.'],
    ['csrfTokenExpired', 403, 'Das CSRF-Token ist abgelaufen, bitte erneut versuchen.'],
  ])('shows the catalogue text for %s', async (code, status, text) => {
    fakeServer({ 'GET /api/auth/csrf': csrf, 'POST /api/auth/login/verify': refused(code, status) });
    renderApp('/login/verify?returnUrl=%2Fx');
    await enterCode('123456');
    expect((await screen.findByTestId('login-error')).textContent).toBe(text);
    expect(screen.getByRole('link', { name: 'Zurück zur Anmeldung' }).getAttribute('href')).toBe(
      '/login?returnUrl=%2Fx',
    );
  });
});
