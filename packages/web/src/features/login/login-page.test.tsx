import { LOGIN_ERROR_CODES, type LoginErrorCode } from '@leitwarte/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectNativeBridge, NativeBridgeError } from '../../lib/native-bridge';
import { nativeAppStore } from '../../lib/native-bridge/native-app-store';
import type * as PvHubModule from '../../live/pv-hub';
import { fakeServer, json } from '../../test-support/fake-server';
import { operator } from '../../test-support/fixtures';
import { renderApp } from '../../test-support/render';
import { workBits } from './proof-of-work';

vi.mock('../../live/pv-hub', async (importOriginal) => {
  const actual = await importOriginal<typeof PvHubModule>();
  const { FakeHubConnection } = await import('../../test-support/fake-hub-connection');
  return { ...actual, pvHub: new actual.PvHub(() => new FakeHubConnection()) };
});

/** The German catalogue texts of screens §8 as the brief words them. */
const GERMAN: Record<LoginErrorCode, string> = {
  invalidCredentials: 'Ungültige Anmeldedaten.',
  lockedOut: 'Der Benutzer ist nach zu vielen ungültigen Anmeldeversuchen für 5 Minuten gesperrt.',
  csrfTokenExpired: 'Das CSRF-Token ist abgelaufen, bitte erneut versuchen.',
  csrfTokenIncorrect: 'Das übermittelte Token ist fehlerhaft.',
  recaptchaNotValidated: 'reCAPTCHA konnte nicht validiert werden.',
  loginNotPossible: 'Die Anmeldung ist derzeit nicht möglich, bitte später erneut versuchen.',
  loginTimeLimitExceeded: 'Das Zeitlimit für die Anmeldung wurde überschritten, bitte erneut versuchen.',
  userNotLoaded: 'Der Benutzer konnte nicht geladen werden.',
  licenseExceeded: 'Lizenz überschritten.',
};

let tokenCounter = 0;
const csrf = () => json(200, { csrfToken: `csrf-${++tokenCounter}`, expiresAt: Date.now() + 600_000 });
// A light challenge: the page solves it on the main thread here (no workers in this environment).
const botCheck = () =>
  json(200, {
    kind: 'proofOfWork',
    challenge: `n${tokenCounter}.1.4.sig`,
    nonce: `n${tokenCounter}`,
    bits: 4,
    expiresAt: Date.now() + 120_000,
  });
const refused =
  (code: string, status = 401) =>
  () =>
    json(status, { statusCode: status, error: 'Refused', code, message: 'refused' });

async function submitCredentials(username = 'operator', password = 'secret') {
  fireEvent.change(await screen.findByLabelText(/^Benutzername|^User name/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/^Passwort|^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /^(Anmelden|Sign in)$/ }));
}

describe('login page', () => {
  it.each(LOGIN_ERROR_CODES.map((code) => [code]))('shows the catalogue text for %s', async (code) => {
    fakeServer({
      'GET /api/auth/csrf': csrf,
      'GET /api/auth/bot-check': botCheck,
      'POST /api/auth/login': refused(code),
    });
    renderApp('/login');
    await submitCredentials();
    expect((await screen.findByTestId('login-error')).textContent).toBe(GERMAN[code]);
  });

  it('fetches the CSRF token on load and sends it with the login', async () => {
    const server = fakeServer({
      'GET /api/auth/csrf': csrf,
      'GET /api/auth/bot-check': botCheck,
      'POST /api/auth/login': refused('invalidCredentials'),
    });
    renderApp('/login');
    await waitFor(() => expect(server.calls('GET', '/api/auth/csrf')).toHaveLength(1));
    await submitCredentials('anna', 'pw');
    await screen.findByTestId('login-error');
    const token = (server.calls('POST', '/api/auth/login')[0]?.body as { csrfToken: string }).csrfToken;
    expect(token).toMatch(/^csrf-\d+$/);
    const body = server.calls('POST', '/api/auth/login')[0]?.body as Record<string, string>;
    expect(body).toEqual({
      csrfToken: token,
      recaptchaToken: expect.any(String),
      username: 'anna',
      password: 'pw',
    });
    // The bot check's answer: the challenge and a counter whose hash has the asked leading zero bits.
    expect(body.recaptchaToken).toMatch(/^n\d+\.1\.4\.sig:\d+$/);
    const [nonce, counter] = [
      body.recaptchaToken!.split('.')[0]!,
      Number(body.recaptchaToken!.split(':')[1]),
    ];
    expect(workBits(nonce, counter)).toBeGreaterThanOrEqual(4);
  });

  it.each([['csrfTokenExpired'], ['csrfTokenIncorrect']])('fetches a new token after %s', async (code) => {
    let attempt = 0;
    const server = fakeServer({
      'GET /api/auth/csrf': csrf,
      'GET /api/auth/bot-check': botCheck,
      'POST /api/auth/login': () => (++attempt === 1 ? refused(code, 403)() : json(200, { user: operator })),
    });
    renderApp('/login?returnUrl=%2Felsewhere');
    await submitCredentials();
    await screen.findByTestId('login-error');
    await waitFor(() => expect(server.calls('GET', '/api/auth/csrf')).toHaveLength(2));

    await submitCredentials();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/elsewhere'));
    const [first, second] = server
      .calls('POST', '/api/auth/login')
      .map((r) => (r.body as { csrfToken: string }).csrfToken);
    expect(second).not.toBe(first);
  });

  it('goes to the return address after a successful login', async () => {
    fakeServer({
      'GET /api/auth/csrf': csrf,
      'GET /api/auth/bot-check': botCheck,
      'POST /api/auth/login': () => json(200, { user: operator }),
    });
    renderApp('/login?returnUrl=%2Fsomewhere%3Fx%3D1');
    await submitCredentials();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/somewhere?x=1'));
    expect(await screen.findByTestId('user-name')).toHaveProperty('textContent', 'Olga Operator');
    expect(await screen.findByTestId('not-found')).toBeDefined();
  });

  it('refuses a foreign return address and lands on the overview', async () => {
    fakeServer({
      'GET /api/auth/csrf': csrf,
      'GET /api/auth/bot-check': botCheck,
      'POST /api/auth/login': () => json(200, { user: operator }),
      'GET /api/station/GetAllStations': () => json(200, []),
      'GET /api/Pv/all': () => json(200, []),
    });
    renderApp('/login?returnUrl=%2F%2Fevil.example%2Fphish');
    await submitCredentials();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/overview'));
  });

  it('says when the server cannot be reached', async () => {
    fakeServer({ 'GET /api/auth/csrf': csrf, 'GET /api/auth/bot-check': botCheck });
    renderApp('/login');
    await screen.findByLabelText(/^Benutzername/);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await submitCredentials();
    expect((await screen.findByTestId('login-error')).textContent).toMatch(
      /^Der Server ist nicht erreichbar/,
    );
  });

  it('switches the language without a reload', async () => {
    fakeServer({
      'GET /api/auth/csrf': csrf,
      'GET /api/auth/bot-check': botCheck,
      'POST /api/auth/login': refused('lockedOut', 423),
    });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Anmeldung' })).toBeDefined();

    fireEvent.change(screen.getByRole('combobox', { name: 'Sprache' }), { target: { value: 'en' } });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeDefined();
    await submitCredentials();
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'The user is locked for 5 minutes after too many invalid login attempts.',
    );
  });
});

describe('login page inside the app', () => {
  afterEach(() => nativeAppStore.reset());

  /** An Android app that answers these requests at once and records every request. */
  function attachApp(results: Record<string, unknown>) {
    const sent: { method: string; payload: unknown }[] = [];
    const { bridge } = connectNativeBridge({
      platform: 'android',
      send(_id, method, payload) {
        sent.push({ method, payload });
        if (!(method in results)) {
          if (method.startsWith('get')) throw new NativeBridgeError('unsupported', method, 'not offered');
          return null;
        }
        return JSON.stringify({ result: results[method] });
      },
    });
    void nativeAppStore.attach(bridge);
    return sent;
  }

  it('fills the remembered user and hands the login to an app that answers the login mode', async () => {
    const sent = attachApp({ getLoginMode: 'manual', getLoginUser: 'betrieb' });
    let polls = 0;
    const server = fakeServer({
      'GET /api/auth/csrf': csrf,
      'GET /api/auth/bot-check': botCheck,
      // No session until the app has logged in; the first look after the handover finds none yet.
      'GET /api/UserManagement/info': () =>
        sent.some((s) => s.method === 'setTokensAndLogin') && ++polls > 1
          ? json(200, operator)
          : json(401, { statusCode: 401, error: 'Unauthorized', message: 'no session' }),
    });
    renderApp('/login?returnUrl=%2Felsewhere');
    const name = (await screen.findByLabelText(/^Benutzername/)) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('betrieb'));
    fireEvent.change(screen.getByLabelText(/^Passwort/), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/elsewhere'), {
      timeout: 5000,
    });
    expect(server.calls('POST', '/api/auth/login')).toHaveLength(0);
    expect(sent.find((s) => s.method === 'setTokensAndLogin')?.payload).toEqual({
      csrfToken: expect.stringMatching(/^csrf-\d+$/),
      recaptchaToken: expect.stringMatching(/^n\d+\.1\.4\.sig:\d+$/),
      username: 'betrieb',
      password: 'secret',
    });
  });

  it('logs in itself when the app knows no login mode', async () => {
    const sent = attachApp({ getLoginUser: null });
    const server = fakeServer({
      'GET /api/auth/csrf': csrf,
      'GET /api/auth/bot-check': botCheck,
      'POST /api/auth/login': () => json(200, { user: operator }),
    });
    renderApp('/login?returnUrl=%2Felsewhere');
    await submitCredentials('anna', 'pw');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/elsewhere'));
    expect(server.calls('POST', '/api/auth/login')).toHaveLength(1);
    expect(sent.map((s) => s.method)).toContain('getLoginMode');
    expect(sent.map((s) => s.method)).not.toContain('setTokensAndLogin');
  });
});
