import type { AccountInfo, PasswordChangeReply, PasswordPolicy } from '@leitwarte/core';
import { DOMAIN_PASSWORD_CHANGE_REFUSED } from '@leitwarte/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../test-support/fake-server';
import { operator } from '../../test-support/fixtures';
import { renderApp } from '../../test-support/render';

const policy: PasswordPolicy = { minLength: 12, requireDigit: true, requireUpper: true, requireLower: true };
const account = (authSource: AccountInfo['authSource']): AccountInfo => ({
  username: operator.username,
  displayName: operator.displayName,
  language: 'de',
  authSource,
});
const POLICY_TEXT =
  'Das Passwort muss mindestens 12 Zeichen lang sein und mindestens eine Ziffer, einen Großbuchstaben und einen Kleinbuchstaben enthalten.';

function serverWith(
  changeReply: () => Response | Promise<Response>,
  authSource: AccountInfo['authSource'] = 'local',
) {
  return fakeServer({
    'GET /api/UserManagement/info': () => json(200, operator),
    'GET /api/UserManagement/account': () => json(200, account(authSource)),
    'GET /api/SystemConfig/password-policy': () => json(200, policy),
    'POST /api/UserManagement/change-password': changeReply,
  });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const submit = () => screen.getByRole('button', { name: 'Passwort ändern' });

async function fill(oldPassword: string, newPassword: string, confirmation: string) {
  await screen.findByTestId('password-policy', {}, { timeout: 5000 });
  type('Bisheriges Passwort', oldPassword);
  type('Neues Passwort bestätigen', confirmation);
  fireEvent.change(screen.getByLabelText(/^Neues Passwort(?! bestätigen)/), {
    target: { value: newPassword },
  });
}

describe('change password page', () => {
  it('shows the policy with its minimum length and checks the rules while the user types', async () => {
    const server = serverWith(() => json(200, { status: 'Success', errorMessage: '', issues: [] }));
    renderApp('/account/password');
    expect((await screen.findByTestId('password-policy', {}, { timeout: 5000 })).textContent).toBe(
      POLICY_TEXT,
    );

    await fill('Altes-Passwort-1', 'kurz', 'kurz');
    expect(screen.getAllByText(POLICY_TEXT)).toHaveLength(2);
    expect(submit()).toHaveProperty('disabled', true);

    await fill('Altes-Passwort-1', 'Altes-Passwort-1', 'Altes-Passwort-1');
    expect(screen.getByText('Das neue Passwort muss sich vom bisherigen unterscheiden.')).toBeDefined();

    await fill('Altes-Passwort-1', 'Neues-Passwort-22', 'Neues-Passwort-23');
    expect(screen.getByText('Die Passwörter stimmen nicht überein.')).toBeDefined();
    expect(submit()).toHaveProperty('disabled', true);
    expect(server.calls('POST', '/api/UserManagement/change-password')).toHaveLength(0);
  });

  it('sends a valid change and says it succeeded', async () => {
    const server = serverWith(() => json(200, { status: 'Success', errorMessage: '', issues: [] }));
    renderApp('/account/password');
    await fill('Altes-Passwort-1', 'Neues-Passwort-22', 'Neues-Passwort-22');
    fireEvent.click(submit());
    expect((await screen.findByTestId('password-success')).textContent).toBe('Das Passwort wurde geändert.');
    expect(server.calls('POST', '/api/UserManagement/change-password')[0]?.body).toEqual({
      oldPassword: 'Altes-Passwort-1',
      newPassword: 'Neues-Passwort-22',
      newConfirmation: 'Neues-Passwort-22',
    });
    expect(screen.getByLabelText('Bisheriges Passwort', { exact: false })).toHaveProperty('value', '');
  });

  it("shows the server's verdict at the field: a wrong old password", async () => {
    const refused: PasswordChangeReply = {
      status: 'Failed',
      errorMessage: 'Das Passwort wurde nicht geändert.',
      issues: ['oldPasswordWrong'],
    };
    serverWith(() => json(200, refused));
    renderApp('/account/password');
    await fill('Falsch-Passwort-1', 'Neues-Passwort-22', 'Neues-Passwort-22');
    fireEvent.click(submit());
    expect(await screen.findByText('Das bisherige Passwort ist falsch.')).toBeDefined();
    expect(screen.getByTestId('password-error').textContent).toBe('Das Passwort wurde nicht geändert.');
  });

  it('shows the network error with its cause', async () => {
    serverWith(() => Promise.reject(new TypeError('Failed to fetch')));
    renderApp('/account/password');
    await fill('Altes-Passwort-1', 'Neues-Passwort-22', 'Neues-Passwort-22');
    fireEvent.click(submit());
    await waitFor(() =>
      expect(screen.getByTestId('password-error').textContent).toBe('Netzwerkfehler: Failed to fetch'),
    );
  });

  it('tells a user managed by a domain to change the password there', async () => {
    serverWith(
      () => json(200, { status: 'Failed', errorMessage: DOMAIN_PASSWORD_CHANGE_REFUSED, issues: [] }),
      'domain',
    );
    renderApp('/account/password');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'Ein von einer Domäne verwalteter Benutzer muss das Passwort über die Domäne ändern.',
    );
    expect(screen.queryByLabelText('Bisheriges Passwort', { exact: false })).toBeNull();
  });
});
